package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/shpack/shpack/internal/testenv"
)

// BenchmarkOutDir packs n files into --out-dir, the second run of a
// build (every output there already): linear in n (it took 59 times as
// long for 1,000 as for 100 while every output was compared with every
// input by stat).
func BenchmarkOutDir(b *testing.B) {
	for _, n := range []int{100, 1000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			dir := testenv.TempDir(b)
			out := filepath.Join(dir, "out")
			if err := os.Mkdir(out, 0o755); err != nil {
				b.Fatal(err)
			}
			args := []string{"--struct=VS_OUT", "--out-dir=" + out}
			for i := range n {
				p := filepath.Join(dir, fmt.Sprintf("s%d.hlsl", i))
				src := fmt.Sprintf("struct VS_OUT { float4 p : POSITION; float2 a : TEXCOORD0; float%d b : TEXCOORD1; };\n", 1+i%4)
				if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
					b.Fatal(err)
				}
				args = append(args, p)
			}
			if code, _, stderr := shpackRun(args...); code != exitOK {
				b.Fatal(stderr)
			}
			for b.Loop() {
				if code, _, stderr := shpackRun(args...); code != exitOK {
					b.Fatal(stderr)
				}
			}
		})
	}
}
