#include <ctype.h>
#include <string.h>

#include "strings.h"

void copy_trimmed(char *dst, const char *src, size_t size) {
    while (*src && isspace((unsigned char) *src)) {
        src++;
    }
    size_t n = strlen(src);
    while (n > 0 && isspace((unsigned char) src[n - 1])) {
        n--;
    }
    if (n >= size) {
        n = size - 1;
    }
    memcpy(dst, src, n);
    dst[n] = '\0';
}
