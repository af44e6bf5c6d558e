package driver

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/internal/realcorpus"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

// BenchmarkPipeline runs the whole pipeline over the real-world corpus in
// one process, per iteration: read each file, preprocess, parse, lower,
// pack every vertex-output signature with the default strategy and print
// its assembly. It reports files/s and MB/s (of main files). The files of
// a pass share a ScanCache, as those of one shpack compare do.
func BenchmarkPipeline(b *testing.B) {
	root := realcorpus.Root(b)
	files := realcorpus.Files(b, root)
	total := 0
	for _, rel := range files {
		st, err := os.Stat(filepath.Join(root, rel))
		if err != nil {
			b.Fatal(err)
		}
		total += int(st.Size())
	}
	f := ir.VS30Out()
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		cache := hlsl.NewScanCache()
		for _, rel := range files {
			path := filepath.Join(root, rel)
			src, err := os.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			ro := realcorpus.Options(root, rel)
			opts := hlsl.PPOptions{IncludeDirs: ro.IncludeDirs, Defines: ro.Defines, AllowMissingIncludes: ro.AllowMissingIncludes, Cache: cache}
			u, err := hlsl.ParseFile(path, src, &opts)
			if err != nil {
				continue
			}
			for _, c := range candidates(u, f) {
				if c.Err != nil {
					continue
				}
				l, err := pack.Optimal{}.Pack(c.Sig, f, ir.Constraints{})
				if err != nil && !errors.Is(err, pack.ErrNoFit) {
					continue
				}
				if err == nil {
					emit.Asm(io.Discard, l)
				}
			}
		}
	}
	b.ReportMetric(float64(len(files))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}
