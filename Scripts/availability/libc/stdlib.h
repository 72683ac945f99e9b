// For Scripts/check-availability.sh only: the part of <stdlib.h> the package calls, as
// Apple's C library declares it.
#ifndef INJ_AVAILABILITY_STDLIB_H
#define INJ_AVAILABILITY_STDLIB_H
#include <stddef.h>
void *malloc(size_t size);
void free(void *ptr);
char *getenv(const char *name);
#endif
