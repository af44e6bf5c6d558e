/*
 * What the library's C and Go halves share and shpack.h does not show:
 * the result's fields and the helpers export.go calls.
 */
#ifndef SHPACK_INTERNAL_H
#define SHPACK_INTERNAL_H

#include "shpack.h"

/* Not part of the library's interface: hidden from its users where the
 * platform can (a DLL exports only what is marked dllexport). */
#if defined(__GNUC__) && !defined(_WIN32) && !defined(__CYGWIN__)
#  define SHPACK_HIDDEN __attribute__((visibility("hidden")))
#else
#  define SHPACK_HIDDEN
#endif

struct shpack_result {
    char *text; /* NULL unless SHPACK_OK */
    size_t text_size;
    char *diagnostics;
    char *layout; /* NULL without --layout-out */
};

/* Calls the request's open callback (Go cannot call a C function pointer). */
SHPACK_HIDDEN int shpack_call_open(shpack_open_fn open, void *ctx, int system, const char *name,
                     const char *parent, const char **data, size_t *size);

/* A zeroed result, or NULL when memory ran out. */
SHPACK_HIDDEN shpack_result *shpack_new_result(void);

/* A malloc'd copy of n bytes with a NUL after them, or NULL when memory ran out. */
SHPACK_HIDDEN char *shpack_alloc_copy(const void *p, size_t n);

#endif
