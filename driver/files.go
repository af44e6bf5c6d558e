package driver

import (
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/shpack/shpack/internal/outfile"
)

// ShaderExts are the file extensions FindShaderFiles reads in directories.
var ShaderExts = []string{".hlsl", ".fx", ".fxh", ".hlsli", ".cg", ".cginc", ".h", ".inc", ".vsh", ".psh"}

// Found is what FindShaderFiles found.
type Found struct {
	// Files are the shader files: those named, and in directories those
	// with a shader extension, sorted.
	Files []string
	// Skipped are what is not a regular file (a FIFO, a device, a socket,
	// a link to one) in a directory: reading it could block or never end.
	Skipped []string
	// Other are the files of other extensions in directories, Assembly
	// those of .vsh/.psh that hold Direct3D assembly (what shpack writes).
	Other, Assembly []string
}

// FindShaderFiles expands directories into their shader files; files
// named directly are kept whatever their extension. Named directly, a
// FIFO or a character device is read as cat would; a block device or a
// socket is an error.
func FindShaderFiles(paths []string) (*Found, error) {
	var f Found
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, fileError(p, "cannot read: %v", outfile.Unwrap(err))
		}
		if !st.IsDir() {
			if outfile.Unreadable(st.Mode()) {
				return nil, fileError(p, "cannot read: not a regular file")
			}
			f.Files = append(f.Files, p)
			continue
		}
		var found []string
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			ext := strings.ToLower(filepath.Ext(path))
			switch {
			case err != nil:
				return err
			case d.IsDir():
			case !slices.Contains(ShaderExts, ext):
				f.Other = append(f.Other, path)
			case (ext == ".vsh" || ext == ".psh") && isAssembly(path):
				f.Assembly = append(f.Assembly, path)
			case !d.Type().IsRegular() && !isRegular(path):
				f.Skipped = append(f.Skipped, path)
			default:
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, fileError(p, "cannot walk: %v", err)
		}
		slices.Sort(found)
		f.Files = append(f.Files, found...)
	}
	return &f, nil
}

func isRegular(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}

// LeftOut says how many files of which kinds a directory walk left out:
// "skipped 37 files of other extensions or kinds (20 .vert, 17 .frag)";
// "" if none.
func (f *Found) LeftOut() string {
	count := map[string]int{}
	for _, p := range f.Other {
		ext := strings.ToLower(filepath.Ext(p))
		if ext == "" {
			ext = "no extension"
		}
		count[ext]++
	}
	if len(f.Assembly) > 0 {
		count["Direct3D assembly"] = len(f.Assembly)
	}
	if len(count) == 0 {
		return ""
	}
	exts := slices.Sorted(maps.Keys(count))
	slices.SortStableFunc(exts, func(a, b string) int { return count[b] - count[a] })
	var parts []string
	for _, x := range exts {
		parts = append(parts, fmt.Sprintf("%d %s", count[x], x))
	}
	return fmt.Sprintf("skipped %d files of other extensions or kinds (%s", len(f.Other)+len(f.Assembly), strings.Join(parts, ", "))
}

// isAssembly says whether a file starts, after comments and blanks, with a
// Direct3D assembly version token (vs_3_0, ps.2.0): shader assembly, such
// as shpack writes, not HLSL.
func isAssembly(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	text := string(head[:n])
	for {
		text = strings.TrimLeft(text, " \t\r\n\ufeff")
		switch {
		case strings.HasPrefix(text, "//") || strings.HasPrefix(text, ";"):
			_, text, _ = strings.Cut(text, "\n")
		case strings.HasPrefix(text, "/*"):
			_, text, _ = strings.Cut(text, "*/")
		default:
			lower := strings.ToLower(text)
			for _, v := range []string{"vs_", "ps_", "vs.", "ps."} {
				if strings.HasPrefix(lower, v) && len(lower) > 3 && lower[3] >= '1' && lower[3] <= '3' {
					return true
				}
			}
			return false
		}
	}
}
