// Command release builds shpack's release archives: the shpack command
// for every platform Direct3D 9 users and their build machines run
// (Windows on amd64 and arm64 first, then macOS and Linux), each in an
// archive of its own with the README, and a SHA256SUMS file.
//
//	go run ./internal/release [-o dist] [-platforms windows/amd64,...] [-allow-dirty]
//
// The version shpack prints (`shpack version`) is stamped by the Go
// toolchain from the checkout: the module version (the tag, or a
// pseudo-version from the commit), the revision, and "-dirty" when the
// tree had changes (refused unless -allow-dirty). A release is
// byte-identical when built twice from one commit with one Go version:
// the builds are -trimpath with no build ID, and the archives hold their
// entries in a fixed order, each with the commit's time, fixed modes and
// no owner; gzip's header holds no name or time.
package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"debug/buildinfo"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// A platform is a GOOS/GOARCH pair.
type platform struct{ goos, goarch string }

func (p platform) String() string { return p.goos + "/" + p.goarch }

// platforms are the ones a release is built for, by default.
var platforms = []platform{
	{"windows", "amd64"}, {"windows", "arm64"},
	{"darwin", "arm64"}, {"darwin", "amd64"},
	{"linux", "amd64"}, {"linux", "arm64"},
}

// stamp is what the toolchain recorded of the checkout a binary was built
// from.
type stamp struct {
	version, revision string
	time              time.Time
	dirty             bool
}

func main() {
	out := flag.String("o", "dist", "the `folder` to write the archives to")
	only := flag.String("platforms", "", "a comma-separated `list` of GOOS/GOARCH to build (default: all)")
	dirty := flag.Bool("allow-dirty", false, "build from a checkout with uncommitted changes (the version says -dirty)")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "release: no arguments, only flags (go run ./internal/release -h)")
		os.Exit(2)
	}
	todo, err := choose(*only)
	if err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(2)
	}
	if err := release(*out, todo, *dirty, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "release:", err)
		os.Exit(1)
	}
}

// choose reads -platforms.
func choose(list string) ([]platform, error) {
	if list == "" {
		return platforms, nil
	}
	var out []platform
	for _, s := range strings.Split(list, ",") {
		goos, goarch, ok := strings.Cut(strings.TrimSpace(s), "/")
		if !ok || goos == "" || goarch == "" {
			return nil, fmt.Errorf("platform %q: want GOOS/GOARCH, e.g. windows/amd64", s)
		}
		out = append(out, platform{goos, goarch})
	}
	return out, nil
}

// release builds the archives of todo into dir and a SHA256SUMS file
// naming them, and says one line per archive on w.
func release(dir string, todo []platform, allowDirty bool, w io.Writer) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "shpack-release-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	var sums bytes.Buffer
	for _, p := range todo {
		bin := filepath.Join(work, p.goos+"-"+p.goarch, exeName(p))
		if err := build(root, p, bin); err != nil {
			return err
		}
		st, err := readStamp(bin)
		if err != nil {
			return err
		}
		if st.dirty && !allowDirty {
			return errors.New("the checkout has uncommitted changes: commit them, or build with -allow-dirty (the version then says -dirty)")
		}
		data, err := os.ReadFile(bin)
		if err != nil {
			return err
		}
		name, archive, err := pack(p, st, []entry{{exeName(p), data, 0o755}, {"README.md", readme, 0o644}})
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, name), archive, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(&sums, "%x  %s\n", sha256.Sum256(archive), name)
		fmt.Fprintf(w, "%s: shpack %s (%s)\n", filepath.Join(dir, name), st.version, st.revision)
	}
	return os.WriteFile(filepath.Join(dir, "SHA256SUMS"), sums.Bytes(), 0o644)
}

// exeName is the command's file name on p.
func exeName(p platform) string {
	if p.goos == "windows" {
		return "shpack.exe"
	}
	return "shpack"
}

// moduleRoot is the folder of the main module's go.mod.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("run it inside shpack's module")
	}
	return filepath.Dir(mod), nil
}

// build builds cmd/shpack for p into bin: without cgo, -trimpath (no path
// of this machine inside), no build ID, and with the checkout's VCS
// stamp whatever GOFLAGS says.
func build(root string, p platform, bin string) error {
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=true", "-ldflags=-s -w -buildid=", "-o", bin, "./cmd/shpack")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS="+p.goos, "GOARCH="+p.goarch, "CGO_ENABLED=0", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building for %s: %v\n%s", p, err, out)
	}
	return nil
}

// readStamp reads the version and VCS stamp of a built binary.
func readStamp(bin string) (stamp, error) {
	bi, err := buildinfo.ReadFile(bin)
	if err != nil {
		return stamp{}, err
	}
	st := stamp{version: bi.Main.Version}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			st.revision = s.Value
		case "vcs.time":
			st.time, err = time.Parse(time.RFC3339, s.Value)
			if err != nil {
				return stamp{}, fmt.Errorf("vcs.time %q: %v", s.Value, err)
			}
		case "vcs.modified":
			st.dirty = s.Value == "true"
		}
	}
	if st.revision == "" || st.time.IsZero() {
		return stamp{}, errors.New("the build has no VCS stamp: build from a git checkout")
	}
	return st, nil
}

// An entry is a file of an archive.
type entry struct {
	name string
	data []byte
	mode os.FileMode
}

// pack makes p's archive of entries, in a folder named as the archive: a
// zip for Windows (what Explorer opens), a gzipped tar elsewhere.
func pack(p platform, st stamp, entries []entry) (string, []byte, error) {
	version := strings.TrimSuffix(st.version, "+dirty")
	base := fmt.Sprintf("shpack_%s_%s_%s", version, p.goos, p.goarch)
	if st.dirty {
		base += "_dirty"
	}
	var b bytes.Buffer
	if p.goos == "windows" {
		zw := zip.NewWriter(&b)
		for _, e := range entries {
			h := &zip.FileHeader{Name: base + "/" + e.name, Method: zip.Deflate, Modified: st.time.UTC()}
			h.SetMode(e.mode)
			f, err := zw.CreateHeader(h)
			if err == nil {
				_, err = f.Write(e.data)
			}
			if err != nil {
				return "", nil, err
			}
		}
		if err := zw.Close(); err != nil {
			return "", nil, err
		}
		return base + ".zip", b.Bytes(), nil
	}
	gz, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err != nil {
		return "", nil, err
	}
	tw := tar.NewWriter(gz)
	for _, e := range entries {
		h := &tar.Header{Name: base + "/" + e.name, Mode: int64(e.mode), Size: int64(len(e.data)), ModTime: st.time.UTC(), Typeflag: tar.TypeReg, Format: tar.FormatUSTAR}
		if err := tw.WriteHeader(h); err != nil {
			return "", nil, err
		}
		if _, err := tw.Write(e.data); err != nil {
			return "", nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return "", nil, err
	}
	if err := gz.Close(); err != nil {
		return "", nil, err
	}
	return base + ".tar.gz", b.Bytes(), nil
}
