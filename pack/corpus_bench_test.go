package pack_test

import (
	"errors"
	"io"
	"io/fs"
	"testing"

	"github.com/shpack/shpack/corpus"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

// corpusSignatures lowers every struct of the project's corpus that is a
// valid vs_3_0 output.
func corpusSignatures(b *testing.B) []*ir.Signature {
	var sigs []*ir.Signature
	for _, name := range corpus.Names() {
		if corpus.ExpectError(name) {
			continue
		}
		src, err := fs.ReadFile(corpus.FS(), name)
		if err != nil {
			b.Fatal(err)
		}
		u, err := hlsl.ParseFile(name, src, &hlsl.PPOptions{AllowMissingIncludes: true})
		if err != nil {
			continue
		}
		for _, li := range u.List() {
			if li.Kind == "struct" && li.Err == nil && len(ir.ValidateSignature(li.Sig, ir.VS30Out(), ir.Constraints{})) == 0 {
				sigs = append(sigs, li.Sig)
			}
		}
	}
	if len(sigs) == 0 {
		b.Fatal("no corpus signatures")
	}
	return sigs
}

// BenchmarkPackCorpus packs every corpus signature with each strategy and
// prints the assembly, reporting signatures per second (one core).
func BenchmarkPackCorpus(b *testing.B) {
	sigs := corpusSignatures(b)
	f := ir.VS30Out()
	for _, st := range pack.Strategies() {
		b.Run(st.Name(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				for _, s := range sigs {
					l, err := st.Pack(s, f, ir.Constraints{})
					if err != nil && !errors.Is(err, pack.ErrNoFit) {
						b.Fatal(err)
					}
					if err == nil {
						emit.Asm(io.Discard, l)
					}
				}
			}
			b.ReportMetric(float64(len(sigs))*float64(b.N)/b.Elapsed().Seconds(), "signatures/s")
		})
	}
}
