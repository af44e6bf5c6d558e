package compile

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFindCompiler: the compiler a user of fxc expects (issue 37), on a
// machine the test describes, so that the Windows SDK's layout is tested
// on every platform: the fxc the command line names by its path, then
// --compiler, then SHPACK_FXC, then (on Windows) the Windows 10/11 SDK's
// newest version, its unversioned folder, the 8.1 SDK and the DirectX
// SDK, each in the host's architecture first, then fxc on PATH. A path
// given that does not exist is an error naming it; none found lists the
// places searched.
func TestFindCompiler(t *testing.T) {
	const (
		pf86  = `C:\Program Files (x86)`
		kits  = pf86 + `\Windows Kits\10\bin`
		dxsdk = `C:\Program Files (x86)\Microsoft DirectX SDK (June 2010)\`
	)
	sdk := map[string][]string{ // a Windows Kits bin folder's versions
		kits: {"10.0.9200.0", "10.0.19041.0", "10.0.22621.0", "x64", "x86", "arm64"},
	}
	tests := []struct {
		name          string
		goos, goarch  string
		named, flag   string
		env           map[string]string
		files         []string // regular files that exist
		path          []string // programs on PATH
		want, from    string
		err           []string // what the error says
		searchedFirst string   // the first place an error lists
	}{
		{name: "named by path", goos: "linux", named: "/sdk/fxc.exe", flag: "/other/fxc", env: map[string]string{"SHPACK_FXC": "/env/fxc"},
			files: []string{"/sdk/fxc.exe", "/other/fxc", "/env/fxc"}, want: "/sdk/fxc.exe", from: "the command line"},
		{name: "named but missing", goos: "linux", named: "/sdk/fxc.exe", flag: "/other/fxc", files: []string{"/other/fxc"},
			err: []string{"/sdk/fxc.exe", "the command line", "does not exist"}},
		{name: "bare fxc.exe is searched for", goos: "linux", named: "fxc.exe", flag: "/other/fxc", files: []string{"/other/fxc"},
			want: "/other/fxc", from: "--compiler"},
		{name: "--compiler before SHPACK_FXC", goos: "linux", flag: "/other/fxc", env: map[string]string{"SHPACK_FXC": "/env/fxc"},
			files: []string{"/other/fxc", "/env/fxc"}, want: "/other/fxc", from: "--compiler"},
		{name: "--compiler missing", goos: "linux", flag: "/nope/fxc.exe",
			err: []string{"the compiler /nope/fxc.exe (--compiler) does not exist"}},
		{name: "--compiler a name on PATH", goos: "linux", flag: "vkd3d-compiler", path: []string{"vkd3d-compiler"},
			want: "/usr/bin/vkd3d-compiler", from: "--compiler, on PATH"},
		{name: "--compiler a name not on PATH", goos: "linux", flag: "vkd3d-compiler",
			err: []string{"vkd3d-compiler (--compiler) is not on PATH"}},
		{name: "SHPACK_FXC", goos: "linux", env: map[string]string{"SHPACK_FXC": "/env/fxc"}, files: []string{"/env/fxc"},
			want: "/env/fxc", from: "SHPACK_FXC"},
		{name: "a path without .exe on Windows", goos: "windows", flag: `C:\sdk\fxc`, files: []string{`C:\sdk\fxc.exe`},
			want: `C:\sdk\fxc.exe`, from: "--compiler"},
		{name: "SHPACK_FXC missing", goos: "windows", env: map[string]string{"SHPACK_FXC": `D:\tools\fxc.exe`},
			err: []string{`D:\tools\fxc.exe (SHPACK_FXC) does not exist`}},
		{name: "PATH off Windows", goos: "linux", env: map[string]string{"ProgramFiles(x86)": pf86}, path: []string{"fxc"},
			files: []string{kits + `\10.0.22621.0\x64\fxc.exe`}, want: "/usr/bin/fxc", from: "PATH"},
		{name: "none off Windows", goos: "linux", err: []string{"no compiler", "--compiler=PATH", "SHPACK_FXC", "fxc on PATH"}, searchedFirst: "fxc on PATH"},

		{name: "Windows SDK newest version", goos: "windows", goarch: "amd64", env: map[string]string{"ProgramFiles(x86)": pf86},
			files: []string{kits + `\10.0.9200.0\x64\fxc.exe`, kits + `\10.0.19041.0\x64\fxc.exe`, kits + `\10.0.22621.0\x64\fxc.exe`, kits + `\10.0.22621.0\x86\fxc.exe`},
			path:  []string{"fxc"}, want: kits + `\10.0.22621.0\x64\fxc.exe`, from: "the Windows 10 SDK 10.0.22621.0"},
		{name: "Windows SDK x86 on x64", goos: "windows", goarch: "amd64", env: map[string]string{"ProgramFiles(x86)": pf86},
			files: []string{kits + `\10.0.22621.0\x86\fxc.exe`, kits + `\10.0.19041.0\x64\fxc.exe`},
			want:  kits + `\10.0.22621.0\x86\fxc.exe`},
		{name: "Windows SDK older version when the newest has none", goos: "windows", goarch: "amd64", env: map[string]string{"ProgramFiles(x86)": pf86},
			files: []string{kits + `\10.0.19041.0\x64\fxc.exe`, kits + `\10.0.9200.0\x64\fxc.exe`}, want: kits + `\10.0.19041.0\x64\fxc.exe`},
		{name: "Windows SDK on Arm", goos: "windows", goarch: "arm64", env: map[string]string{"ProgramFiles(x86)": pf86},
			files: []string{kits + `\10.0.22621.0\x64\fxc.exe`, kits + `\10.0.22621.0\arm64\fxc.exe`}, want: kits + `\10.0.22621.0\arm64\fxc.exe`},
		{name: "Windows SDK, 32-bit shpack", goos: "windows", goarch: "386", env: map[string]string{"ProgramFiles(x86)": pf86},
			files: []string{kits + `\10.0.22621.0\x64\fxc.exe`, kits + `\10.0.22621.0\x86\fxc.exe`}, want: kits + `\10.0.22621.0\x86\fxc.exe`},
		{name: "Windows 10 SDK unversioned", goos: "windows", goarch: "amd64", env: map[string]string{"ProgramFiles(x86)": pf86},
			files: []string{kits + `\x64\fxc.exe`}, want: kits + `\x64\fxc.exe`, from: "the Windows 10 SDK"},
		{name: "Windows 8.1 SDK", goos: "windows", goarch: "amd64", env: map[string]string{"ProgramFiles(x86)": pf86},
			files: []string{pf86 + `\Windows Kits\8.1\bin\x64\fxc.exe`}, want: pf86 + `\Windows Kits\8.1\bin\x64\fxc.exe`, from: "the Windows 8.1 SDK"},
		{name: "32-bit Windows: ProgramFiles", goos: "windows", goarch: "386", env: map[string]string{"ProgramFiles": `C:\Program Files`},
			files: []string{`C:\Program Files\Windows Kits\8.1\bin\x86\fxc.exe`}, want: `C:\Program Files\Windows Kits\8.1\bin\x86\fxc.exe`},
		{name: "DirectX SDK", goos: "windows", goarch: "amd64", env: map[string]string{"ProgramFiles(x86)": pf86, "DXSDK_DIR": dxsdk},
			files: []string{dxsdk + `Utilities\bin\x64\fxc.exe`}, want: dxsdk + `Utilities\bin\x64\fxc.exe`, from: "the DirectX SDK (DXSDK_DIR)"},
		{name: "DirectX SDK on Arm: x64", goos: "windows", goarch: "arm64", env: map[string]string{"DXSDK_DIR": dxsdk},
			files: []string{dxsdk + `Utilities\bin\x64\fxc.exe`}, want: dxsdk + `Utilities\bin\x64\fxc.exe`},
		{name: "SHPACK_FXC before the SDK", goos: "windows", goarch: "amd64", env: map[string]string{"ProgramFiles(x86)": pf86, "SHPACK_FXC": `D:\fxc.exe`},
			files: []string{kits + `\10.0.22621.0\x64\fxc.exe`, `D:\fxc.exe`}, want: `D:\fxc.exe`, from: "SHPACK_FXC"},
		{name: "Windows PATH last", goos: "windows", goarch: "amd64", env: map[string]string{"ProgramFiles(x86)": pf86}, path: []string{"fxc"},
			want: "/usr/bin/fxc", from: "PATH"},
		{name: "none on Windows", goos: "windows", goarch: "amd64", env: map[string]string{"ProgramFiles(x86)": pf86, "DXSDK_DIR": dxsdk},
			err: []string{"no compiler", kits + `\10.0.22621.0\x64\fxc.exe`, kits + `\10.0.9200.0\x86\fxc.exe`, kits + `\x64\fxc.exe`,
				pf86 + `\Windows Kits\8.1\bin\x86\fxc.exe`, dxsdk + `Utilities\bin\x86\fxc.exe`, "fxc on PATH"},
			searchedFirst: kits + `\10.0.22621.0\x64\fxc.exe`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := Search{
				Named: tc.named, Flag: tc.flag, GOOS: tc.goos, GOARCH: tc.goarch,
				Getenv: func(k string) string { return tc.env[k] },
				Exists: func(p string) bool {
					for _, f := range tc.files {
						if f == p {
							return true
						}
					}
					return false
				},
				ReadDir: func(dir string) ([]string, error) {
					if names, ok := sdk[dir]; ok {
						return names, nil
					}
					return nil, errors.New("no such folder")
				},
				LookPath: func(name string) (string, error) {
					for _, p := range tc.path {
						if p == name {
							return "/usr/bin/" + name, nil
						}
					}
					return "", errors.New("not found")
				},
			}
			got, err := FindCompiler(s)
			if tc.err != nil {
				require.Error(t, err)
				for _, e := range tc.err {
					assert.Contains(t, err.Error(), e)
				}
				if tc.searchedFirst != "" {
					_, list, _ := strings.Cut(err.Error(), "searched:\n")
					assert.Equal(t, tc.searchedFirst, strings.TrimSpace(strings.SplitN(list, "\n", 2)[0]), "newest first")
				}
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got.Path)
			if tc.from != "" {
				assert.Equal(t, tc.from, got.From)
			}
		})
	}
}
