package compile

import (
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// Finding the compiler.
//
// The compiler is the one the user names, else the one a user of fxc
// expects: the fxc a command line names by its path (shpack
// C:\sdk\fxc.exe /T ...), --compiler, $SHPACK_FXC; on Windows then the
// Windows SDK's fxc.exe where its installers put it; then fxc on PATH.
// A path given that does not exist is an error naming it, on every
// platform (off Windows an fxc.exe runs through Wine, which would start
// anyway and fail with a message of its own).

// A Search is where FindCompiler looks and how it sees the machine. Its
// functions are the process's own in the command (SystemSearch), and a
// test's elsewhere, so that the Windows SDK's layout is tested on every
// platform.
type Search struct {
	// Named is the fxc the command line names by a path ("": none, or a
	// bare fxc.exe, which the search finds), Flag is --compiler's value.
	Named, Flag string
	// GOOS and GOARCH are the platform's (runtime.GOOS, runtime.GOARCH).
	GOOS, GOARCH string
	// Getenv reads the environment; Exists tells whether a regular file
	// is there; ReadDir lists a folder's names; LookPath finds a program
	// on PATH (exec.LookPath).
	Getenv   func(string) string
	Exists   func(string) bool
	ReadDir  func(string) ([]string, error)
	LookPath func(string) (string, error)
}

// SystemSearch is a Search of this machine, for the compiler named (the
// command line's) and flag (--compiler).
func SystemSearch(named, flag string) Search {
	return Search{
		Named: named, Flag: flag, GOOS: runtime.GOOS, GOARCH: runtime.GOARCH,
		Getenv: os.Getenv,
		Exists: func(p string) bool {
			st, err := os.Stat(p)
			return err == nil && st.Mode().IsRegular()
		},
		ReadDir: func(dir string) ([]string, error) {
			entries, err := os.ReadDir(dir)
			names := make([]string, len(entries))
			for i, e := range entries {
				names[i] = e.Name()
			}
			return names, err
		},
		LookPath: exec.LookPath,
	}
}

// Found is the compiler a search took, and where it was found, in words
// ("--compiler", "the Windows 10 SDK", "PATH"), for -v.
type Found struct {
	Path, From string
}

// FindCompiler finds the compiler (see above). A path given that does
// not exist, a name that is not on PATH, or no compiler anywhere is an
// error that says what was looked for and where.
func FindCompiler(s Search) (Found, error) {
	for _, given := range []struct{ value, from string }{
		{s.Named, "the command line"},
		{s.Flag, "--compiler"},
		{s.Getenv("SHPACK_FXC"), "SHPACK_FXC"},
	} {
		switch v := given.value; {
		case v == "":
		case given.from == "the command line" && !hasDir(v):
			// "shpack fxc.exe /T ...": the fxc a user would run.
		case hasDir(v):
			if s.GOOS == "windows" && !s.Exists(v) && s.Exists(v+".exe") {
				v += ".exe" // C:\sdk\fxc, as Windows runs it
			}
			if !s.Exists(v) {
				return Found{}, fmt.Errorf("the compiler %s (%s) does not exist", v, given.from)
			}
			return Found{v, given.from}, nil
		default:
			p, err := s.LookPath(v)
			if err != nil {
				return Found{}, fmt.Errorf("the compiler %s (%s) is not on PATH", v, given.from)
			}
			return Found{p, given.from + ", on PATH"}, nil
		}
	}
	var searched []string
	if s.GOOS == "windows" {
		for _, c := range sdkCandidates(s) {
			if s.Exists(c.path) {
				return Found{c.path, c.from}, nil
			}
			searched = append(searched, c.path)
		}
	}
	if p, err := s.LookPath("fxc"); err == nil {
		return Found{p, "PATH"}, nil
	}
	searched = append(searched, "fxc on PATH")
	return Found{}, fmt.Errorf("no compiler: give --compiler=PATH or set SHPACK_FXC (fxc.exe or vkd3d-compiler); searched:\n  %s", strings.Join(searched, "\n  "))
}

// hasDir reports whether p names a file by a path (a folder in it, or a
// drive), not a program to find on PATH.
func hasDir(p string) bool {
	return strings.ContainsAny(p, `/\`) || len(p) >= 2 && p[1] == ':'
}

// candidate is a place fxc.exe may be, and its name in words.
type candidate struct{ path, from string }

// sdkCandidates are the places the Windows SDKs install fxc.exe, best
// first: the Windows 10/11 SDK's newest version (then the older ones),
// its older unversioned folder, the Windows 8.1 SDK, the DirectX SDK of
// June 2010; each in the host's architecture first.
func sdkCandidates(s Search) []candidate {
	arches, dxArches := []string{"x64", "x86"}, []string{"x64", "x86"}
	switch s.GOARCH {
	case "386":
		arches, dxArches = []string{"x86"}, []string{"x86"}
	case "arm64": // Windows 11 on Arm runs x64 programs; 10 runs x86 ones
		arches, dxArches = []string{"arm64", "x64", "x86"}, []string{"x64", "x86"}
	}
	var out []candidate
	add := func(dir, from string, arches []string) {
		for _, a := range arches {
			out = append(out, candidate{winJoin(dir, a, "fxc.exe"), from})
		}
	}
	pf := cmp.Or(s.Getenv("ProgramFiles(x86)"), s.Getenv("ProgramFiles"))
	if pf != "" {
		kits := winJoin(pf, "Windows Kits", "10", "bin")
		names, _ := s.ReadDir(kits)
		var versions [][]int
		byVersion := map[string]string{}
		for _, n := range names {
			if v, ok := sdkVersion(n); ok {
				versions = append(versions, v)
				byVersion[fmt.Sprint(v)] = n
			}
		}
		slices.SortFunc(versions, func(a, b []int) int { return slices.Compare(b, a) })
		for _, v := range versions {
			n := byVersion[fmt.Sprint(v)]
			add(winJoin(kits, n), "the Windows 10 SDK "+n, arches)
		}
		add(kits, "the Windows 10 SDK", arches)
		add(winJoin(pf, "Windows Kits", "8.1", "bin"), "the Windows 8.1 SDK", arches)
	}
	if dx := s.Getenv("DXSDK_DIR"); dx != "" {
		add(winJoin(dx, "Utilities", "bin"), "the DirectX SDK (DXSDK_DIR)", dxArches)
	}
	return out
}

// sdkVersion reads a Windows 10 SDK's version folder (10.0.22621.0).
func sdkVersion(name string) ([]int, bool) {
	parts := strings.Split(name, ".")
	if len(parts) < 2 || parts[0] != "10" {
		return nil, false
	}
	v := make([]int, len(parts))
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return nil, false
		}
		v[i] = n
	}
	return v, true
}

// winJoin joins a Windows path's parts with backslashes (also when the
// search is tested elsewhere), one between each.
func winJoin(parts ...string) string {
	out := strings.TrimRight(parts[0], `\/`)
	for _, p := range parts[1:] {
		out += `\` + strings.Trim(p, `\/`)
	}
	return out
}
