// The public headers of cmark-gfm and its extensions, and nothing private:
// the headers under include/cmark-gfm/ are the library's internals.
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>
// glibc's malloc_trim: a document parsed in pieces frees its trees and
// findings into its threads' heaps, whose pages are given back after it.
#include <malloc.h>
