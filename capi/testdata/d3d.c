/*
 * d3d.c: engine.c's Windows half, what an engine does after shpack_rewrite:
 * compile both stages with D3DCompile (d3dcompiler_47, loaded by name as
 * engines load it), its includes served by the same ID3DInclude that
 * served shpack (through an adapter to shpack_open_fn, as docs/c-library.md
 * shows it in C++), check the programs with shpack_check, and draw them
 * with Direct3D 9: one full-screen triangle into four float render targets,
 * whose centre pixels must hold the values the original source computes.
 * The drawing follows ../shared/tools/d3d9-render-check.
 *
 * Build (with engine.c): x86_64-w64-mingw32-gcc -I.. engine.c d3d.c shpack.dll -ld3d9
 */
#define COBJMACROS
#include <windows.h>
#include <d3d9.h>
#include <d3dcommon.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "shpack.h"

typedef HRESULT (WINAPI *compile_fn)(const void *data, SIZE_T size, const char *name,
        const D3D_SHADER_MACRO *defines, ID3DInclude *include, const char *entry,
        const char *target, UINT flags1, UINT flags2, ID3DBlob **code, ID3DBlob **errors);

/* The engine's ID3DInclude: serves files from memory by name. */
struct memory_include {
    ID3DInclude iface;
    const char *const *names;
    const char *const *texts;
    int count;
};

static HRESULT STDMETHODCALLTYPE include_open(ID3DInclude *iface, D3D_INCLUDE_TYPE type,
        const char *name, const void *parent, const void **data, UINT *bytes)
{
    struct memory_include *inc = (struct memory_include *)iface;
    int i;

    (void)type, (void)parent;
    for (i = 0; i < inc->count; ++i)
    {
        if (!strcmp(name, inc->names[i]))
        {
            *data = inc->texts[i];
            *bytes = (UINT)strlen(inc->texts[i]);
            return S_OK;
        }
    }
    return E_FAIL;
}

static HRESULT STDMETHODCALLTYPE include_close(ID3DInclude *iface, const void *data)
{
    (void)iface, (void)data;
    return S_OK;
}

static ID3DIncludeVtbl include_vtbl = {include_open, include_close};

/* The adapter: shpack_open_fn over an ID3DInclude. It remembers what each
 * name opened, to pass a parent's data as ID3DInclude expects it, and
 * closes everything once shpack_rewrite has returned. */
struct include_adapter {
    ID3DInclude *include;
    const char *names[32];
    const void *data[32];
    int count;
};

static int adapter_open(void *ctx, int system, const char *name, const char *parent,
                        const char **data, size_t *size)
{
    struct include_adapter *a = ctx;
    const void *parent_data = NULL, *got = NULL;
    UINT bytes = 0;
    int i;

    for (i = 0; parent && i < a->count; ++i)
        if (!strcmp(a->names[i], parent))
            parent_data = a->data[i];
    if (a->count == 32 || FAILED(a->include->lpVtbl->Open(a->include,
            system ? D3D_INCLUDE_SYSTEM : D3D_INCLUDE_LOCAL, name, parent_data, &got, &bytes)))
        return 1;
    a->names[a->count] = _strdup(name);
    a->data[a->count++] = got;
    *data = got;
    *size = bytes;
    return 0;
}

static void adapter_close(struct include_adapter *a)
{
    while (a->count > 0)
    {
        --a->count;
        a->include->lpVtbl->Close(a->include, a->data[a->count]);
        free((void *)a->names[a->count]);
    }
}

/* Compiler messages with an error code: vkd3d-shader 1.6 (Wine's
 * D3DCompile) reports features it lacks as "E5017" and still succeeds. */
static int has_error(const char *text, size_t size)
{
    size_t i;

    for (i = 0; i + 3 < size && text[i]; ++i)
        if (text[i] == ':' && text[i + 1] == ' ' && text[i + 2] == 'E' && text[i + 3] >= '0' && text[i + 3] <= '9')
            return 1;
    return 0;
}

static ID3DBlob *compile(compile_fn fn, const char *text, size_t size, const shpack_define *defines,
                         ID3DInclude *include, const char *entry, const char *target)
{
    ID3DBlob *code = NULL, *errors = NULL;
    /* shpack_define has D3D_SHADER_MACRO's layout: the same list serves both. */
    HRESULT hr = fn(text, size, "pair.hlsl", (const D3D_SHADER_MACRO *)defines, include, entry, target,
                    0, 0, &code, &errors);

    if (errors)
    {
        const char *msg = ID3D10Blob_GetBufferPointer(errors);
        size_t n = strnlen(msg, ID3D10Blob_GetBufferSize(errors));

        printf("D3DCompile %s %s messages:\n%.*s\n", entry, target, (int)n, msg);
        if (SUCCEEDED(hr) && has_error(msg, n))
            hr = E_FAIL;
        ID3D10Blob_Release(errors);
    }
    if (FAILED(hr))
    {
        printf("D3DCompile %s %s: failed, hr=0x%08lx\n", entry, target, (unsigned long)hr);
        if (code)
            ID3D10Blob_Release(code);
        return NULL;
    }
    printf("D3DCompile %s %s: %u bytes\n", entry, target, (unsigned)ID3D10Blob_GetBufferSize(code));
    return code;
}

static int save(const char *dir, const char *name, ID3DBlob *blob)
{
    char path[1024];
    FILE *f;

    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (!(f = fopen(path, "wb")))
        return 1;
    fwrite(ID3D10Blob_GetBufferPointer(blob), 1, ID3D10Blob_GetBufferSize(blob), f);
    return fclose(f) != 0;
}

#define RT_COUNT 4
#define RT_SIZE 8

/* Draws the pair and reads the centre pixel of the four render targets. */
static int draw(const DWORD *vs_code, const DWORD *ps_code, float out[RT_COUNT * 4])
{
    static const float triangle[3][4] = {{-1, -1, 0.5f, 1}, {-1, 3, 0.5f, 1}, {3, -1, 0.5f, 1}};
    static const D3DVERTEXELEMENT9 elements[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        D3DDECL_END()
    };
    IDirect3DSurface9 *rts[RT_COUNT] = {0};
    IDirect3DVertexDeclaration9 *decl = NULL;
    IDirect3DVertexShader9 *vs = NULL;
    IDirect3DPixelShader9 *ps = NULL;
    IDirect3DDevice9 *device = NULL;
    D3DPRESENT_PARAMETERS pp = {0};
    IDirect3D9 *d3d;
    HWND window;
    HRESULT hr;
    int i, c, result = 1;

    window = CreateWindowA("static", "shpack", WS_OVERLAPPEDWINDOW, 0, 0, 64, 64, NULL, NULL, NULL, NULL);
    if (!window || !(d3d = Direct3DCreate9(D3D_SDK_VERSION)))
    {
        printf("draw: no window or no Direct3D 9\n");
        return 1;
    }
    pp.Windowed = TRUE;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.BackBufferWidth = RT_SIZE;
    pp.BackBufferHeight = RT_SIZE;
    pp.BackBufferFormat = D3DFMT_A8R8G8B8;
    pp.hDeviceWindow = window;
    hr = IDirect3D9_CreateDevice(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, window,
            D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &device);
    if (FAILED(hr))
        hr = IDirect3D9_CreateDevice(d3d, D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, window,
                D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp, &device);
    if (FAILED(hr))
    {
        printf("draw: CreateDevice failed, hr=0x%08lx\n", (unsigned long)hr);
        IDirect3D9_Release(d3d);
        return 1;
    }
    if (FAILED(hr = IDirect3DDevice9_CreateVertexShader(device, vs_code, &vs))
            || FAILED(hr = IDirect3DDevice9_CreatePixelShader(device, ps_code, &ps))
            || FAILED(hr = IDirect3DDevice9_CreateVertexDeclaration(device, elements, &decl)))
    {
        printf("draw: creating the shaders failed, hr=0x%08lx\n", (unsigned long)hr);
        goto done;
    }
    for (i = 0; i < RT_COUNT; ++i)
    {
        if (FAILED(hr = IDirect3DDevice9_CreateRenderTarget(device, RT_SIZE, RT_SIZE, D3DFMT_A32B32G32R32F,
                D3DMULTISAMPLE_NONE, 0, FALSE, &rts[i], NULL))
                || FAILED(hr = IDirect3DDevice9_SetRenderTarget(device, i, rts[i])))
        {
            printf("draw: render target %d failed, hr=0x%08lx\n", i, (unsigned long)hr);
            goto done;
        }
    }
    IDirect3DDevice9_SetRenderState(device, D3DRS_ZENABLE, D3DZB_FALSE);
    IDirect3DDevice9_SetRenderState(device, D3DRS_CULLMODE, D3DCULL_NONE);
    IDirect3DDevice9_SetRenderState(device, D3DRS_LIGHTING, FALSE);
    IDirect3DDevice9_Clear(device, 0, NULL, D3DCLEAR_TARGET, 0, 1.0f, 0);
    IDirect3DDevice9_SetVertexDeclaration(device, decl);
    IDirect3DDevice9_SetVertexShader(device, vs);
    IDirect3DDevice9_SetPixelShader(device, ps);
    if (FAILED(hr = IDirect3DDevice9_BeginScene(device))
            || FAILED(hr = IDirect3DDevice9_DrawPrimitiveUP(device, D3DPT_TRIANGLELIST, 1, triangle, sizeof triangle[0]))
            || FAILED(hr = IDirect3DDevice9_EndScene(device)))
    {
        printf("draw: drawing failed, hr=0x%08lx\n", (unsigned long)hr);
        goto done;
    }
    for (i = 0; i < RT_COUNT; ++i)
    {
        IDirect3DSurface9 *copy = NULL;
        D3DLOCKED_RECT lr;

        if (FAILED(hr = IDirect3DDevice9_CreateOffscreenPlainSurface(device, RT_SIZE, RT_SIZE,
                D3DFMT_A32B32G32R32F, D3DPOOL_SYSTEMMEM, &copy, NULL))
                || FAILED(hr = IDirect3DDevice9_GetRenderTargetData(device, rts[i], copy))
                || FAILED(hr = IDirect3DSurface9_LockRect(copy, &lr, NULL, D3DLOCK_READONLY)))
        {
            printf("draw: reading render target %d failed, hr=0x%08lx\n", i, (unsigned long)hr);
            if (copy)
                IDirect3DSurface9_Release(copy);
            goto done;
        }
        for (c = 0; c < 4; ++c)
            out[i * 4 + c] = ((const float *)((const BYTE *)lr.pBits + (RT_SIZE / 2) * lr.Pitch))[(RT_SIZE / 2) * 4 + c];
        IDirect3DSurface9_UnlockRect(copy);
        IDirect3DSurface9_Release(copy);
    }
    result = 0;
done:
    for (i = 0; i < RT_COUNT; ++i)
        if (rts[i])
            IDirect3DSurface9_Release(rts[i]);
    if (decl)
        IDirect3DVertexDeclaration9_Release(decl);
    if (vs)
        IDirect3DVertexShader9_Release(vs);
    if (ps)
        IDirect3DPixelShader9_Release(ps);
    IDirect3DDevice9_Release(device);
    IDirect3D9_Release(d3d);
    DestroyWindow(window);
    return result;
}

int d3d_run(const char *dir, const char *source, const shpack_define *defines,
            const char *const *names, const char *const *texts, int count, const float *expected)
{
    struct memory_include inc = {{&include_vtbl}, names, texts, count};
    struct include_adapter adapter = {&inc.iface, {0}, {0}, 0};
    shpack_rewrite_request req;
    shpack_result *res = NULL;
    ID3DBlob *vs, *ps;
    HMODULE compiler;
    compile_fn fn;
    const char *text;
    char *report = NULL;
    float got[RT_COUNT * 4];
    size_t size;
    int code, i, mismatches = 0;

    /* The few lines before D3DCompile: the engine's ID3DInclude serves
     * shpack through the adapter, then the compiler. */
    memset(&req, 0, sizeof req);
    req.struct_size = sizeof req;
    req.source = source;
    req.source_size = strlen(source);
    req.source_name = "pair.hlsl";
    req.defines = defines;
    req.open = adapter_open;
    req.open_ctx = &adapter;
    req.vs_entry = "vs_main";
    req.ps_entry = "ps_main";
    code = shpack_rewrite(&req, &res);
    adapter_close(&adapter);
    printf("rewrite: code %d\n", code);
    text = shpack_result_text(res, &size);
    if (code != SHPACK_OK)
    {
        printf("%s", shpack_result_diagnostics(res));
        shpack_result_free(res);
        return 1;
    }
    {
        char path[1024];
        FILE *f;

        snprintf(path, sizeof path, "%s/pair.hlsl", dir);
        if ((f = fopen(path, "wb")))
        {
            fwrite(text, 1, size, f);
            fclose(f);
        }
    }

    if (!(compiler = LoadLibraryA("d3dcompiler_47.dll"))
            || !(fn = (compile_fn)(void (*)(void))GetProcAddress(compiler, "D3DCompile")))
    {
        printf("no D3DCompile in d3dcompiler_47.dll\n");
        return 1;
    }
    vs = compile(fn, text, size, defines, &inc.iface, "vs_main", "vs_3_0");
    ps = compile(fn, text, size, defines, &inc.iface, "ps_main", "ps_3_0");
    shpack_result_free(res);
    if (!vs || !ps)
        return 1;
    save(dir, "vs.cso", vs);
    save(dir, "ps.cso", ps);
    code = shpack_check(ID3D10Blob_GetBufferPointer(vs), ID3D10Blob_GetBufferSize(vs),
                        ID3D10Blob_GetBufferPointer(ps), ID3D10Blob_GetBufferSize(ps), &report);
    printf("check: code %d\n", code);
    if (code != 0)
        printf("%s", report);
    shpack_free(report);
    if (code != 0)
        return 1;
    if (draw(ID3D10Blob_GetBufferPointer(vs), ID3D10Blob_GetBufferPointer(ps), got))
        return 1;
    for (i = 0; i < RT_COUNT * 4; ++i)
    {
        if (fabsf(got[i] - expected[i]) > 1e-4f)
        {
            printf("mismatch: rt%d.%c = %g, the original computes %g\n", i / 4, "xyzw"[i % 4], got[i], expected[i]);
            ++mismatches;
        }
    }
    printf("draw: rt0 %g %g %g %g, rt1 %g %g %g %g, rt2 %g %g %g %g, rt3 %g %g %g %g\n",
           got[0], got[1], got[2], got[3], got[4], got[5], got[6], got[7],
           got[8], got[9], got[10], got[11], got[12], got[13], got[14], got[15]);
    printf("%s (%d of %d values as the original computes them)\n", mismatches ? "FAIL" : "PASS",
           RT_COUNT * 4 - mismatches, RT_COUNT * 4);
    ID3D10Blob_Release(vs);
    ID3D10Blob_Release(ps);
    return mismatches != 0;
}
