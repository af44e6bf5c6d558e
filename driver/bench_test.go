package driver_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shpack/shpack/driver"
)

// manyPasses is an effect of n techniques of one pass each, every four
// of them compiling one vertex and pixel shader pair of their own (the
// shape of a generated material library): link and rewrite must stay
// linear in n (issue 25: 3,000 passes took 24.9 s when each entry point
// rescanned every function body, and each linked set every pass).
func manyPasses(n int) []byte {
	var b strings.Builder
	b.WriteString("struct S { float4 p : POSITION; float2 a : TEXCOORD0; float b : TEXCOORD1; };\n")
	for i := range (n + 3) / 4 {
		fmt.Fprintf(&b, "S V%d(float4 p : POSITION) { S o = (S)0; o.p = p; o.b = %d; return o; }\n", i, i)
		fmt.Fprintf(&b, "float4 P%d(S i) : COLOR { return i.a.xyxy * i.b; }\n", i)
	}
	for i := range n {
		fmt.Fprintf(&b, "technique T%d { pass { VertexShader = compile vs_3_0 V%d(); PixelShader = compile ps_3_0 P%d(); } }\n", i, i/4, i/4)
	}
	return []byte(b.String())
}

func BenchmarkLinkPasses(b *testing.B) {
	for _, n := range []int{1000, 4000, 16000} {
		src := driver.Source{Name: "many.fx", Src: manyPasses(n)}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(src.Src)))
			for b.Loop() {
				res, err := driver.Link([]driver.Source{src}, driver.LinkOptions{Packing: driver.Packing{Portable: true}})
				if err != nil {
					b.Fatal(err)
				}
				if len(res.Passes) != n {
					b.Fatalf("%d passes", len(res.Passes))
				}
			}
		})
	}
}

func BenchmarkRewritePasses(b *testing.B) {
	for _, n := range []int{1000, 4000, 16000} {
		srcs := []driver.Source{{Name: "many.fx", Src: manyPasses(n)}}
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(srcs[0].Src)))
			for b.Loop() {
				res, err := driver.Rewrite(srcs, driver.RewriteOptions{All: true})
				if err != nil {
					b.Fatal(err)
				}
				if len(res.Pairs) != n {
					b.Fatalf("%d pairs", len(res.Pairs))
				}
			}
		})
	}
}

// manyVariants is a variants file of n permutations of
// corpus/variants/lit.hlsl: the combinations of its macros, each with an
// -DID of its own (a build that names every permutation it compiles).
func manyVariants(b *testing.B, n int) []driver.Variant {
	var lines strings.Builder
	for i := range n {
		fmt.Fprintf(&lines, "v%d: -DID=%d", i, i)
		for k, d := range []string{"-DFOG", "-DLIGHTMAP", "-DVERTEXCOLOR", "-DSHADOW", "-DSPECULAR"} {
			if i>>k&1 == 1 {
				lines.WriteString(" " + d)
			}
		}
		fmt.Fprintf(&lines, " -DNUMCASCADES=%d\n", 1+i>>5%4)
	}
	vars, err := driver.ParseVariants("many.variants", []byte(lines.String()))
	if err != nil {
		b.Fatal(err)
	}
	return vars
}

func BenchmarkLinkVariants(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "corpus", "variants", "lit.hlsl"))
	if err != nil {
		b.Fatal(err)
	}
	s := driver.Source{Name: "lit.hlsl", Src: src}
	for _, n := range []int{100, 1000, 4000} {
		vars := manyVariants(b, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				res, err := driver.Link([]driver.Source{s}, driver.LinkOptions{Packing: driver.Packing{Portable: true},
					VS: driver.Selector{Entry: "VS"}, PS: driver.Selector{Entry: "PS"}, Variants: vars})
				if err != nil {
					b.Fatal(err)
				}
				if len(res.Variants) != n {
					b.Fatalf("%d pairs", len(res.Variants))
				}
			}
		})
	}
}

// BenchmarkRewriteVariants rewrites lit.hlsl for n variants into one
// source (issue 25: linear in the variants; the merge edit by edit).
func BenchmarkRewriteVariants(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "corpus", "variants", "lit.hlsl"))
	if err != nil {
		b.Fatal(err)
	}
	s := []driver.Source{{Name: "lit.hlsl", Src: src}}
	for _, n := range []int{100, 1000, 4000} {
		vars := manyVariants(b, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				res, err := driver.Rewrite(s, driver.RewriteOptions{VSEntry: "VS", PSEntry: "PS", Variants: vars})
				if err != nil {
					b.Fatal(err)
				}
				if len(res.Outputs[0]) == 0 {
					b.Fatal("no output")
				}
			}
		})
	}
}
