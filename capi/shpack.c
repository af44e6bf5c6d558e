//go:build cgo

/*
 * The public functions of shpack.h, with its exact signatures. Those that
 * work call the Go functions of export.go (which cgo cannot declare with
 * const pointers); those that read or free the results are plain C, so a
 * result is freed with the allocator that made it.
 */
#define SHPACK_BUILDING
#include <stdlib.h>
#include <string.h>
#include "shpack.h"
#include "internal.h"
#include "_cgo_export.h"

int shpack_rewrite(const shpack_rewrite_request *req, shpack_result **out)
{
    return shpackgo_rewrite((void *)req, (void **)out);
}

const char *shpack_result_text(const shpack_result *r, size_t *size)
{
    if (size)
        *size = r ? r->text_size : 0;
    return r ? r->text : NULL;
}

const char *shpack_result_diagnostics(const shpack_result *r)
{
    return r ? r->diagnostics : NULL;
}

const char *shpack_result_layout(const shpack_result *r)
{
    return r ? r->layout : NULL;
}

void shpack_result_free(shpack_result *r)
{
    if (!r)
        return;
    free(r->text);
    free(r->diagnostics);
    free(r->layout);
    free(r);
}

int shpack_check(const void *vs, size_t vs_size, const void *ps, size_t ps_size, char **report)
{
    return shpackgo_check((void *)vs, vs_size, (void *)ps, ps_size, report);
}

void shpack_free(void *p)
{
    free(p);
}

const char *shpack_version(void)
{
    return shpackgo_version();
}

/* Helpers for export.go. */

int shpack_call_open(shpack_open_fn open, void *ctx, int system, const char *name,
                     const char *parent, const char **data, size_t *size)
{
    return open(ctx, system, name, parent, data, size);
}

shpack_result *shpack_new_result(void)
{
    return calloc(1, sizeof(shpack_result));
}

char *shpack_alloc_copy(const void *p, size_t n)
{
    char *b = malloc(n + 1);

    if (!b)
        return NULL;
    if (n)
        memcpy(b, p, n);
    b[n] = 0;
    return b;
}
