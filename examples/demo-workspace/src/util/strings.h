#ifndef UTIL_STRINGS_H
#define UTIL_STRINGS_H

#include <stddef.h>

/* Copies src into dst without leading and trailing blanks; dst always ends with a NUL. */
void copy_trimmed(char *dst, const char *src, size_t size);

#endif
