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

// plainTokens counts the tokens of src the way a plain tokenizer does:
// identifiers and numbers, one- or two-byte punctuation, string and
// character literals; blanks and comments skipped. It is the floor the
// front end is measured against (issue 30): what reading the bytes once
// costs, with no preprocessing, no positions kept and no tree.
func plainTokens(src []byte) int {
	n := 0
	isWord := func(c byte) bool {
		return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.'
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i += 2
			for i+1 < len(src) && (src[i] != '*' || src[i+1] != '/') {
				i++
			}
			i += 2
		case c == '"' || c == '\'':
			for i++; i < len(src) && src[i] != c; i++ {
				if src[i] == '\\' {
					i++
				}
			}
			i++
			n++
		case isWord(c):
			for i < len(src) && isWord(src[i]) {
				i++
			}
			n++
		default:
			i++
			if i < len(src) && (src[i] == '=' || src[i] == c && (c == '+' || c == '-' || c == '&' || c == '|' || c == '<' || c == '>' || c == '#')) {
				i++
			}
			n++
		}
	}
	return n
}

// BenchmarkTokenizer runs plainTokens over the main files of corpus-real:
// the reference BenchmarkParse/corpus-real is compared with (BENCH.md,
// issue 30: the front end within 5× of it).
func BenchmarkTokenizer(b *testing.B) {
	files := benchSets(b)["corpus-real"]
	total := 0
	for _, f := range files {
		total += len(f.src)
	}
	b.SetBytes(int64(total))
	toks := 0
	for b.Loop() {
		toks = 0
		for _, f := range files {
			toks += plainTokens(f.src)
		}
	}
	b.ReportMetric(float64(toks), "tokens")
}
