/*
 * docmain.cpp: runs the C++ of docs/c-library.md as an engine would. The
 * test extracts the document's shpack_compile.cpp beside this file and
 * builds both with mingw-w64's g++ against shpack.dll; under Wine, in a
 * folder where engine.exe wrote original.hlsl and its headers, it rewrites
 * the pair with ShpackSource through the engine's ID3DInclude (which reads
 * the folder) and through D3D_COMPILE_STANDARD_FILE_INCLUDE (shpack then
 * reads the files itself), and compiles both stages of what it returns with
 * d3dcompiler_47's D3DCompile.
 */
#include "shpack_compile.cpp"
#include <cstdio>
#include <cstring>

// The engine's ID3DInclude: files of the current folder.
class FolderInclude : public ID3DInclude {
public:
    HRESULT STDMETHODCALLTYPE Open(D3D_INCLUDE_TYPE, const char *name, const void *, const void **data,
                                   UINT *bytes) {
        std::string text;
        if (!ReadAll(name, &text))
            return E_FAIL;
        char *copy = new char[text.size() + 1];
        std::memcpy(copy, text.data(), text.size() + 1);
        *data = copy;
        *bytes = (UINT)text.size();
        ++open_;
        return S_OK;
    }
    HRESULT STDMETHODCALLTYPE Close(const void *data) {
        delete[] static_cast<const char *>(data);
        --open_;
        return S_OK;
    }
    static bool ReadAll(const char *name, std::string *out) {
        FILE *f = std::fopen(name, "rb");
        char buf[4096];
        size_t n;
        if (!f)
            return false;
        while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
            out->append(buf, n);
        std::fclose(f);
        return true;
    }
    int open_ = 0;
};

typedef HRESULT(WINAPI *CompileFn)(const void *, SIZE_T, const char *, const D3D_SHADER_MACRO *, ID3DInclude *,
                                   const char *, const char *, UINT, UINT, ID3DBlob **, ID3DBlob **);

static bool Compile(CompileFn compile, const std::string &text, const D3D_SHADER_MACRO *defines,
                    ID3DInclude *include, const char *entry, const char *target) {
    ID3DBlob *code = NULL, *errors = NULL;
    HRESULT hr = compile(text.data(), text.size(), "original.hlsl", defines, include, entry, target, 0, 0,
                         &code, &errors);
    if (errors) {
        // Wine's compiler succeeds with "E5017" for what it lacks: an error too.
        std::string msg(static_cast<const char *>(errors->GetBufferPointer()), errors->GetBufferSize());
        if (SUCCEEDED(hr) && msg.find(": E") != std::string::npos)
            hr = E_FAIL;
        std::printf("%s", msg.c_str());
        errors->Release();
    }
    std::printf("D3DCompile %s %s: %s\n", entry, target, SUCCEEDED(hr) ? "ok" : "failed");
    if (code)
        code->Release();
    return SUCCEEDED(hr);
}

int main() {
    std::setvbuf(stdout, NULL, _IONBF, 0);
    static const D3D_SHADER_MACRO defines[] = {{"QUALITY", "2"}, {"FOG", NULL}, {NULL, NULL}};
    std::string src;
    if (!FolderInclude::ReadAll("original.hlsl", &src)) {
        std::printf("no original.hlsl\n");
        return 1;
    }
    HMODULE dll = LoadLibraryA("d3dcompiler_47.dll");
    CompileFn compile = dll ? (CompileFn)(void (*)(void))GetProcAddress(dll, "D3DCompile") : NULL;
    if (!compile) {
        std::printf("no D3DCompile\n");
        return 1;
    }
    FolderInclude include;
    std::string text = ShpackSource(src.data(), src.size(), "original.hlsl", defines, &include, "vs_main", "ps_main");
    std::string viaFiles = ShpackSource(src.data(), src.size(), "original.hlsl", defines,
                                        D3D_COMPILE_STANDARD_FILE_INCLUDE, "vs_main", "ps_main");
    std::printf("ShpackSource: %s, %u bytes; every include closed: %s; the same through the file system: %s\n",
                text == src ? "unchanged" : "rewritten", (unsigned)text.size(), include.open_ == 0 ? "yes" : "no",
                viaFiles == text ? "yes" : "no");
    bool ok = Compile(compile, text, defines, &include, "vs_main", "vs_3_0");
    ok = Compile(compile, text, defines, &include, "ps_main", "ps_3_0") && ok;
    ok = Compile(compile, viaFiles, defines, D3D_COMPILE_STANDARD_FILE_INCLUDE, "ps_main", "ps_3_0") && ok;
    return ok && text != src && viaFiles == text && include.open_ == 0 ? 0 : 1;
}
