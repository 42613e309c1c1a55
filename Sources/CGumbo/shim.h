// gumbo: Google's HTML5 parser, which keeps the byte offset of every node.
#include <gumbo.h>
