/*
 * shpack.h: shpack as a C library, for engines that compile their Direct3D 9
 * shaders while the game runs (D3DCompile, D3DXCompileShader).
 *
 * One call before D3DCompile: the source and its defines in, the source to
 * compile out. A vertex shader whose outputs do not fit vs_3_0 ("too many
 * interpolators") comes back with its outputs packed into fewer registers,
 * and the pixel shaders it feeds read them packed, under the same entry
 * points; any other source comes back as it was. docs/c-library.md shows the
 * integration; docs/json.md describes the JSON documents below.
 *
 *     shpack_rewrite_request req = {sizeof req};
 *     shpack_result *res;
 *     req.source = text; req.source_size = size; req.source_name = "Water.hlsl";
 *     req.defines = macros;                 (the D3D_SHADER_MACRO list)
 *     if (shpack_rewrite(&req, &res) == SHPACK_OK) {
 *         size_t n; const char *out = shpack_result_text(res, &n);
 *         ... D3DCompile(out, n, "Water.hlsl", macros, include, ...) ...
 *     } else {
 *         ... log shpack_result_diagnostics(res), compile the original ...
 *     }
 *     shpack_result_free(res);
 *
 * The library keeps no state between calls: any number of threads may call
 * any function at once. No fault inside it takes the process down: what
 * goes wrong is a diagnostic and a return code. Every pointer it hands out
 * is freed by shpack_result_free or shpack_free, and by nothing else (not by
 * your free: the library may use another C runtime than yours).
 *
 * The names and signatures below never change; more may be added. Built
 * from the Go package github.com/shpack/shpack/capi with
 * go build -buildmode=c-shared (libshpack.so, shpack.dll, libshpack.dylib).
 */
#ifndef SHPACK_H
#define SHPACK_H

#include <stddef.h>

#if defined(_WIN32) || defined(__CYGWIN__)
#  if defined(SHPACK_BUILDING)
#    define SHPACK_API __declspec(dllexport)
#  else
#    define SHPACK_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__)
#  define SHPACK_API __attribute__((visibility("default")))
#else
#  define SHPACK_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Return codes. */
#define SHPACK_OK 0          /* done */
#define SHPACK_ERRORS 1      /* errors in the input: the diagnostics say where */
#define SHPACK_BAD_REQUEST 2 /* a bad request (shpack_check: not a program) */

/* A macro: the layout of D3D_SHADER_MACRO (and D3DXMACRO), so an engine's
 * list can be passed as it is. A list ends with {NULL, NULL}. A NULL value
 * defines the name as 1, as fxc's /D NAME does. */
typedef struct shpack_define {
    const char *name;
    const char *value;
} shpack_define;

/* An #include, as ID3DInclude::Open sees it. system is 1 for #include
 * <name>, 0 for #include "name"; name is as written; parent is the name the
 * including file was asked for by an earlier call (NULL for the main
 * source). Return 0 and set *data and *size (the file's bytes, which must
 * stay valid until shpack_rewrite returns), or non-zero if there is no such
 * file. It is called once per #include the preprocessor executes, from the
 * thread that called shpack_rewrite. Two names that give the same bytes are
 * one file (#pragma once). */
typedef int (*shpack_open_fn)(void *ctx, int system, const char *name, const char *parent,
                              const char **data, size_t *size);

typedef struct shpack_rewrite_request {
    /* sizeof(shpack_rewrite_request) as your header declares it: fields
     * past it are not read, so the struct can grow. */
    size_t struct_size;
    /* The main source: source_size bytes (no terminating NUL needed), and
     * its name for diagnostics and #line (NULL: "<source>"). */
    const char *source; size_t source_size; const char *source_name;
    /* The defines of this permutation, ending with {NULL, NULL}; may be NULL. */
    const shpack_define *defines;
    /* Finds the #included files. NULL: they are read from the file system
     * by fxc's rule: "name" in the including file's folder (relative to
     * source_name for the main source), then in the folders of the files
     * that included it, then in the -I folders of options; <name> in the
     * -I folders only. */
    shpack_open_fn open; void *open_ctx;
    /* With ps_entry: the pair to rewrite. Both NULL: the pairs of the
     * techniques (an effect). One alone: that stage alone, through a
     * layout (see layout and --layout-out below). */
    const char *vs_entry;
    const char *ps_entry;
    /* More, spelled as shpack rewrite's flags, e.g. "--all --semantics=texcoord"
     * (docs/c-library.md lists them); NULL or "" for none. Words are
     * separated by blanks; quotes ("a b" or 'a b') hold a value with blanks;
     * a backslash is an ordinary character. */
    const char *options;

    /* Added after the first version of this struct: read only when
     * struct_size covers them (zero them if you do not use them). */

    /* A layout to apply (shpack.interface/1 JSON, what shpack_result_layout
     * gave for the vertex stage with --layout-out), for a stage rewritten
     * alone: the vertex shader writes its outputs where it says, the pixel
     * shader reads them from there. NULL: none. */
    const char *layout;
    size_t layout_size; /* its bytes; 0: layout ends with a NUL */
} shpack_rewrite_request;

/* What shpack_rewrite made; read it with the functions below, free it with
 * shpack_result_free. */
typedef struct shpack_result shpack_result;

/* Rewrites req->source so that it compiles within vs_3_0/ps_3_0's registers.
 * Returns SHPACK_OK (0): *out holds the source to compile (rewritten, or the
 * input byte for byte when nothing needed rewriting); SHPACK_ERRORS (1):
 * errors in the source, an include or the layout, in the diagnostics;
 * SHPACK_BAD_REQUEST (2): a bad request (a NULL pointer, an unknown option,
 * entry points that do not go together), also in the diagnostics. *out is
 * set whatever the code (NULL only when out is NULL, or when memory ran
 * out) and must be freed. */
SHPACK_API int shpack_rewrite(const shpack_rewrite_request *req, shpack_result **out);

/* The source to compile, or NULL unless shpack_rewrite returned SHPACK_OK;
 * *size (size may be NULL) gets its bytes. It ends with a NUL, not counted. */
SHPACK_API const char *shpack_result_text(const shpack_result *r, size_t *size);

/* The diagnostics (shpack.diagnostics/1 JSON): errors, warnings, and a note
 * per vertex shader packed (all notes with -v in options, none with -q). */
SHPACK_API const char *shpack_result_diagnostics(const shpack_result *r);

/* The layouts planned (shpack.interface/1 JSON) when options hold
 * --layout-out, else NULL: pass it as the layout of the request that
 * rewrites the other stage alone. */
SHPACK_API const char *shpack_result_layout(const shpack_result *r);

/* Frees r and everything read from it; NULL is ignored. */
SHPACK_API void shpack_result_free(shpack_result *r);

/* Checks compiled vs_3_0/ps_3_0 programs (bytecode, or assembly text) before
 * they run: limits, declarations, linkage, and what each runtime (Wine,
 * MojoShader, DXVK) would lose. ps may be NULL (the vertex shader alone).
 * *report (report may be NULL) gets a shpack.check/1 JSON document, to free
 * with shpack_free. Returns 0: no problem; 1: problems (in the report);
 * 2: not a program (the report says why). */
SHPACK_API int shpack_check(const void *vs, size_t vs_size, const void *ps, size_t ps_size,
                            char **report);

/* Frees what shpack_check handed out; NULL is ignored. */
SHPACK_API void shpack_free(void *p);

/* The library's version, as "shpack version" prints it; never freed. */
SHPACK_API const char *shpack_version(void);

#ifdef __cplusplus
}
#endif

#endif /* SHPACK_H */
