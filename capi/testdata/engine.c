/*
 * engine.c: a program written against shpack.h alone, as an engine that
 * compiles its shaders at run time would call the library. The Go tests
 * of capi build it with gcc against libshpack.so and with mingw-w64
 * against shpack.dll (run under Wine), and read what it prints and writes.
 *
 *   engine rewrite DIR    rewrite the pair below, held in memory, its
 *                         headers served by open; write DIR/pair.hlsl (the
 *                         result), its headers, DIR/pair.diag.json
 *   engine misspelt DIR   a misspelt semantic: DIR/misspelt.diag.json
 *   engine threads N      N threads rewrite the pair at once, N times each
 *   engine stages DIR     the vertex stage alone with --layout-out, then
 *                         the pixel stage alone from that layout in memory:
 *                         DIR/vs.hlsl, DIR/ps.hlsl, DIR/layout.json, the
 *                         headers (DIR/lib must exist, as for rewrite)
 *   engine check VS PS REPORT   shpack_check on two compiled programs
 *   engine bad            requests the library refuses, one line each
 *   engine leak N         (glibc) N rounds of calls, each result freed: the
 *                         C heap holds as much after as before
 *   engine sources DIR    write the pair as it is (DIR/original.hlsl) and
 *                         its headers, for docmain.cpp
 *   engine d3d DIR        (Windows) rewrite, compile both stages with
 *                         d3dcompiler_47's D3DCompile, check them, draw
 *                         them with Direct3D 9 and compare the values
 *
 * Exit status: 0 when every result is the one expected, 1 otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "shpack.h"

#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif
#ifdef _WIN32
#include <windows.h>
int d3d_run(const char *dir, const char *source, const shpack_define *defines,
            const char *const *names, const char *const *texts, int count, const float *expected);
#else
#include <pthread.h>
#endif

/* The pair: a vertex shader whose 12 outputs other than POSITION need 12
 * registers with one per semantic (vs_3_0 has 10), and the pixel shader
 * that reads them all and writes them, or sums of them with distinct
 * weights, to four render targets. Within what Wine's D3DCompile
 * (vkd3d-shader 1.6) compiles: no calls, no if, no tex2D. */
static const char pair_hlsl[] =
    "#include \"common.h\"\n"
    "#include <constants.h>\n"
    "\n"
    "VS_OUT vs_main(float4 p : POSITION)\n"
    "{\n"
    "    VS_OUT o = (VS_OUT)0;\n"
    "    o.pos = p;\n"
    "    o.uv0 = UV0;\n"
    "    o.uv1 = float2(0.375, 0.5);\n"
    "    o.fog = 0.625;\n"
    "    o.t3 = float3(1.25, 2.5, -3);\n"
    "    o.uv4 = float2(4, 5);\n"
    "    o.uv5 = float2(6, 7);\n"
    "    o.a6 = 8;\n"
    "    o.a7 = 9;\n"
    "    o.n0 = float2(10, 11);\n"
    "    o.n1 = float2(12, 13);\n"
    "    o.b0 = float2(14, 15);\n"
    "    o.g0 = 16;\n"
    "    return o;\n"
    "}\n"
    "\n"
    "PS_OUT ps_main(VS_OUT i)\n"
    "{\n"
    "    PS_OUT r = (PS_OUT)0;\n"
    "    r.c0 = float4(i.uv0, i.uv1);\n"
    "    r.c1 = float4(i.fog, i.t3);\n"
    "    r.c2 = float4(i.uv4.x + i.a6 * SCALE, i.uv4.y + i.a7 * SCALE, i.uv5);\n"
    "    r.c3 = float4(i.n0 + i.n1 * SCALE, i.b0.x + i.g0 * SCALE, i.b0.y);\n"
    "    return r;\n"
    "}\n";

static const char common_h[] =
    "#include \"lib/values.h\"\n"
    "struct VS_OUT\n"
    "{\n"
    "    float4 pos : POSITION;\n"
    "    float2 uv0 : TEXCOORD0;\n"
    "    float2 uv1 : TEXCOORD1;\n"
    "    float  fog : TEXCOORD2;\n"
    "    float3 t3  : TEXCOORD3;\n"
    "    float2 uv4 : TEXCOORD4;\n"
    "    float2 uv5 : TEXCOORD5;\n"
    "    float  a6  : TEXCOORD6;\n"
    "    float  a7  : TEXCOORD7;\n"
    "    float2 n0  : NORMAL0;\n"
    "    float2 n1  : NORMAL1;\n"
    "    float2 b0  : BINORMAL0;\n"
    "    float  g0  : TANGENT0;\n"
    "};\n"
    "struct PS_OUT { float4 c0 : COLOR0; float4 c1 : COLOR1; float4 c2 : COLOR2; float4 c3 : COLOR3; };\n";

static const char values_h[] = "#define UV0 float2(0.125, 0.25)\n";
static const char constants_h[] = "#define SCALE 100\n";

/* What the original pair computes: the values its source writes to rt0..rt3. */
static const float expected[16] = {
    0.125f, 0.25f, 0.375f, 0.5f,
    0.625f, 1.25f, 2.5f, -3.0f,
    804.0f, 905.0f, 6.0f, 7.0f,
    1210.0f, 1311.0f, 1614.0f, 15.0f,
};

/* The files open serves: by the name written in the #include. */
static const char *const file_names[] = {"common.h", "lib/values.h", "constants.h"};
static const char *const file_texts[] = {common_h, values_h, constants_h};
#define FILE_COUNT 3

/* What an open callback saw: each call, for the log. */
struct open_log {
    char lines[16][200];
    int count;
};

static int serve(void *ctx, int system, const char *name, const char *parent,
                 const char **data, size_t *size)
{
    struct open_log *log = ctx;
    int i;

    if (log && log->count < 16)
        snprintf(log->lines[log->count++], sizeof log->lines[0], "open: system=%d name=%s parent=%s",
                 system, name, parent ? parent : "(null)");
    for (i = 0; i < FILE_COUNT; ++i)
    {
        if (!strcmp(name, file_names[i]) && system == !strcmp(name, "constants.h"))
        {
            *data = file_texts[i];
            *size = strlen(file_texts[i]);
            return 0;
        }
    }
    return 1;
}

static int write_path(const char *path, const char *data, size_t size)
{
    FILE *f;

    if (!(f = fopen(path, "wb")) || fwrite(data, 1, size, f) != size || fclose(f))
    {
        printf("cannot write %s\n", path);
        return 1;
    }
    return 0;
}

static int write_file(const char *dir, const char *name, const char *data, size_t size)
{
    char path[1024];

    snprintf(path, sizeof path, "%s/%s", dir, name);
    return write_path(path, data, size);
}

static char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    char *data;
    long n;

    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    data = malloc(n + 1);
    if (data && fread(data, 1, n, f) != (size_t)n)
    {
        free(data);
        data = NULL;
    }
    fclose(f);
    if (data)
        *size = (size_t)n;
    return data;
}

/* The headers open serves, written for a compiler that reads them from
 * DIR (which has a folder lib). */
static int write_headers(const char *dir)
{
    int i, bad = 0;

    for (i = 0; i < FILE_COUNT; ++i)
        bad |= write_file(dir, file_names[i], file_texts[i], strlen(file_texts[i]));
    return bad;
}

/* The request for the pair, as an engine fills it for one permutation. */
static void pair_request(shpack_rewrite_request *req, struct open_log *log)
{
    static const shpack_define defines[] = {{"QUALITY", "2"}, {"FOG", NULL}, {NULL, NULL}};

    memset(req, 0, sizeof *req);
    req->struct_size = sizeof *req;
    req->source = pair_hlsl;
    req->source_size = strlen(pair_hlsl);
    req->source_name = "pair.hlsl";
    req->defines = defines;
    req->open = serve;
    req->open_ctx = log;
    req->vs_entry = "vs_main";
    req->ps_entry = "ps_main";
}

static int mode_rewrite(const char *dir)
{
    shpack_rewrite_request req;
    struct open_log log = {0};
    shpack_result *res = NULL;
    const char *text, *diag;
    size_t size;
    int code, i, bad = 0;

    pair_request(&req, &log);
    code = shpack_rewrite(&req, &res);
    printf("rewrite: code %d\n", code);
    for (i = 0; i < log.count; ++i)
        printf("%s\n", log.lines[i]);
    text = shpack_result_text(res, &size);
    diag = shpack_result_diagnostics(res);
    if (code != SHPACK_OK || !text || !diag || shpack_result_layout(res))
        bad = 1;
    if (text)
    {
        printf("rewrite: %u bytes, %s\n", (unsigned)size,
               size == strlen(pair_hlsl) && !memcmp(text, pair_hlsl, size) ? "unchanged" : "rewritten");
        bad |= write_file(dir, "pair.hlsl", text, size);
    }
    if (diag)
        bad |= write_file(dir, "pair.diag.json", diag, strlen(diag));
    bad |= write_headers(dir);
    shpack_result_free(res);
    return bad;
}

static int mode_misspelt(const char *dir)
{
    static const char src[] =
        "struct VS_OUT {\n"
        "    float4 pos : POSITION;\n"
        "    float2 uv : TEXCORD0;\n"
        "};\n"
        "VS_OUT vs(float4 p : POSITION) { VS_OUT o = (VS_OUT)0; o.pos = p; return o; }\n"
        "float4 ps(VS_OUT i) : COLOR { return float4(i.uv, 0, 1); }\n";
    shpack_rewrite_request req;
    shpack_result *res = NULL;
    const char *diag;
    int code;

    memset(&req, 0, sizeof req);
    req.struct_size = sizeof req;
    req.source = src;
    req.source_size = sizeof src - 1;
    req.source_name = "misspelt.hlsl";
    req.vs_entry = "vs";
    req.ps_entry = "ps";
    code = shpack_rewrite(&req, &res);
    diag = shpack_result_diagnostics(res);
    printf("misspelt: code %d, text %s\n", code, shpack_result_text(res, NULL) ? "set" : "NULL");
    if (diag)
        write_file(dir, "misspelt.diag.json", diag, strlen(diag));
    shpack_result_free(res);
    return code != SHPACK_ERRORS || !diag;
}

/* threads: each rewrites the pair `rounds` times and keeps the last. */
struct job {
    int rounds, code, same;
    char *text, *diag;
    size_t size;
};

#ifdef _WIN32
static DWORD WINAPI run_job(void *arg)
#else
static void *run_job(void *arg)
#endif
{
    struct job *job = arg;
    int r;

    job->same = 1;
    for (r = 0; r < job->rounds; ++r)
    {
        shpack_rewrite_request req;
        struct open_log log = {0};
        shpack_result *res = NULL;
        const char *text, *diag;
        size_t size = 0;

        pair_request(&req, &log);
        job->code = shpack_rewrite(&req, &res);
        text = shpack_result_text(res, &size);
        diag = shpack_result_diagnostics(res);
        if (r > 0 && (size != job->size || memcmp(text, job->text, size) || strcmp(diag, job->diag)))
            job->same = 0;
        free(job->text);
        free(job->diag);
        job->text = malloc(size + 1);
        memcpy(job->text, text, size);
        job->size = size;
        job->diag = malloc(strlen(diag) + 1);
        strcpy(job->diag, diag);
        shpack_result_free(res);
    }
    return 0;
}

static int mode_threads(int n)
{
    struct job jobs[64];
    int i, bad = 0;
#ifdef _WIN32
    HANDLE threads[64];
#else
    pthread_t threads[64];
#endif

    if (n < 1 || n > 64)
        return 1;
    memset(jobs, 0, sizeof jobs);
    for (i = 0; i < n; ++i)
    {
        jobs[i].rounds = 25;
#ifdef _WIN32
        threads[i] = CreateThread(NULL, 0, run_job, &jobs[i], 0, NULL);
        if (!threads[i])
            return 1;
#else
        if (pthread_create(&threads[i], NULL, run_job, &jobs[i]))
            return 1;
#endif
    }
    for (i = 0; i < n; ++i)
    {
#ifdef _WIN32
        WaitForSingleObject(threads[i], INFINITE);
        CloseHandle(threads[i]);
#else
        pthread_join(threads[i], NULL);
#endif
    }
    for (i = 0; i < n; ++i)
    {
        if (jobs[i].code != SHPACK_OK || !jobs[i].same || jobs[i].size != jobs[0].size
                || memcmp(jobs[i].text, jobs[0].text, jobs[0].size) || strcmp(jobs[i].diag, jobs[0].diag))
        {
            printf("threads: thread %d: code %d, its own results %s, %s thread 0's\n", i, jobs[i].code,
                   jobs[i].same ? "the same" : "differ", jobs[i].size == jobs[0].size ? "same size as" : "other size than");
            bad = 1;
        }
    }
    if (!bad)
        printf("threads: %d threads, %d rewrites each at once: identical results (%u bytes)\n",
               n, jobs[0].rounds, (unsigned)jobs[0].size);
    for (i = 0; i < n; ++i)
    {
        free(jobs[i].text);
        free(jobs[i].diag);
    }
    return bad;
}

/* stages: Urho3D's way, each stage compiled with its own defines: the
 * vertex stage alone records its layout, kept in memory, and the pixel
 * stage alone applies it. */
static int mode_stages(const char *dir)
{
    static const shpack_define vs_defines[] = {{"COMPILEVS", "1"}, {NULL, NULL}};
    static const shpack_define ps_defines[] = {{"COMPILEPS", "1"}, {NULL, NULL}};
    shpack_rewrite_request req;
    shpack_result *vs = NULL, *ps = NULL;
    const char *layout, *text;
    size_t size;
    int code, bad = 0;

    pair_request(&req, NULL);
    req.defines = vs_defines;
    req.ps_entry = NULL;
    req.options = "--layout-out";
    code = shpack_rewrite(&req, &vs);
    layout = shpack_result_layout(vs);
    printf("stages: vertex alone: code %d, layout %s\n", code, layout ? "set" : "NULL");
    if (code != SHPACK_OK || !layout)
    {
        printf("%s", shpack_result_diagnostics(vs));
        shpack_result_free(vs);
        return 1;
    }
    text = shpack_result_text(vs, &size);
    bad |= write_file(dir, "vs.hlsl", text, size);
    bad |= write_file(dir, "layout.json", layout, strlen(layout));
    bad |= write_headers(dir);

    pair_request(&req, NULL);
    req.defines = ps_defines;
    req.vs_entry = NULL;
    req.options = "-q";
    req.layout = layout; /* the vertex result's JSON as it is, NUL-terminated */
    code = shpack_rewrite(&req, &ps);
    printf("stages: pixel alone: code %d\n", code);
    text = shpack_result_text(ps, &size);
    if (code != SHPACK_OK || !text)
    {
        printf("%s", shpack_result_diagnostics(ps));
        bad = 1;
    }
    else
        bad |= write_file(dir, "ps.hlsl", text, size);
    shpack_result_free(vs);
    shpack_result_free(ps);
    return bad;
}

static int mode_check(const char *vs_path, const char *ps_path, const char *report_path)
{
    size_t vs_size = 0, ps_size = 0;
    char *vs = read_file(vs_path, &vs_size), *ps = read_file(ps_path, &ps_size), *report = NULL;
    int code;

    if (!vs || !ps)
    {
        printf("cannot read %s or %s\n", vs_path, ps_path);
        return 1;
    }
    code = shpack_check(vs, vs_size, ps, ps_size, &report);
    printf("check: code %d\n", code);
    if (report)
        write_path(report_path, report, strlen(report));
    shpack_free(report);
    free(vs);
    free(ps);
    return code != 0;
}

/* An open callback that hands out a pointer to no memory. */
static int serve_bad_pointer(void *ctx, int system, const char *name, const char *parent,
                             const char **data, size_t *size)
{
    (void)system, (void)name, (void)parent;
    *data = (const char *)ctx;
    *size = 64;
    return 0;
}

/* A newer header's request: one field more, set. */
struct newer_request {
    shpack_rewrite_request known;
    void *future;
};

static void report_bad(const char *what, int code, shpack_result *res)
{
    const char *diag = shpack_result_diagnostics(res), *msg = diag ? strstr(diag, "\"message\": \"") : NULL;
    const char *end;

    if (msg)
    {
        msg += strlen("\"message\": \"");
        for (end = msg; *end && *end != '"'; ++end)
            if (*end == '\\' && end[1])
                ++end;
        printf("bad %s: code %d: %.*s\n", what, code, (int)(end - msg), msg);
    }
    else
        printf("bad %s: code %d: no message\n", what, code);
}

static int mode_bad(void)
{
    static const shpack_define nameless[] = {{NULL, "1"}, {NULL, NULL}};
    shpack_rewrite_request req;
    struct newer_request newer;
    shpack_result *res = NULL;
    char *report = NULL;
    int code, bad = 0;

#define TRY(what) \
    do { \
        res = NULL; \
        code = shpack_rewrite(&req, &res); \
        report_bad(what, code, res); \
        bad |= code != SHPACK_BAD_REQUEST || !res || shpack_result_text(res, NULL); \
        shpack_result_free(res); \
    } while (0)

    code = shpack_rewrite(NULL, &res);
    report_bad("null-request", code, res);
    bad |= code != SHPACK_BAD_REQUEST;
    shpack_result_free(res);
    pair_request(&req, NULL);
    bad |= shpack_rewrite(&req, NULL) != SHPACK_BAD_REQUEST;

    pair_request(&req, NULL);
    req.struct_size = 16;
    TRY("struct-size");
    pair_request(&req, NULL);
    req.options = "--all --strategy=optimal --out-dir=build";
    TRY("refused-option");
    pair_request(&req, NULL);
    req.options = "--mix-colour";
    TRY("misspelt-option");
    pair_request(&req, NULL);
    req.options = "-D \"NAME=a b";
    TRY("open-quote");
    pair_request(&req, NULL);
    req.ps_entry = NULL;
    TRY("vertex-alone");
    pair_request(&req, NULL);
    req.defines = nameless;
    TRY("nameless-define");
    pair_request(&req, NULL);
    req.source = NULL;
    TRY("null-source");
    pair_request(&req, NULL);
    req.open = serve_bad_pointer;
    req.open_ctx = (void *)(size_t)16;
    TRY("nil-pointer");
    pair_request(&req, NULL);
    req.open = serve_bad_pointer;
    req.open_ctx = (void *)(size_t)0x7ff0dead0000ull; /* mapped nowhere */
    TRY("bad-pointer");
    memset(&newer, 0, sizeof newer);
    pair_request(&newer.known, NULL);
    newer.known.struct_size = sizeof newer;
    newer.future = &newer;
    res = NULL;
    code = shpack_rewrite(&newer.known, &res);
    report_bad("newer-struct", code, res);
    bad |= code != SHPACK_BAD_REQUEST;
    shpack_result_free(res);
    newer.future = NULL; /* a newer struct with its new field zero: taken */
    res = NULL;
    code = shpack_rewrite(&newer.known, &res);
    printf("newer struct, new field zero: code %d\n", code);
    bad |= code != SHPACK_OK;
    shpack_result_free(res);

    code = shpack_check("not a program", 13, NULL, 0, &report);
    printf("check not-a-program: code %d\n", code);
    bad |= code != SHPACK_BAD_REQUEST || !report || !strstr(report, "\"schema\": \"shpack.check/1\"");
    shpack_free(report);
    code = shpack_check(NULL, 0, NULL, 0, NULL);
    printf("check null: code %d\n", code);
    bad |= code != SHPACK_BAD_REQUEST;
    report = NULL;
    code = shpack_check((const void *)(size_t)0x7ff0dead0000ull, 64, NULL, 0, &report);
    printf("check bad-pointer: code %d, report %s\n", code, report && strstr(report, "internal error") ? "says internal error" : "missing");
    bad |= code != SHPACK_BAD_REQUEST || !report;
    shpack_free(report);
    pair_request(&req, NULL);
    code = shpack_rewrite(&req, (shpack_result **)(size_t)0x7ff0dead0000ull);
    printf("bad out pointer: code %d\n", code);
    bad |= code != SHPACK_BAD_REQUEST;
    shpack_result_free(NULL);
    shpack_free(NULL);
    printf("version: %s\n", shpack_version());
    return bad;
}

#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
/* leak: rewrites and checks n times, freeing every result, and compares
 * the bytes the C heap holds before and after: what the library hands out
 * must all come back. */
static int mode_leak(int n)
{
    static const char vs[] = "vs_3_0\ndcl_position v0\ndcl_position o0\nmov o0, v0\n";
    size_t before = 0, after;
    int i;

    for (i = 0; i < n + 20; ++i)
    {
        shpack_rewrite_request req;
        shpack_result *res = NULL;
        char *report = NULL;

        if (i == 20) /* after the first calls, which start the runtime's threads */
            before = mallinfo2().uordblks;
        pair_request(&req, NULL);
        req.options = "--layout-out -v";
        if (shpack_rewrite(&req, &res) != SHPACK_OK)
            return 1;
        shpack_result_free(res);
        req.options = "--no-such-option";
        shpack_rewrite(&req, &res);
        shpack_result_free(res);
        shpack_check(vs, sizeof vs - 1, NULL, 0, &report);
        shpack_free(report);
    }
    after = mallinfo2().uordblks;
    printf("leak: %d rounds (3 calls each): C heap in use %ld bytes before, %ld after\n", n, (long)before, (long)after);
    return after > before + 16384;
}
#endif

#ifdef _WIN32
static int mode_d3d(const char *dir)
{
    shpack_rewrite_request req;

    pair_request(&req, NULL);
    return d3d_run(dir, pair_hlsl, req.defines, file_names, file_texts, FILE_COUNT, expected);
}
#endif

int main(int argc, char **argv)
{
    setvbuf(stdout, NULL, _IONBF, 0);
    if (argc == 3 && !strcmp(argv[1], "rewrite"))
        return mode_rewrite(argv[2]);
    if (argc == 3 && !strcmp(argv[1], "misspelt"))
        return mode_misspelt(argv[2]);
    if (argc == 3 && !strcmp(argv[1], "threads"))
        return mode_threads(atoi(argv[2]));
    if (argc == 3 && !strcmp(argv[1], "stages"))
        return mode_stages(argv[2]);
    if (argc == 5 && !strcmp(argv[1], "check"))
        return mode_check(argv[2], argv[3], argv[4]);
    if (argc == 2 && !strcmp(argv[1], "bad"))
        return mode_bad();
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
    if (argc == 3 && !strcmp(argv[1], "leak"))
        return mode_leak(atoi(argv[2]));
#endif
    if (argc == 3 && !strcmp(argv[1], "sources"))
        return write_file(argv[2], "original.hlsl", pair_hlsl, strlen(pair_hlsl)) | write_headers(argv[2]);
#ifdef _WIN32
    if (argc == 3 && !strcmp(argv[1], "d3d"))
        return mode_d3d(argv[2]);
#endif
    (void)expected;
    printf("usage: engine rewrite|misspelt|stages|sources DIR | threads N | check VS PS REPORT | bad | d3d DIR\n");
    return 2;
}
