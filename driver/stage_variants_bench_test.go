package driver_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shpack/shpack/driver"
)

// stageVariants lists n permutations of one stage, as an engine's list
// has them (Urho3D's): the stage's macro, one of 32 combinations of
// features (so 32 interfaces, however long the list), and a value the
// shader reads (ID), so that no two preprocess alike and every one is its
// own class: the worst case of --vs-variants and --ps-variants.
func stageVariants(b *testing.B, n int, stage string) []driver.Variant {
	var lines strings.Builder
	for i := range n {
		fmt.Fprintf(&lines, "v%d: -D%s -DID=%d", i, stage, i)
		for k, d := range []string{"-DFOG", "-DLIGHTMAP", "-DVERTEXCOLOR", "-DSHADOW", "-DSPECULAR"} {
			if i%32>>k&1 == 1 {
				lines.WriteString(" " + d)
			}
		}
		lines.WriteString(" -DNUMCASCADES=2\n")
	}
	vars, err := driver.ParseVariants(stage+".variants", []byte(lines.String()))
	if err != nil {
		b.Fatal(err)
	}
	return vars
}

// BenchmarkRewriteStageVariants: rewrite --vs-variants and --ps-variants
// of n lines each (corpus/variants/lit.hlsl, reading ID in both stages):
// linear in n (100 and 1,000 in BENCH.md; it grew as n^1.8, 1,000 lines
// each took seconds, while each variant was compared with every class
// before it).
func BenchmarkRewriteStageVariants(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("..", "corpus", "variants", "lit.hlsl"))
	if err != nil {
		b.Fatal(err)
	}
	text := strings.Replace(string(src), "o.Pos = p;", "o.Pos = p * ID;", 1)
	text = strings.Replace(text, "return float4(i.UV, i.Normal.xy);", "return float4(i.UV, i.Normal.xy) * ID;", 1)
	s := []driver.Source{{Name: "lit.hlsl", Src: []byte(text)}}
	for _, n := range []int{100, 1000} {
		vs, ps := stageVariants(b, n, "VSX"), stageVariants(b, n, "PSX")
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				res, err := driver.Rewrite(s, driver.RewriteOptions{VSEntry: "VS", PSEntry: "PS", VSVariants: vs, PSVariants: ps})
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
