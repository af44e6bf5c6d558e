package main

import (
	"context"
	"debug/elf"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/internal/vkd3d"
	"github.com/shpack/shpack/layoutfile"
)

// The C library as engines use it: testdata/engine.c, written against
// shpack.h alone, built with gcc against libshpack.so (TestCLibrary) and
// with mingw-w64 against shpack.dll, run under Wine (TestCLibraryWindows).
// Each test builds its library once (go build -buildmode=c-shared, 30-60 s
// cold) and runs the program's modes as subtests. They need the C
// toolchains (.ci/run installs them): a test skips when one is missing and
// CI is unset, fails when CI is set; the Windows build's tests, which run
// under Wine, skip them (testenv.LinuxTool), and -short skips them.

// diagDoc is a shpack.diagnostics/1 document.
type diagDoc struct {
	Schema      string `json:"schema"`
	Diagnostics []struct {
		Severity string `json:"severity"`
		File     string `json:"file"`
		Line     int    `json:"line"`
		Column   int    `json:"column"`
		Message  string `json:"message"`
	} `json:"diagnostics"`
}

func readDiag(t *testing.T, path string) diagDoc {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var d diagDoc
	require.NoError(t, json.Unmarshal(data, &d), "%s", data)
	require.Equal(t, "shpack.diagnostics/1", d.Schema)
	return d
}

// buildLibrary builds the library into dir with go build -buildmode=c-shared
// (env: the target's GOOS, CC, ...) and removes the header cgo writes
// beside it, which declares only the library's internals.
func buildLibrary(t *testing.T, dir, name string, env ...string) string {
	t.Helper()
	out := filepath.Join(dir, name)
	start := time.Now()
	cmd := exec.Command("go", "build", "-buildmode=c-shared", "-o", out, ".")
	// The host's system unless env names another (a test binary run
	// with GOARCH=386 still has a 64-bit gcc).
	cmd.Env = append(append(os.Environ(), "CGO_ENABLED=1", "GOOS=", "GOARCH=", "GOFLAGS="), env...)
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build -buildmode=c-shared -o %s: %s", name, msg)
	require.NoError(t, os.Remove(strings.TrimSuffix(out, filepath.Ext(out))+".h"))
	t.Logf("built %s in %.1f s", name, time.Since(start).Seconds())
	return out
}

// run runs a program in dir (its output to a file, not a pipe: Wine leaves
// processes behind that would hold a pipe open), bounded in time.
func run(t *testing.T, dir string, args ...string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	outPath := filepath.Join(dir, "stdout.txt")
	out, err := os.Create(outPath)
	require.NoError(t, err)
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = out, out
	cmd.Env = append(os.Environ(), "WINEDEBUG=-all", "WINEDLLOVERRIDES=mscoree,mshtml=;winedbg.exe=d")
	err = cmd.Run()
	out.Close()
	text, rerr := os.ReadFile(outPath)
	require.NoError(t, rerr)
	code := 0
	if err != nil {
		var exit *exec.ExitError
		require.ErrorAs(t, err, &exit, "%s: %s", strings.Join(args, " "), text)
		code = exit.ExitCode()
	}
	return strings.ReplaceAll(string(text), "\r\n", "\n"), code // a Windows program's lines end in CRLF
}

// linuxHost skips a test of the library built with Linux's toolchains
// elsewhere (the Windows build's run under Wine included: the Linux run
// checks it).
func linuxHost(t *testing.T) {
	t.Helper()
	testenv.LinuxOnly(t, "Linux's gcc, mingw-w64 and Wine,", "the C library built with them")
	if runtime.GOOS != "linux" {
		t.Skipf("skipped on %s: this test builds the C library with Linux's toolchains (ELF, mingw-w64, Wine); the Linux run checks it", runtime.GOOS)
	}
}

// headerFunctions are the functions shpack.h declares.
func headerFunctions(t *testing.T) []string {
	t.Helper()
	h, err := os.ReadFile("shpack.h")
	require.NoError(t, err)
	var names []string
	for _, m := range regexp.MustCompile(`SHPACK_API [^;(]*?\b(shpack_\w+)\(`).FindAllStringSubmatch(string(h), -1) {
		names = append(names, m[1])
	}
	slices.Sort(names)
	return names
}

// checkBadLines checks what "engine bad" prints: each request refused
// with code 2 and a message that says why.
func checkBadLines(t *testing.T, out string) {
	t.Helper()
	for _, want := range []string{
		"bad null-request: code 2: the request is NULL",
		"bad struct-size: code 2: the request's struct_size is 16, less than the first version's",
		"bad refused-option: code 2: options: --out-dir is not taken by shpack_rewrite",
		"bad misspelt-option: code 2: options: unknown option --mix-colour; did you mean --mix-color?",
		`bad open-quote: code 2: options: a \" quote is not closed`,
		"bad vertex-alone: code 2: vs_entry alone rewrites the vertex stage alone",
		"bad nameless-define: code 2: defines[0] has a value and no name",
		"bad null-source: code 2: the request's source is NULL",
		`bad nil-pointer: code 2: the open callback: it gave \"common.h\" 64 bytes at 0x10, which cannot be read`,
		`bad bad-pointer: code 2: the open callback: it gave \"common.h\" 64 bytes at 0x7ff0dead0000, which cannot be read`,
		"bad newer-struct: code 2: the request sets fields past the",
		"newer struct, new field zero: code 0",
		"check not-a-program: code 2",
		"check null: code 2",
		"check bad-pointer: code 2, report says internal error",
		"bad out pointer: code 2",
		"version: ",
	} {
		assert.Contains(t, out, want)
	}
}

// TestCLibrary: the library built with gcc's cgo as libshpack.so, and
// engine.c built against it with gcc. The pair rewritten in memory, its
// headers served by open, compiles with vkd3d-compiler 1.17 (when
// VKD3D_COMPILER is set) into programs shpack_check passes; a misspelt
// semantic is code 1 at its line; eight threads get identical results;
// each stage alone goes through a layout kept in memory; bad requests are
// code 2 and say why.
func TestCLibrary(t *testing.T) {
	testenv.Heavy(t)
	linuxHost(t)
	gcc := testenv.LinuxTool(t, "gcc", "that a C program built with gcc uses the C library (libshpack.so)")
	dir := testenv.TempDir(t)
	lib := buildLibrary(t, dir, "libshpack.so")
	engine := filepath.Join(dir, "engine")
	cmd := exec.Command(gcc, "-std=c99", "-Wall", "-Wextra", "-pedantic", "-Werror", "-I.", "-o", engine,
		filepath.Join("testdata", "engine.c"), lib, "-Wl,-rpath,"+dir, "-pthread")
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", msg)

	t.Run("header", func(t *testing.T) {
		// shpack.h alone compiles as C89, C11 and C++, without a warning.
		src := filepath.Join(dir, "only.c")
		require.NoError(t, os.WriteFile(src, []byte("#include \"shpack.h\"\nint main(void) { shpack_rewrite_request r = {sizeof r}; (void)r; return 0; }\n"), 0o644))
		for _, std := range []string{"-std=c89", "-std=c11"} {
			out, err := exec.Command(gcc, std, "-Wall", "-Wextra", "-pedantic", "-Werror", "-Wno-missing-field-initializers", "-I.", "-fsyntax-only", src).CombinedOutput()
			assert.NoError(t, err, "%s: %s", std, out)
		}
		if gxx, err := exec.LookPath("g++"); err == nil {
			out, err := exec.Command(gxx, "-x", "c++", "-std=c++98", "-Wall", "-Wextra", "-pedantic", "-Werror", "-Wno-missing-field-initializers", "-I.", "-fsyntax-only", src).CombinedOutput()
			assert.NoError(t, err, "c++98: %s", out)
		}
	})

	t.Run("exports", func(t *testing.T) {
		// The library exports every function of the header, and no other
		// shpack_ name (its helpers are hidden).
		f, err := elf.Open(lib)
		require.NoError(t, err)
		defer f.Close()
		syms, err := f.DynamicSymbols()
		require.NoError(t, err)
		var got []string
		for _, s := range syms {
			if strings.HasPrefix(s.Name, "shpack_") && elf.ST_TYPE(s.Info) == elf.STT_FUNC && s.Section != elf.SHN_UNDEF {
				got = append(got, s.Name)
			}
		}
		slices.Sort(got)
		assert.Equal(t, headerFunctions(t), got)
	})

	t.Run("rewrite", func(t *testing.T) {
		work := testenv.TempDir(t)
		require.NoError(t, os.Mkdir(filepath.Join(work, "lib"), 0o755))
		out, code := run(t, work, engine, "rewrite", ".")
		require.Equal(t, 0, code, out)
		t.Logf("engine rewrite:\n%s", out)
		assert.Contains(t, out, "rewrite: code 0\n"+
			"open: system=0 name=common.h parent=(null)\n"+
			"open: system=0 name=lib/values.h parent=common.h\n"+
			"open: system=1 name=constants.h parent=(null)\n")
		assert.Contains(t, out, "bytes, rewritten")
		d := readDiag(t, filepath.Join(work, "pair.diag.json"))
		require.Len(t, d.Diagnostics, 1)
		assert.Equal(t, "note", d.Diagnostics[0].Severity)
		assert.Equal(t, "pair.hlsl", d.Diagnostics[0].File)
		assert.Equal(t, "vs_main: 13 outputs packed into 6 general registers (one register per semantic: 12)", d.Diagnostics[0].Message)

		t.Run("vkd3d", func(t *testing.T) {
			// What vkd3d-compiler 1.17 makes of the result, checked by
			// shpack_check through the library.
			for _, s := range [][3]string{{"vs_main", "vs_3_0", "vs.cso"}, {"ps_main", "ps_3_0", "ps.cso"}} {
				_, err := vkd3d.Compile(t, work, "pair.hlsl", s[0], s[1], s[2])
				require.NoError(t, err)
			}
			out, code := run(t, work, engine, "check", "vs.cso", "ps.cso", "report.json")
			require.Equal(t, 0, code, out)
			assert.Contains(t, out, "check: code 0")
			report, err := os.ReadFile(filepath.Join(work, "report.json"))
			require.NoError(t, err)
			var doc struct {
				Schema   string            `json:"schema"`
				Problems []json.RawMessage `json:"problems"`
				Runtimes map[string]struct {
					Lost []json.RawMessage `json:"lost"`
				} `json:"runtimes"`
			}
			require.NoError(t, json.Unmarshal(report, &doc))
			assert.Equal(t, "shpack.check/1", doc.Schema)
			assert.Empty(t, doc.Problems)
			require.Len(t, doc.Runtimes, 4)
			for name, rt := range doc.Runtimes {
				assert.Empty(t, rt.Lost, name)
			}
			t.Logf("vkd3d-compiler 1.17 compiled both stages; shpack_check: code 0, no problem, no runtime loses a value")
		})
	})

	t.Run("misspelt", func(t *testing.T) {
		work := testenv.TempDir(t)
		out, code := run(t, work, engine, "misspelt", ".")
		require.Equal(t, 0, code, out)
		assert.Contains(t, out, "misspelt: code 1, text NULL")
		d := readDiag(t, filepath.Join(work, "misspelt.diag.json"))
		require.Len(t, d.Diagnostics, 1)
		e := d.Diagnostics[0]
		assert.Equal(t, []any{"error", "misspelt.hlsl", 3, 5}, []any{e.Severity, e.File, e.Line, e.Column})
		assert.Equal(t, "uv: semantic TEXCORD0 is not a Direct3D 9 usage; did you mean TEXCOORD0?", e.Message)
	})

	t.Run("threads", func(t *testing.T) {
		out, code := run(t, dir, engine, "threads", "8")
		require.Equal(t, 0, code, out)
		assert.Contains(t, out, "threads: 8 threads, 25 rewrites each at once: identical results")
		t.Log(strings.TrimSpace(out))
	})

	t.Run("stages", func(t *testing.T) {
		work := testenv.TempDir(t)
		require.NoError(t, os.Mkdir(filepath.Join(work, "lib"), 0o755))
		out, code := run(t, work, engine, "stages", ".")
		require.Equal(t, 0, code, out)
		assert.Contains(t, out, "stages: vertex alone: code 0, layout set\nstages: pixel alone: code 0\n")
		data, err := os.ReadFile(filepath.Join(work, "layout.json"))
		require.NoError(t, err)
		lf, err := layoutfile.Read("layout.json", data)
		require.NoError(t, err)
		require.Len(t, lf.Interfaces, 1)
		assert.Equal(t, []string{"vs_main"}, lf.Interfaces[0].VertexShaders)
		assert.Len(t, lf.Interfaces[0].Outputs, 13)
		t.Run("vkd3d", func(t *testing.T) {
			for _, s := range [][4]string{{"vs.hlsl", "vs_main", "vs_3_0", "vs.cso"}, {"ps.hlsl", "ps_main", "ps_3_0", "ps.cso"}} {
				_, err := vkd3d.Compile(t, work, s[0], s[1], s[2], s[3])
				require.NoError(t, err)
			}
			out, code := run(t, work, engine, "check", "vs.cso", "ps.cso", "report.json")
			require.Equal(t, 0, code, out)
			assert.Contains(t, out, "check: code 0")
		})
	})

	t.Run("leak", func(t *testing.T) {
		// Every byte handed out comes back through shpack_result_free and
		// shpack_free: the C heap holds as much after 2000 rounds as before.
		out, code := run(t, dir, engine, "leak", "2000")
		require.Equal(t, 0, code, out)
		assert.Contains(t, out, "leak: 2000 rounds")
		t.Log(strings.TrimSpace(out))
	})

	t.Run("bad", func(t *testing.T) {
		out, code := run(t, dir, engine, "bad")
		require.Equal(t, 0, code, out)
		checkBadLines(t, out)
		t.Log(strings.TrimSpace(out))
	})
}

// TestCLibraryWindows: the library built for Windows with mingw-w64
// (CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc GOOS=windows go build
// -buildmode=c-shared), engine.c and d3d.c built against shpack.dll beside
// them, as a game ships it, and run under Wine (with the ProcessPrng
// stand-in Go's runtime needs, ../shared/tools/wine-go) on Xvfb. The
// program rewrites the pair through an adapter over its ID3DInclude,
// compiles both stages with Wine's own D3DCompile (d3dcompiler_47, loaded
// by name), checks them with shpack_check, draws them with Direct3D 9 as
// the render check does and compares the sixteen values with those the
// original source computes (the original itself cannot be drawn: its
// pixel shader would read 12 registers, ps_3_0 has 10). The same modes as
// on Linux run too.
func TestCLibraryWindows(t *testing.T) {
	testenv.Heavy(t)
	linuxHost(t)
	const checks = "that shpack.dll, built with mingw-w64, works inside a Windows program under Wine"
	mingw := testenv.LinuxTool(t, "x86_64-w64-mingw32-gcc", checks)
	for _, tool := range []string{"wine", "xvfb-run", "x86_64-w64-mingw32-objdump"} {
		testenv.LinuxTool(t, tool, checks)
	}
	wineGo := filepath.Join(testenv.Shared(t, "tools/wine-go"), "go-wine-exec")
	dir := testenv.TempDir(t)
	dll := buildLibrary(t, dir, "shpack.dll", "GOOS=windows", "GOARCH=amd64", "CC=x86_64-w64-mingw32-gcc")
	exe := filepath.Join(dir, "engine.exe")
	cmd := exec.Command(mingw, "-std=c99", "-Wall", "-Wextra", "-Werror", "-O2", "-I.", "-o", exe,
		filepath.Join("testdata", "engine.c"), filepath.Join("testdata", "d3d.c"), dll, "-ld3d9")
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", msg)

	t.Run("exports", func(t *testing.T) {
		// The DLL exports the header's functions, and shpack.def lists
		// them for import libraries.
		out, err := exec.Command("x86_64-w64-mingw32-objdump", "-p", dll).Output()
		require.NoError(t, err)
		_, table, ok := strings.Cut(string(out), "[Ordinal/Name Pointer] Table")
		require.True(t, ok, "no export table in objdump -p's output")
		var got []string
		for _, m := range regexp.MustCompile(`(?m)^\s*\[\s*\d+\] (\w+)$`).FindAllStringSubmatch(table, -1) {
			if strings.HasPrefix(m[1], "shpack_") {
				got = append(got, m[1])
			}
		}
		slices.Sort(got)
		assert.Equal(t, headerFunctions(t), got)
		def, err := os.ReadFile("shpack.def")
		require.NoError(t, err)
		_, exports, _ := strings.Cut(string(def), "EXPORTS")
		assert.Equal(t, got, strings.Fields(exports), "shpack.def")
	})

	t.Run("d3d", func(t *testing.T) {
		work := testenv.TempDir(t)
		exe := filepath.Join(work, "engine.exe")
		for _, f := range []string{"engine.exe", "shpack.dll"} { // the DLL beside the program
			data, err := os.ReadFile(filepath.Join(dir, f))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(work, f), data, 0o755))
		}
		var out string
		var code int
		// Two xvfb-run -a at once may pick one display, and a wineserver
		// another test started keeps the display it was started with, which
		// may be gone: the window cannot be made then. Neither is about
		// shpack, and a later try gets a display of its own.
		for try := 0; try < 4; try++ {
			out, code = run(t, work, "xvfb-run", "-a", "-s", "-screen 0 640x480x24", wineGo, exe, "d3d", ".")
			if !strings.Contains(out, "Xvfb failed to start") && !strings.Contains(out, "draw: no window or no Direct3D 9") {
				break
			}
			time.Sleep(time.Second)
		}
		t.Logf("engine.exe d3d (Wine):\n%s", out)
		require.Equal(t, 0, code, out)
		for _, want := range []string{
			"rewrite: code 0\n",
			"D3DCompile vs_main vs_3_0: ", "D3DCompile ps_main ps_3_0: ",
			"check: code 0\n",
			"draw: rt0 0.125 0.25 0.375 0.5, rt1 0.625 1.25 2.5 -3, rt2 804 905 6 7, rt3 1210 1311 1614 15\n",
			"PASS (16 of 16 values as the original computes them)",
		} {
			assert.Contains(t, out, want)
		}
	})

	t.Run("docs", func(t *testing.T) {
		// The C++ of docs/c-library.md, built with mingw-w64's g++ and
		// run under Wine: ShpackSource through the program's ID3DInclude
		// and through D3D_COMPILE_STANDARD_FILE_INCLUDE gives one
		// rewritten text, which D3DCompile compiles.
		gxx := testenv.LinuxTool(t, "x86_64-w64-mingw32-g++", "that the C++ of docs/c-library.md compiles and works")
		work := testenv.TempDir(t)
		require.NoError(t, os.Mkdir(filepath.Join(work, "lib"), 0o755))
		doc, err := os.ReadFile(filepath.Join("..", "docs", "c-library.md"))
		require.NoError(t, err)
		m := regexp.MustCompile("(?s)```cpp file=shpack_compile.cpp\n(.*?)\n```\n").FindSubmatch(doc)
		require.NotNil(t, m, "docs/c-library.md has no shpack_compile.cpp block")
		require.NoError(t, os.WriteFile(filepath.Join(work, "shpack_compile.cpp"), append(m[1], '\n'), 0o644))
		for _, f := range []string{"engine.exe", "shpack.dll"} {
			data, err := os.ReadFile(filepath.Join(dir, f))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(work, f), data, 0o755))
		}
		docmain := filepath.Join(work, "docmain.exe")
		msg, err := exec.Command(gxx, "-std=c++11", "-Wall", "-Wextra", "-Werror", "-O2", "-static", "-I.", "-I"+work,
			"-o", docmain, filepath.Join("testdata", "docmain.cpp"), filepath.Join(work, "shpack.dll")).CombinedOutput()
		require.NoError(t, err, "%s", msg)
		out, code := run(t, work, wineGo, filepath.Join(work, "engine.exe"), "sources", ".")
		require.Equal(t, 0, code, out)
		out, code = run(t, work, wineGo, docmain)
		t.Logf("docmain.exe (Wine):\n%s", out)
		require.Equal(t, 0, code, out)
		assert.Contains(t, out, "ShpackSource: rewritten, ")
		assert.Contains(t, out, "every include closed: yes; the same through the file system: yes\n")
		assert.Contains(t, out, "D3DCompile vs_main vs_3_0: ok\nD3DCompile ps_main ps_3_0: ok\n")
	})

	for _, mode := range [][]string{{"rewrite", "."}, {"misspelt", "."}, {"threads", "8"}, {"stages", "."}, {"bad"}} {
		t.Run(mode[0], func(t *testing.T) {
			work := testenv.TempDir(t)
			require.NoError(t, os.Mkdir(filepath.Join(work, "lib"), 0o755))
			for _, f := range []string{"engine.exe", "shpack.dll"} {
				data, err := os.ReadFile(filepath.Join(dir, f))
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(filepath.Join(work, f), data, 0o755))
			}
			out, code := run(t, work, append([]string{wineGo, filepath.Join(work, "engine.exe")}, mode...)...)
			require.Equal(t, 0, code, out)
			switch mode[0] {
			case "rewrite":
				assert.Contains(t, out, "open: system=0 name=lib/values.h parent=common.h\n")
				d := readDiag(t, filepath.Join(work, "pair.diag.json"))
				require.Len(t, d.Diagnostics, 1)
				assert.Contains(t, d.Diagnostics[0].Message, "vs_main: 13 outputs packed into 6 general registers")
			case "misspelt":
				d := readDiag(t, filepath.Join(work, "misspelt.diag.json"))
				require.Len(t, d.Diagnostics, 1)
				assert.Equal(t, []any{"error", "misspelt.hlsl", 3}, []any{d.Diagnostics[0].Severity, d.Diagnostics[0].File, d.Diagnostics[0].Line})
			case "threads":
				assert.Contains(t, out, "threads: 8 threads, 25 rewrites each at once: identical results")
			case "stages":
				assert.Contains(t, out, "stages: pixel alone: code 0")
			case "bad":
				checkBadLines(t, out)
			}
		})
	}
}
