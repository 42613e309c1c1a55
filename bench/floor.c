/* The floor: what any outliner built on cmark-gfm must pay. Parses the
 * whole file with the GitHub extensions attached, walks the tree once and
 * frees it. isle's `make bench` times `isle toc` against this. */
#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm-extension_api.h>
#include "whole_file.h"
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  long size;
  char *bytes = whole_file(argc, argv, "floor", &size);

  cmark_gfm_core_extensions_ensure_registered();
  cmark_parser *parser = cmark_parser_new(CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_FOOTNOTES);
  const char *names[] = {"table", "strikethrough", "autolink", "tagfilter", "tasklist"};
  for (int i = 0; i < 5; i++) {
    cmark_syntax_extension *extension = cmark_find_syntax_extension(names[i]);
    if (extension) cmark_parser_attach_syntax_extension(parser, extension);
  }
  cmark_parser_feed(parser, bytes, size);
  cmark_node *document = cmark_parser_finish(parser);
  cmark_iter *iterator = cmark_iter_new(document);
  long headings = 0;
  cmark_event_type event;
  while ((event = cmark_iter_next(iterator)) != CMARK_EVENT_DONE) {
    if (event == CMARK_EVENT_ENTER && cmark_node_get_type(cmark_iter_get_node(iterator)) == CMARK_NODE_HEADING)
      headings++;
  }
  cmark_iter_free(iterator);
  cmark_node_free(document);
  cmark_parser_free(parser);
  free(bytes);
  printf("%ld headings\n", headings);
  return 0;
}
