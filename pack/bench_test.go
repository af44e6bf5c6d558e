package pack

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/shpack/shpack/ir"
)

// usagesForBench are the usages random instances draw semantics from (up to
// 16 indices each, so 128 elements always have distinct semantics).
var usagesForBench = []string{
	"TEXCOORD", "NORMAL", "TANGENT", "BINORMAL", "BLENDWEIGHT", "BLENDINDICES",
	"TESSFACTOR", "DEPTH", "SAMPLE", "FOG", "POSITION",
}

// randomInstance draws a signature of at most maxElems elements whose
// components fit in 32 registers, with indexed blocks of 2..4 rows when
// blocks is set. The same seed gives the same instance.
func randomInstance(seed uint64, maxElems int, blocks bool) (*ir.Signature, ir.Constraints) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	s := &ir.Signature{Name: "Bench", Kind: "struct", Pos: ir.Pos{File: "bench", Line: 1, Col: 1}}
	c := ir.Constraints{Budget: 32}
	next := map[string]int{"POSITION": 1}
	u := 0
	sem := func() ir.Semantic {
		for next[usagesForBench[u]] > 15 {
			u++
		}
		name := usagesForBench[u]
		i := next[name]
		next[name]++
		return ir.Semantic{Name: name, Index: i}
	}
	s.Elements = append(s.Elements, ir.Element{Name: "pos", Semantic: ir.Semantic{Name: "POSITION"}, Components: 4, Array: -1})
	volume := 0
	n := 1 + rng.IntN(maxElems)
	for len(s.Elements) < n+1 && volume < 100 {
		if blocks && rng.IntN(8) == 0 {
			rows, w := 2+rng.IntN(3), 1+rng.IntN(3)
			first := len(s.Elements)
			for k := range rows {
				s.Elements = append(s.Elements, ir.Element{
					Name: fmt.Sprintf("b%d[%d]", first, k), Semantic: sem(), Components: w, Array: len(s.Arrays),
				})
			}
			c.Indexed = append(c.Indexed, len(s.Arrays))
			s.Arrays = append(s.Arrays, ir.Array{Name: fmt.Sprint("b", first), First: first, Count: rows})
			volume += rows * w
			continue
		}
		w := []int{1, 1, 1, 2, 2, 3, 4}[rng.IntN(7)]
		s.Elements = append(s.Elements, ir.Element{Name: fmt.Sprint("e", len(s.Elements)), Semantic: sem(), Components: w, Array: -1})
		volume += w
	}
	for i := range s.Elements {
		s.Elements[i].Pos = ir.Pos{File: "bench", Line: i + 2, Col: 1}
	}
	return s, c
}

// sig40 is a 40-element signature that fits vs_3_0 with every strategy's
// budget raised to 32 (fxc needs 40 registers).
func sig40() (*ir.Signature, ir.Constraints) {
	s := &ir.Signature{Name: "Forty", Kind: "struct"}
	s.Elements = append(s.Elements, ir.Element{Name: "pos", Semantic: ir.Semantic{Name: "POSITION"}, Components: 4, Array: -1})
	widths := []int{1, 2, 1, 3, 1, 2, 4, 1}
	for i := range 39 {
		name := usagesForBench[i/16]
		s.Elements = append(s.Elements, ir.Element{
			Name: fmt.Sprint("e", i), Semantic: ir.Semantic{Name: name, Index: i % 16}, Components: widths[i%len(widths)], Array: -1,
		})
	}
	return s, ir.Constraints{Budget: 32}
}

// BenchmarkPack measures each strategy on a 40-element one-row signature
// and reports the registers it uses.
func BenchmarkPack(b *testing.B) {
	s, c := sig40()
	f := ir.VS30Out()
	for _, st := range Strategies() {
		b.Run(st.Name(), func(b *testing.B) {
			b.ReportAllocs()
			var l *ir.Layout
			for b.Loop() {
				l, _ = st.Pack(s, f, c)
			}
			b.ReportMetric(float64(l.GeneralRegisters()), "regs")
		})
	}
}

// BenchmarkExact runs the exact search on random 32-register instances of up
// to 128 elements with indexed blocks, and reports the median and worst time
// per instance and how many instances it proved optimal.
func BenchmarkExact(b *testing.B) {
	const instances = 100
	type inst struct {
		s *ir.Signature
		c ir.Constraints
	}
	var all []inst
	for seed := range uint64(instances) {
		s, c := randomInstance(seed, 128, true)
		all = append(all, inst{s, c})
	}
	f := ir.VS30Out()
	b.ReportAllocs()
	var times []time.Duration
	proven := 0
	for b.Loop() {
		times = times[:0]
		proven = 0
		for _, in := range all {
			start := time.Now()
			l, err := Exact{}.Pack(in.s, f, in.c)
			times = append(times, time.Since(start))
			if err == nil && l.Optimal() {
				proven++
			}
		}
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds()), "median-µs")
	b.ReportMetric(float64(times[len(times)-1].Microseconds()), "worst-µs")
	b.ReportMetric(float64(proven), "proven")
	b.ReportMetric(instances, "instances")
}

// TestRandomInstancesValid keeps the benchmark's generator honest: every
// instance is a valid signature that exact packs within 32 registers.
func TestRandomInstancesValid(t *testing.T) {
	for seed := range uint64(30) {
		s, c := randomInstance(seed, 128, true)
		l, err := Exact{}.Pack(s, ir.VS30Out(), c)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if err := ir.CheckLayout(l); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
}
