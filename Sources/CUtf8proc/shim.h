// utf8proc: Unicode data (character widths, categories) kept up to date
// with each Unicode release, rather than a table of our own.
#include <utf8proc.h>
