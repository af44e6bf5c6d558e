package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/fxcstandin"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/internal/vkd3d"
)

// fxcFits is a vertex shader with nothing to pack, fxcFitsPS a pixel
// shader: each compiled as written.
const (
	fxcFits   = "float4 VS(float4 p : POSITION, out float2 uv : TEXCOORD0) : POSITION { uv = p.xy; return p; }\n"
	fxcFitsPS = "float4 PS(float2 uv : TEXCOORD0) : COLOR { return uv.xyxy; }\n"
)

// fxcDir makes a test's folder with the sources the fxc tests compile:
// main.fx (an effect whose vertex shader, in common.fxh, needs packing),
// bad.fx (its error at line 6), fits.hlsl and ps.hlsl; it is the working
// directory, the stand-in's log is in it, and no compiler is set by the
// environment.
func fxcDir(t *testing.T) (dir, log string) {
	dir = testenv.TempDir(t)
	t.Chdir(dir)
	log = filepath.Join(dir, "standin.log")
	t.Setenv("SHPACK_STANDIN_LOG", log)
	t.Setenv("SHPACK_STANDIN_MODE", "")
	t.Setenv("SHPACK_FXC", "")
	for name, src := range map[string]string{"common.fxh": includeHeader, "main.fx": includeMain, "bad.fx": fxcBad, "fits.hlsl": fxcFits, "ps.hlsl": fxcFitsPS} {
		require.NoError(t, os.WriteFile(name, []byte(src), 0o644))
	}
	return dir, log
}

// TestFxcFindsCompiler: shpack fxc finds the compiler as a user of fxc
// expects (issue 37): --compiler, SHPACK_FXC, on Windows the Windows
// SDK's newest fxc.exe (here the stand-in, built as fxc.exe, in a
// Windows Kits folder of the test's), then fxc on PATH; -v says which it
// took. A compiler path that does not exist is an error naming it, on
// every platform, and Wine is not started for it (no ~/.wine appears);
// none found lists the places searched.
func TestFxcFindsCompiler(t *testing.T) {
	st := standin(t)
	dir, _ := fxcDir(t)
	home := filepath.Join(dir, "home")
	require.NoError(t, os.Mkdir(home, 0o755))
	t.Setenv("HOME", home)
	t.Setenv("WINEPREFIX", "")
	empty := filepath.Join(dir, "empty")
	require.NoError(t, os.Mkdir(empty, 0o755))
	t.Setenv("PATH", empty)
	t.Setenv("ProgramFiles(x86)", filepath.Join(dir, "Program Files (x86)"))
	t.Setenv("ProgramFiles", filepath.Join(dir, "Program Files"))
	t.Setenv("DXSDK_DIR", "")
	missing := filepath.Join(dir, "no such folder", "fxc.exe")
	sdk := filepath.Join(dir, "sdk", "Program Files (x86)") // the Windows SDK's case's
	compile := []string{"/nologo", "/T", "vs_3_0", "/E", "VS", "/Fo", "fits.vso", "fits.hlsl"}

	tests := []struct {
		name    string
		env     map[string]string
		args    []string
		code    int
		stderr  []string
		named   bool // shpack PATH/fxc.exe /T ...: the missing one
		windows bool // on Windows only
	}{
		{name: "--compiler does not exist", args: []string{"--compiler=" + missing}, code: exitUsage,
			stderr: []string{"the compiler " + missing + " (--compiler) does not exist"}},
		{name: "SHPACK_FXC does not exist", env: map[string]string{"SHPACK_FXC": missing}, code: exitUsage,
			stderr: []string{"the compiler " + missing + " (SHPACK_FXC) does not exist"}},
		{name: "named by a path that does not exist", named: true, code: exitUsage,
			stderr: []string{"the compiler " + missing + " (the command line) does not exist"}},
		{name: "--compiler", args: []string{"--compiler=" + st.fxc, "-v"}, stderr: []string{"the compiler is " + st.fxc + " (--compiler)"}},
		{name: "SHPACK_FXC", env: map[string]string{"SHPACK_FXC": st.fxc}, args: []string{"-v"}, stderr: []string{"the compiler is " + st.fxc + " (SHPACK_FXC)"}},
		{name: "PATH", env: map[string]string{"PATH": st.dir}, args: []string{"-v"}, stderr: []string{"(PATH)"}},
		{name: "none", code: exitUsage, stderr: []string{"no compiler: give --compiler=PATH or set SHPACK_FXC", "searched:", "fxc on PATH"}},
		{name: "Windows SDK", windows: true, args: []string{"-v"}, env: map[string]string{"ProgramFiles(x86)": sdk},
			stderr: []string{"the compiler is " + filepath.Join(sdk, "Windows Kits", "10", "bin", "10.0.22621.0", "x64", "fxc.exe") + " (the Windows 10 SDK 10.0.22621.0)"}},
		{name: "none on Windows", windows: true, code: exitUsage, stderr: []string{
			filepath.Join(dir, "Program Files (x86)", "Windows Kits", "8.1", "bin", "x64", "fxc.exe"), "fxc on PATH"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.windows && runtime.GOOS != "windows" {
				t.Skip("the Windows SDK is searched on Windows (the search itself: compile.TestFindCompiler, everywhere)")
			}
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			if tc.name == "Windows SDK" {
				// Two versions: the newest is taken.
				for _, v := range []string{"10.0.19041.0", "10.0.22621.0"} {
					bin := filepath.Join(sdk, "Windows Kits", "10", "bin", v, "x64")
					require.NoError(t, os.MkdirAll(bin, 0o755))
					_, _, err := fxcstandin.Install(bin)
					require.NoError(t, err)
				}
			}
			args := append([]string{"fxc"}, tc.args...)
			if tc.named {
				args = []string{missing}
			}
			os.Remove("fits.vso")
			code, stdout, stderr := shpackRun(append(args, compile...)...)
			assert.Equal(t, tc.code, code, stderr)
			assert.Empty(t, stdout)
			for _, s := range tc.stderr {
				assert.Contains(t, stderr, s)
			}
			if tc.code == exitOK {
				assert.FileExists(t, "fits.vso")
			} else {
				assert.NoFileExists(t, "fits.vso")
			}
			assert.NoDirExists(t, filepath.Join(home, ".wine"), "Wine was not started")
		})
	}
}

// TestFxcPathsAndResponseFiles: an fxc line as Windows builds write it
// (issue 37, issue 40 item 5), run by the stand-in compiler built for the
// platform (under Wine: fxc.exe, run by shpack.exe natively): the
// compiler in a folder with a space, sources, includes and outputs in
// folders with spaces (backslash paths on Windows), the line in a
// response file with CRLF line ends and quotes, saved as UTF-8 with or
// without a byte order mark or as UTF-16; a define of 200 KB, which no
// command line takes as it is (Linux: 128 KiB an argument; Windows: 32 KiB
// a line), reaches the compiler through a response file of shpack's; a
// response file without end (/dev/zero) or too large is refused.
func TestFxcPathsAndResponseFiles(t *testing.T) {
	dir, log := fxcDir(t)
	cc := filepath.Join(dir, "Program Files", "Windows Kits")
	require.NoError(t, os.MkdirAll(cc, 0o755))
	fxc, _, err := fxcstandin.Install(cc)
	require.NoError(t, err)
	shaders, inc, out := filepath.Join(dir, "My Shaders"), filepath.Join(dir, "inc dir"), filepath.Join(dir, "out dir")
	for _, d := range []string{shaders, inc, out} {
		require.NoError(t, os.Mkdir(d, 0o755))
	}
	require.NoError(t, os.WriteFile(filepath.Join(inc, "common.fxh"), []byte(includeHeader), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(shaders, "main shader.fx"), []byte(includeMain), 0o644))
	rel := func(p string) string { r, err := filepath.Rel(dir, p); require.NoError(t, err); return r }

	big := "BIG=" + strings.Repeat("1+", 100<<10) + "1" // 200 KB
	lines := []string{
		"/nologo /T vs_3_0",
		"/E mainVS",
		`/I "` + inc + `"`,
		`/Fo "` + filepath.Join(out, "main.vso") + `"`,
		`"/Fc` + rel(filepath.Join(out, "main.asm")) + `"`, // relative, backslashes on Windows
		`"` + filepath.Join(shaders, "main shader.fx") + `"`,
	}
	text := strings.Join(lines, "\r\n") + "\r\n"
	utf16le := func(s string) []byte {
		b := []byte{0xFF, 0xFE}
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u), byte(u>>8))
		}
		return b
	}
	for _, tc := range []struct {
		name string
		data []byte
		long bool // a define too long for a command line
	}{
		{"UTF-8", []byte(text), false},
		{"UTF-8 with BOM", append([]byte{0xEF, 0xBB, 0xBF}, text...), false},
		{"UTF-16", utf16le(text), false},
		{"a define of 200 KB", []byte("/D " + big + "\r\n" + text), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rsp := filepath.Join(shaders, "args file.rsp")
			require.NoError(t, os.WriteFile(rsp, tc.data, 0o644))
			os.Remove(log)
			for _, f := range []string{"main.vso", "main.asm"} {
				os.Remove(filepath.Join(out, f))
			}
			code, stdout, stderr := shpackRun("fxc", "--compiler="+fxc, "@"+rsp)
			require.Equal(t, exitOK, code, stderr)
			assert.Empty(t, stdout, "/nologo: nothing")
			assert.Equal(t, "common.fxh(16,1): note: shpack: mainVS's 12 outputs packed into 4 general registers\n",
				strings.Replace(stderr, filepath.Join(inc, "common.fxh"), "common.fxh", 1), "one line: what shpack packed")
			prog := readProgram(t, filepath.Join(out, "main.vso"))
			assert.Equal(t, "vs_3_0", prog.Profile())
			assert.Contains(t, string(got0(t, filepath.Join(out, "main.asm"))), "vs_3_0")
			runs := standinLog(t, log)
			require.Len(t, runs, 1)
			assert.Contains(t, runs[0].Source, "mainVS_Packed mainVS(", "the compiler is handed the rewrite")
			argv := runs[0].Argv
			if !tc.long {
				assert.Contains(t, strings.Join(argv, "\n"), "/I\n"+inc+"\n", "a folder with a space: one argument")
				return
			}
			require.Len(t, argv, 2, "the compiler reads its command line from a response file: %.200q", argv)
			assert.True(t, strings.HasPrefix(argv[1], "@"))
		})
	}

	// A response file without end, or too large: refused, and said so.
	huge := filepath.Join(dir, "huge.rsp")
	require.NoError(t, os.WriteFile(huge, bytes.Repeat([]byte("/DA "), 4<<20+1), 0o644))
	zero := []string{huge}
	if _, err := os.Stat("/dev/zero"); err == nil {
		zero = append(zero, "/dev/zero")
	}
	for _, f := range zero {
		code, _, stderr := shpackRun("fxc", "--compiler="+fxc, "@"+f, "fits.hlsl")
		assert.Equal(t, exitUsage, code)
		assert.Contains(t, stderr, "response file "+f+": too large: response files hold at most 16777216 bytes (16 MiB) together")
	}
}

// TestFxcOutputCollisions: every output of an fxc line (/Fo /Fc /Fh /Fe,
// --layout-out, --depfile) goes through the checks shpack's own outputs
// do, before anything runs (issue 40 item 2): none may be the source, a
// file it includes, the layout file or another output. /Fe naming the
// header a failing source includes replaced it with the error text, and
// /Fe o.vso /Fo o.vso replaced the old object on failure; now the line is
// refused, the compiler does not run and every file stays as it was.
func TestFxcOutputCollisions(t *testing.T) {
	st := standin(t)
	dir, log := fxcDir(t)
	p := newStagesPair()
	p.write(t, dir)
	cc := "--compiler=" + st.fxc
	code, _, stderr := shpackRun("fxc", cc, "--layout-out=foo.layout", "/T", "vs_3_0", "/E", "main", "/Fo", "v.vso", "FooV.hlsl")
	require.Equal(t, exitOK, code, stderr)
	require.NoError(t, os.WriteFile("o.vso", []byte("the old object"), 0o644))
	require.NoError(t, os.WriteFile("x.asm", []byte("an old listing"), 0o644))

	tests := []struct {
		name string
		args []string
		msg  string
	}{
		{"/Fe the header a failing source includes", []string{"/T", "vs_3_0", "/E", "mainVS", "/Fo", "bad.vso", "/Fe", "common.fxh", "bad.fx"},
			"/Fe common.fxh: an output of this run would overwrite common.fxh, which it reads (an include of its input)"},
		{"/Fe and /Fo one file", []string{"/T", "vs_3_0", "/E", "mainVS", "/Fe", "o.vso", "/Fo", "o.vso", "bad.fx"},
			"/Fo o.vso and /Fe o.vso name the same file"},
		{"/Fo the source", []string{"/T", "vs_3_0", "/E", "mainVS", "/Fo", "main.fx", "main.fx"},
			"/Fo main.fx: input file is the same as output file"},
		{"/Fc an include", []string{"/T", "vs_3_0", "/E", "mainVS", "/Fo", "o.vso", "/Fc", "common.fxh", "main.fx"},
			"/Fc common.fxh: an output of this run would overwrite common.fxh"},
		{"/Fh and /Fc, spelled apart", []string{"/T", "vs_3_0", "/E", "mainVS", "/Fc", "x.asm", "/Fh", "." + string(filepath.Separator) + "x.asm", "main.fx"},
			"/Fc x.asm and /Fh ." + string(filepath.Separator) + "x.asm name the same file"},
		{"--layout-out and /Fo", []string{"--layout-out=o.vso", "/T", "vs_3_0", "/E", "main", "/Fo", "o.vso", "FooV.hlsl"},
			"/Fo o.vso and --layout-out o.vso name the same file"},
		{"--depfile an include", []string{"--depfile=common.fxh", "/T", "vs_3_0", "/E", "mainVS", "/Fo", "o.vso", "main.fx"},
			"--depfile common.fxh: an output of this run would overwrite common.fxh"},
		{"/Fo the layout file", []string{"--layout=foo.layout", "/T", "ps_3_0", "/E", "main", "/Fo", "foo.layout", "FooP.hlsl"},
			"/Fo foo.layout: input file is the same as output file"},
		{"/Fe and --depfile", []string{"--depfile=e.txt", "/T", "vs_3_0", "/E", "mainVS", "/Fo", "o.vso", "/Fe", "e.txt", "bad.fx"},
			"/Fe e.txt and --depfile e.txt name the same file"},
	}
	before := map[string][]byte{}
	for _, f := range []string{"common.fxh", "main.fx", "bad.fx", "o.vso", "x.asm", "foo.layout", "FooV.hlsl", "FooP.hlsl"} {
		before[f] = got0(t, f)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			os.Remove(log)
			code, _, stderr := shpackRun(append([]string{"fxc", cc}, tc.args...)...)
			assert.Equal(t, exitUsage, code, stderr)
			assert.Contains(t, stderr, tc.msg)
			assert.Empty(t, standinLog(t, log), "the compiler did not run")
			for f, data := range before {
				assert.Equal(t, string(data), string(got0(t, f)), "%s is as it was", f)
			}
			assert.NoFileExists(t, "e.txt")
			assert.NoFileExists(t, "bad.vso")
		})
	}
	// The failing compile that names no file twice writes /Fe.
	code, _, _ = shpackRun("fxc", cc, "/T", "vs_3_0", "/E", "mainVS", "/Fo", "bad.vso", "/Fe", "bad.txt", "bad.fx")
	assert.Equal(t, exitInput, code)
	assert.Contains(t, string(got0(t, "bad.txt")), "bad.fx(6,38): error X3004")
	assert.NoFileExists(t, "bad.vso")
}

// TestFxcOlderProfiles: Shader Model 1 and 2 (issue 40 item 3), which fxc
// and vkd3d compile, were refused after the compile ("check reads
// vs_3_0"). Nothing is packed there: the source is compiled as written
// and the program written; shpack checks of it what applies (that it is
// a program of the profile: its version token) and, asked (-v), says in
// one line that it checks Shader Model 3 only. /nologo: nothing printed.
func TestFxcOlderProfiles(t *testing.T) {
	st := standin(t)
	_, log := fxcDir(t)
	for _, tc := range []struct {
		profile, entry, file string
		token                uint32
	}{
		{"vs_2_0", "VS", "fits.hlsl", 0xFFFE0200},
		{"vs_2_a", "VS", "fits.hlsl", 0xFFFE0201},
		{"vs_1_1", "VS", "fits.hlsl", 0xFFFE0101},
		{"ps_2_0", "PS", "ps.hlsl", 0xFFFF0200},
		{"ps_2_b", "PS", "ps.hlsl", 0xFFFF0201},
		{"ps_1_4", "PS", "ps.hlsl", 0xFFFF0104},
	} {
		for _, c := range []struct{ name, path string }{{"fxc", st.fxc}, {"vkd3d", st.vkd3d}} {
			t.Run(tc.profile+"/stand-in "+c.name, func(t *testing.T) {
				os.Remove(log)
				obj := tc.profile + "." + c.name + ".o"
				code, stdout, stderr := shpackRun("fxc", "--compiler="+c.path, "/nologo", "/T", tc.profile, "/E", tc.entry, "/Fo", obj, tc.file)
				require.Equal(t, exitOK, code, stderr)
				assert.Empty(t, stdout+stderr, "nothing to pack: nothing printed")
				data := got0(t, obj)
				require.GreaterOrEqual(t, len(data), 4)
				assert.Equal(t, tc.token, binary.LittleEndian.Uint32(data), "%#08x", binary.LittleEndian.Uint32(data))
				runs := standinLog(t, log)
				require.Len(t, runs, 1)
				if c.name == "fxc" {
					assert.Equal(t, string(got0(t, tc.file)), runs[0].Source, "compiled as written")
				}

				code, _, stderr = shpackRun("fxc", "--compiler="+c.path, "-v", "/nologo", "/T", tc.profile, "/E", tc.entry, "/Fo", obj, tc.file)
				require.Equal(t, exitOK, code, stderr)
				assert.Contains(t, stderr, tc.file+": note: "+tc.profile+" is compiled as written: shpack packs vs_3_0 outputs and ps_3_0 inputs, and checks Shader Model 3 programs only")
			})
		}
		if vkd3d.Path() == "" || tc.profile == "vs_1_1" { // vkd3d 1.17 compiles no vs_1_1
			continue
		}
		t.Run(tc.profile+"/vkd3d-compiler", func(t *testing.T) {
			// The real one writes ps_2_b as 2.2 (fxc: 2.1).
			obj := tc.profile + ".real.o"
			code, stdout, stderr := shpackRun("fxc", "--compiler="+vkd3d.Path(), "/nologo", "/T", tc.profile, "/E", tc.entry, "/Fo", obj, tc.file)
			require.Equal(t, exitOK, code, stderr)
			assert.Empty(t, stdout+stderr)
			assert.FileExists(t, obj)
		})
	}
}

// TestFxcQuiet: shpack fxc prints what the compiler prints (issue 39):
// with /nologo, nothing for a shader with nothing to pack, one line for
// one it packs; the rest (the compiler it ran, what it left alone) under
// -v. A failing compile prints the compiler's messages, and the one line.
func TestFxcQuiet(t *testing.T) {
	st := standin(t)
	fxcDir(t)
	cc := "--compiler=" + st.fxc
	for _, tc := range []struct {
		name  string
		args  []string
		code  int
		lines []string // the lines of stderr, in order (a prefix for -v)
	}{
		{"nothing to pack", []string{"/T", "vs_3_0", "/E", "VS", "/Fo", "fits.vso", "fits.hlsl"}, exitOK, nil},
		{"an effect", []string{"/T", "fx_2_0", "/Fo", "main.fxo", "main.fx"}, exitOK,
			[]string{"common.fxh(16,1): note: shpack: mainVS's 12 outputs packed into 4 general registers"}},
		{"its vertex shader", []string{"/T", "vs_3_0", "/E", "mainVS", "/Fo", "main.vso", "main.fx"}, exitOK,
			[]string{"common.fxh(16,1): note: shpack: mainVS's 12 outputs packed into 4 general registers"}},
		{"its pixel shader", []string{"/T", "ps_3_0", "/E", "mainPS", "/Fo", "main.pso", "main.fx"}, exitOK,
			[]string{"main.fx(3,1): note: shpack: mainPS reads its 12 inputs from 4 packed general registers"}},
		{"a compiler error", []string{"/T", "vs_3_0", "/E", "mainVS", "/Fo", "bad.vso", "bad.fx"}, exitInput,
			[]string{"common.fxh(16,1): note: shpack: mainVS's 12 outputs packed into 4 general registers",
				"bad.fx(6,38): error X3004: undeclared identifier 'STANDIN_ERROR'", "compilation failed; no code produced"}},
		{"-v, nothing to pack", []string{"-v", "/T", "vs_3_0", "/E", "VS", "/Fo", "fits.vso", "fits.hlsl"}, exitOK,
			[]string{"shpack: note: fxc: the compiler is " + st.fxc + " (--compiler)", "fits.hlsl(1,1): note: VS: fits vs_3_0 with one register per semantic: compiled as written"}},
		{"-v, packed", []string{"-v", "/T", "vs_3_0", "/E", "mainVS", "/Fo", "main.vso", "main.fx"}, exitOK,
			[]string{"shpack: note: fxc: the compiler is " + st.fxc + " (--compiler)", "common.fxh(16,1): note: mainVS: 12 outputs packed into 4 general registers (one register per semantic: 11)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := shpackRun(append([]string{"fxc", cc, "/nologo"}, tc.args...)...)
			assert.Equal(t, tc.code, code, stderr)
			assert.Empty(t, stdout)
			var got []string
			if stderr != "" {
				got = strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			}
			if tc.args[0] == "-v" {
				require.GreaterOrEqual(t, len(got), len(tc.lines), stderr)
				got = got[:len(tc.lines)]
			}
			assert.Equal(t, tc.lines, got)
		})
	}
}
