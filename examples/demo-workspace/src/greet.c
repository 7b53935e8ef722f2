#include <stdio.h>

#include "greet.h"
#include "util/strings.h"

void greet(const char *name) {
    printf("Hello, %s!\n", name);
}
