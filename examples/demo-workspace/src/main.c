#include "greet.h"
#include "util/strings.h"

int main(void) {
    char name[32];
    copy_trimmed(name, "  world  ", sizeof name);
    greet(name);
    return 0;
}
