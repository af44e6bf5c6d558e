package hlsl

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shpack/shpack/corpus"
	"github.com/shpack/shpack/internal/realcorpus"
)

type benchFile struct {
	name string
	src  []byte
	opts *PPOptions
}

// benchSets returns the project's corpus and the real-world corpus as
// in-memory files (includes are still read from disk).
func benchSets(b testing.TB) map[string][]benchFile {
	sets := map[string][]benchFile{}
	for _, name := range corpus.Names() {
		if corpus.ExpectError(name) {
			continue // error cases include deliberate bombs that run to the limits
		}
		src, err := fs.ReadFile(corpus.FS(), name)
		if err != nil {
			b.Fatal(err)
		}
		sets["corpus"] = append(sets["corpus"], benchFile{name, src, &PPOptions{ReadFile: func(string) ([]byte, error) { return nil, fs.ErrNotExist }, AllowMissingIncludes: true}})
	}
	root := realcorpus.Root(b)
	for _, rel := range realcorpus.Files(b, root) {
		path := filepath.Join(root, rel)
		src, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		o := realcorpus.Options(root, rel)
		sets["corpus-real"] = append(sets["corpus-real"], benchFile{path, src, &PPOptions{IncludeDirs: o.IncludeDirs, Defines: o.Defines, AllowMissingIncludes: o.AllowMissingIncludes}})
	}
	return sets
}

// BenchmarkParse preprocesses and parses every file of a corpus per
// iteration; MB/s counts the main files' bytes. corpus-real-cache does it
// as one shpack command does (compare, --out-dir): the files of a pass
// share a ScanCache, made anew for each pass.
func BenchmarkParse(b *testing.B) {
	for _, set := range []string{"corpus", "corpus-real", "corpus-real-cache"} {
		files := benchSets(b)[strings.TrimSuffix(set, "-cache")]
		cached := strings.HasSuffix(set, "-cache")
		b.Run(set, func(b *testing.B) {
			total := 0
			for _, f := range files {
				total += len(f.src)
			}
			b.SetBytes(int64(total))
			b.ReportAllocs()
			for b.Loop() {
				var cache *ScanCache
				if cached {
					cache = NewScanCache()
				}
				for _, f := range files {
					opts := *f.opts
					opts.Cache = cache
					ParseFile(f.name, f.src, &opts)
				}
			}
			b.ReportMetric(float64(len(files))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
		})
	}
}

// BenchmarkLower lowers every struct and function of already parsed units.
func BenchmarkLower(b *testing.B) {
	for _, set := range []string{"corpus", "corpus-real"} {
		var units []*Unit
		for _, f := range benchSets(b)[set] {
			if u, err := ParseFile(f.name, f.src, f.opts); err == nil {
				units = append(units, u)
			}
		}
		b.Run(set, func(b *testing.B) {
			b.ReportAllocs()
			sigs := 0
			for b.Loop() {
				sigs = 0
				for _, u := range units {
					sigs += len(u.List())
				}
			}
			b.ReportMetric(float64(sigs)*float64(b.N)/b.Elapsed().Seconds(), "signatures/s")
		})
	}
}
