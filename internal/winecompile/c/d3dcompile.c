/* d3dcompile: compiles HLSL to Direct3D 9 bytecode with the D3DCompile of
 * the Wine it runs under (Wine 8.0 bundles vkd3d-shader 1.6), for shpack's
 * tests: Debian ships no other HLSL compiler that writes d3dbc.
 *
 *   wine d3dcompile.exe FILE ENTRY PROFILE OUT [FILE ENTRY PROFILE OUT]...
 *
 * Each job compiles ENTRY of FILE for PROFILE (vs_3_0, ps_3_0) and writes
 * the bytecode to OUT. vkd3d 1.6 returns S_OK for some constructs it does
 * not implement, with an E#### message and a program that lacks them: any
 * E#### message fails the job, as it fails the render check's HLSL mode.
 * A failed job prints "FILE: ENTRY: error: MESSAGES" on stdout; the exit
 * status is 0 when every job compiled, 1 otherwise, 2 on a usage error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define COBJMACROS
#include <windows.h>
#include <d3dcompiler.h>

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
    {
        data[n] = 0;
        *size = n;
    }
    return data;
}

/* has_error reports whether compiler messages hold an "E" and four digits. */
static int has_error(const char *s, size_t n)
{
    size_t i;
    for (i = 0; i + 5 <= n; i++)
        if (s[i] == 'E' && s[i + 1] >= '0' && s[i + 1] <= '9' && s[i + 2] >= '0' && s[i + 2] <= '9'
                && s[i + 3] >= '0' && s[i + 3] <= '9' && s[i + 4] >= '0' && s[i + 4] <= '9')
            return 1;
    return 0;
}

static int compile(const char *path, const char *entry, const char *profile, const char *out)
{
    ID3DBlob *blob = NULL, *errors = NULL;
    const char *msg = "";
    size_t size, msg_len = 0;
    char *text = read_file(path, &size);
    HRESULT hr;
    FILE *f;
    int ok;

    if (!text)
    {
        printf("%s: %s: error: cannot read the file\n", path, entry);
        return 0;
    }
    hr = D3DCompile(text, size, path, NULL, NULL, entry, profile, 0, 0, &blob, &errors);
    free(text);
    if (errors)
    {
        msg = ID3D10Blob_GetBufferPointer(errors);
        msg_len = strnlen(msg, ID3D10Blob_GetBufferSize(errors));
    }
    ok = SUCCEEDED(hr) && blob && !has_error(msg, msg_len);
    if (!ok)
        printf("%s: %s: error: D3DCompile hr=0x%08lx: %.*s\n", path, entry, (unsigned long)hr, (int)msg_len, msg);
    else if (!(f = fopen(out, "wb")) || fwrite(ID3D10Blob_GetBufferPointer(blob), 1, ID3D10Blob_GetBufferSize(blob), f)
            != ID3D10Blob_GetBufferSize(blob) || fclose(f))
    {
        printf("%s: %s: error: cannot write %s\n", path, entry, out);
        ok = 0;
    }
    if (blob)
        ID3D10Blob_Release(blob);
    if (errors)
        ID3D10Blob_Release(errors);
    return ok;
}

int main(int argc, char **argv)
{
    int i, failed = 0;
    if (argc < 5 || (argc - 1) % 4)
    {
        fprintf(stderr, "usage: d3dcompile FILE ENTRY PROFILE OUT [FILE ENTRY PROFILE OUT]...\n");
        return 2;
    }
    for (i = 1; i < argc; i += 4)
        if (!compile(argv[i], argv[i + 1], argv[i + 2], argv[i + 3]))
            failed = 1;
    fflush(stdout);
    return failed;
}
