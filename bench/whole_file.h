/* A file's bytes, read whole, for the floors (bench/floor.c and
 * bench/html_floor.c): the usage line and exit 2 when the one argument is
 * missing or cannot be read. */
#include <stdio.h>
#include <stdlib.h>

static char *whole_file(int argc, char **argv, const char *usage, long *size) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s FILE\n", usage);
    exit(2);
  }
  FILE *file = fopen(argv[1], "rb");
  if (!file) {
    perror(argv[1]);
    exit(2);
  }
  fseek(file, 0, SEEK_END);
  *size = ftell(file);
  rewind(file);
  char *bytes = malloc(*size > 0 ? *size : 1);
  if (fread(bytes, 1, *size, file) != (size_t)*size) {
    perror(argv[1]);
    exit(2);
  }
  fclose(file);
  return bytes;
}
