/* The HTML floor: what any outliner built on gumbo's whole parse must pay.
 * Parses the whole file with gumbo, walks the tree once (counting the
 * headings) and frees it. `make bench` times `isle toc` on HTML against it. */
#include <gumbo.h>
#include "whole_file.h"
#include <stdio.h>
#include <stdlib.h>

static long count_headings(GumboNode *root) {
  long headings = 0;
  size_t capacity = 1024, depth = 0;
  GumboNode **stack = malloc(capacity * sizeof *stack);
  stack[depth++] = root;
  while (depth > 0) {
    GumboNode *node = stack[--depth];
    GumboVector *children;
    if (node->type == GUMBO_NODE_DOCUMENT) {
      children = &node->v.document.children;
    } else if (node->type == GUMBO_NODE_ELEMENT) {
      GumboTag tag = node->v.element.tag;
      if (tag >= GUMBO_TAG_H1 && tag <= GUMBO_TAG_H6) headings++;
      children = &node->v.element.children;
    } else {
      continue;
    }
    for (unsigned int i = 0; i < children->length; i++) {
      if (depth == capacity) stack = realloc(stack, (capacity *= 2) * sizeof *stack);
      stack[depth++] = children->data[i];
    }
  }
  free(stack);
  return headings;
}

int main(int argc, char **argv) {
  long size;
  char *bytes = whole_file(argc, argv, "html_floor", &size);

  GumboOptions options = kGumboDefaultOptions;
  options.max_errors = 0;
  GumboOutput *output = gumbo_parse_with_options(&options, bytes, size);
  long headings = count_headings(output->document);
  gumbo_destroy_output(&options, output);
  free(bytes);
  printf("%ld headings\n", headings);
  return 0;
}
