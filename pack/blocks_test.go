package pack

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/shpack/shpack/ir"
)

// blockFamily describes a family of block-heavy instances (issue 14): nine
// indexed arrays of 2..6 rows and 1..4 components, with up to ones one-row
// members, in regs registers; with classes, members and arrays are also
// COLOR or centroid.
type blockFamily struct {
	name    string
	regs    int
	arrays  int
	ones    int
	classes bool
}

var blockFamilies = []blockFamily{
	{"9arrays-16regs", 16, 9, 0, false},
	{"9arrays-32regs", 32, 9, 0, false},
	{"9arrays+ones-16regs", 16, 9, 16, false},
	{"9arrays+ones-32regs", 32, 9, 40, false},
	{"9arrays+classes-32regs", 32, 9, 24, true},
}

// instance draws instance seed of the family.
func (f blockFamily) instance(seed uint64) (*ir.Signature, ir.Constraints) {
	rng := rand.New(rand.NewPCG(seed, 0xb10c))
	s := &ir.Signature{Name: "Blocks", Kind: "struct"}
	c := ir.Constraints{Budget: f.regs}
	next := map[string]int{}
	usages := []string{"TEXCOORD", "NORMAL", "TANGENT", "BINORMAL", "BLENDWEIGHT", "BLENDINDICES", "TESSFACTOR", "DEPTH", "SAMPLE"}
	u := 0
	sem := func(color bool) ir.Semantic {
		if color {
			i := next["COLOR"]
			next["COLOR"]++
			return ir.Semantic{Name: "COLOR", Index: i}
		}
		for next[usages[u]] > 15 {
			u++
		}
		i := next[usages[u]]
		next[usages[u]]++
		return ir.Semantic{Name: usages[u], Index: i}
	}
	s.Elements = append(s.Elements, ir.Element{Name: "pos", Semantic: ir.Semantic{Name: "POSITION"}, Components: 4, Array: -1})
	kind := func() (color bool, mods ir.Modifiers) {
		if !f.classes {
			return false, 0
		}
		switch rng.IntN(6) {
		case 0:
			return next["COLOR"] < 12, 0
		case 1:
			return false, ir.ModCentroid
		}
		return false, 0
	}
	for a := range f.arrays {
		rows, w := 2+rng.IntN(5), 1+rng.IntN(4)
		color, mods := kind()
		if color && next["COLOR"]+rows > 16 {
			color = false
		}
		first := len(s.Elements)
		for k := range rows {
			s.Elements = append(s.Elements, ir.Element{
				Name: fmt.Sprintf("a%d[%d]", a, k), Semantic: sem(color), Components: w, Mods: mods, Array: len(s.Arrays),
			})
		}
		c.Indexed = append(c.Indexed, len(s.Arrays))
		s.Arrays = append(s.Arrays, ir.Array{Name: fmt.Sprint("a", a), First: first, Count: rows})
	}
	if f.ones > 0 {
		for range rng.IntN(f.ones + 1) {
			color, mods := kind()
			s.Elements = append(s.Elements, ir.Element{Name: fmt.Sprint("e", len(s.Elements)), Semantic: sem(color), Components: 1 + rng.IntN(4), Mods: mods, Array: -1})
		}
	}
	for i := range s.Elements {
		s.Elements[i].Pos = ir.Pos{File: "blocks", Line: i + 2, Col: 1}
	}
	return s, c
}

// bruteMin returns the fewest general registers of s under c, by an
// exhaustive search that shares nothing with exact.go: for T = 1, 2, ...
// up to limit, every placement of every item (the rows of each indexed
// array together, each other general element alone) in T registers,
// largest first, with only two cuts: identical items take increasing
// positions, and the items left must not have more components than the
// free cells. Past limit it returns limit+1.
func bruteMin(s *ir.Signature, c ir.Constraints, limit int) int {
	blocks, ones := refItems(s, c)
	items := append(blocks, ones...)
	area := func(it refItem) (n int) {
		for _, w := range it.widths {
			n += w
		}
		return n
	}
	slices.SortStableFunc(items, func(a, b refItem) int {
		if c := cmp.Compare(len(b.widths), len(a.widths)); c != 0 {
			return c
		}
		return cmp.Compare(area(b), area(a))
	})
	left := make([]int, len(items)+1) // components of items i.. on
	for i := len(items) - 1; i >= 0; i-- {
		left[i] = left[i+1] + area(items[i])
	}
	for t := 1; t <= limit; t++ {
		used := make([]int, t)
		class := make([][2]bool, t)
		free := 4 * t
		pos := make([]int, len(items))
		var rec func(i int) bool
		rec = func(i int) bool {
			if i == len(items) {
				return true
			}
			if left[i] > free {
				return false
			}
			it := items[i]
			first := 0
			if i > 0 && slices.Equal(items[i-1].widths, it.widths) && items[i-1].class == it.class {
				first = pos[i-1] + 1
			}
			for p := first; p < 4*t; p++ {
				r, off := p/4, p%4
				if r+len(it.widths) > t {
					break
				}
				ok := true
				for k, w := range it.widths {
					m := (1<<w - 1) << off
					if off+w > 4 || used[r+k]&m != 0 || used[r+k] != 0 && class[r+k] != it.class {
						ok = false
						break
					}
				}
				if !ok {
					continue
				}
				saved := slices.Clone(class[r : r+len(it.widths)])
				for k, w := range it.widths {
					used[r+k] |= (1<<w - 1) << off
					class[r+k] = it.class
				}
				free -= area(it)
				pos[i] = p
				found := rec(i + 1)
				free += area(it)
				for k, w := range it.widths {
					used[r+k] &^= (1<<w - 1) << off
					if used[r+k] == 0 {
						class[r+k] = [2]bool{}
					} else {
						class[r+k] = saved[k]
					}
				}
				if found {
					return true
				}
			}
			return false
		}
		if rec(0) {
			return t
		}
	}
	return limit + 1
}

// smallBlockFamilies are block-heavy families small enough for bruteMin.
var smallBlockFamilies = []blockFamily{
	{"4arrays-8regs", 8, 4, 0, false},
	{"4arrays+ones-12regs", 12, 4, 4, false},
	{"4arrays+classes-12regs", 12, 4, 4, true},
	{"5arrays-12regs", 12, 5, 0, false},
	{"6arrays-14regs", 14, 6, 0, false},
}

// TestExactBlocksAgainstBruteForce checks exact against bruteMin on small
// block-heavy signatures: the same register count, proven, or an overflow
// that is proven too.
func TestExactBlocksAgainstBruteForce(t *testing.T) {
	checked := 0
	for _, f := range smallBlockFamilies {
		for seed := range uint64(150) {
			s, c := f.instance(seed)
			want := bruteMin(s, c, f.regs+1)
			l, err := Exact{}.Pack(s, ir.VS30Out(), c)
			if want > f.regs {
				var oe *OverflowError
				require.ErrorAs(t, err, &oe, "%s seed %d: brute force needs %d", f.name, seed, want)
				assert.Greater(t, oe.LowerBound, f.regs, "%s seed %d: the overflow is proven", f.name, seed)
				continue
			}
			require.NoError(t, err, "%s seed %d", f.name, seed)
			assert.Equal(t, want, l.GeneralRegisters(), "%s seed %d\n%s", f.name, seed, placements(l))
			assert.True(t, l.Optimal(), "%s seed %d: proven", f.name, seed)
			checked++
		}
	}
	t.Logf("%d signatures that fit checked against brute force", checked)
	assert.Greater(t, checked, 200)
}

// TestExactFamiliesProven checks that exact proves its answer on every
// signature of the block-heavy families within the node budget: an
// optimal layout, or an overflow whose lower bound is past the limit.
func TestExactFamiliesProven(t *testing.T) {
	for _, f := range blockFamilies {
		fits := 0
		for seed := range uint64(300) {
			s, c := f.instance(seed)
			l, err := Exact{}.Pack(s, ir.VS30Out(), c)
			var oe *OverflowError
			if errors.As(err, &oe) {
				assert.Greater(t, oe.LowerBound, oe.Limit, "%s seed %d: an overflow without proof: %v", f.name, seed, err)
				continue
			}
			require.NoError(t, err, "%s seed %d", f.name, seed)
			assert.True(t, l.Optimal(), "%s seed %d: %d registers, bound %d", f.name, seed, l.GeneralRegisters(), l.LowerBound)
			fits++
		}
		t.Logf("%s: %d of 300 fit", f.name, fits)
	}
}

// baselineFFD is first-fit decreasing with the blocks first, written out
// independently: the indexed arrays by size (rows times components, then
// rows) at the lowest register and leftmost component where they fit,
// then the one-row elements widest first; every register holds one class.
func baselineFFD(s *ir.Signature, c ir.Constraints) int {
	blocks, ones := refItems(s, c)
	size := func(it refItem) int { return len(it.widths) * slices.Max(it.widths) }
	slices.SortStableFunc(blocks, func(a, b refItem) int {
		if c := cmp.Compare(size(b), size(a)); c != 0 {
			return c
		}
		return cmp.Compare(len(b.widths), len(a.widths))
	})
	slices.SortStableFunc(ones, func(a, b refItem) int { return cmp.Compare(b.widths[0], a.widths[0]) })
	var used []int
	var class [][2]bool
	for _, it := range append(blocks, ones...) {
	place:
		for r := 0; ; r++ {
			for off := 0; off < 4; off++ {
				ok := true
				for k, w := range it.widths {
					if off+w > 4 || r+k < len(used) && (used[r+k]&((1<<w-1)<<off) != 0 || used[r+k] != 0 && class[r+k] != it.class) {
						ok = false
						break
					}
				}
				if !ok {
					continue
				}
				for k, w := range it.widths {
					for r+k >= len(used) {
						used = append(used, 0)
						class = append(class, [2]bool{})
					}
					used[r+k] |= (1<<w - 1) << off
					class[r+k] = it.class
				}
				break place
			}
		}
	}
	return len(used)
}

// TestExactNeverWorseThanBaseline checks that exact, with the smallest
// budget and with the default, never needs more registers than first-fit
// decreasing with the blocks first.
func TestExactNeverWorseThanBaseline(t *testing.T) {
	for _, f := range append(slices.Clone(blockFamilies), smallBlockFamilies...) {
		for seed := range uint64(100) {
			s, c := f.instance(seed)
			c.Budget = 32
			want := baselineFFD(s, c)
			for _, budget := range []int{1, 0} {
				l, err := Exact{NodeBudget: budget}.Pack(s, ir.VS30Out(), c)
				if want > 32 {
					continue
				}
				require.NoError(t, err, "%s seed %d budget %d: baseline fits in %d", f.name, seed, budget, want)
				assert.LessOrEqual(t, l.GeneralRegisters(), want, "%s seed %d budget %d", f.name, seed, budget)
			}
		}
	}
}

// TestExactBudgetOverflowMessage checks what exact says when its budget
// runs out before it can tell whether a signature fits: not "does not
// fit", but what it found and what is proven, with the overflow's error.
func TestExactBudgetOverflowMessage(t *testing.T) {
	for seed := range uint64(1000) {
		s, c := blockFamilies[0].instance(seed)
		_, err := Exact{NodeBudget: 1}.Pack(s, ir.VS30Out(), c)
		var oe *OverflowError
		if !errors.As(err, &oe) || oe.LowerBound > oe.Limit {
			continue
		}
		full, ferr := Exact{}.Pack(s, ir.VS30Out(), c)
		require.NoError(t, ferr, "seed %d: the full search finds a layout within the limit", seed)
		assert.LessOrEqual(t, full.GeneralRegisters(), c.Budget)
		assert.ErrorIs(t, err, ErrNoFit)
		assert.Contains(t, err.Error(), fmt.Sprintf("no layout of at most %d general registers found within the search budget; the best found needs %d with exact, at least %d are needed", c.Budget, oe.Needed, oe.LowerBound))
		return
	}
	t.Fatal("no instance where one node cannot decide")
}

// TestPropertyPlantedDense plants a layout with no free component: blocks
// of every shape (2..6 rows, 1..4 components) at random places in a grid
// of up to 24 registers, and one-row items of random widths in every run
// the blocks leave. The planted registers are then the optimum (the
// components fill them exactly), and exact must find as few and prove it.
func TestPropertyPlantedDense(t *testing.T) {
	usages := []string{"TEXCOORD", "NORMAL", "TANGENT", "BINORMAL", "BLENDWEIGHT", "BLENDINDICES", "TESSFACTOR", "DEPTH", "SAMPLE"}
	rapid.Check(t, func(t *rapid.T) {
		nrows := rapid.IntRange(4, 24).Draw(t, "rows")
		used := make([]int, nrows)
		s := &ir.Signature{Name: "Dense", Kind: "struct"}
		c := ir.Constraints{Budget: 32}
		next, u := map[string]int{}, 0
		add := func(name string, w, arr int) {
			for next[usages[u]] > 15 {
				u++
			}
			s.Elements = append(s.Elements, ir.Element{Name: name, Semantic: ir.Semantic{Name: usages[u], Index: next[usages[u]]}, Components: w, Array: arr,
				Pos: ir.Pos{File: "dense", Line: len(s.Elements) + 2, Col: 1}})
			next[usages[u]]++
		}
		s.Elements = append(s.Elements, ir.Element{Name: "pos", Semantic: ir.Semantic{Name: "POSITION"}, Components: 4, Array: -1, Pos: ir.Pos{File: "dense", Line: 1, Col: 1}})
		for i := range rapid.IntRange(1, 20).Draw(t, "blocks") {
			h := rapid.IntRange(2, min(6, nrows)).Draw(t, fmt.Sprint("h", i))
			w := rapid.IntRange(1, 4).Draw(t, fmt.Sprint("w", i))
			m := (1<<w - 1)
			type spot struct{ r, off int }
			var spots []spot // every place the block fits
			for r := 0; r+h <= nrows; r++ {
				for off := 0; off+w <= 4; off++ {
					ok := true
					for j := r; j < r+h; j++ {
						ok = ok && used[j]&(m<<off) == 0
					}
					if ok {
						spots = append(spots, spot{r, off})
					}
				}
			}
			if len(spots) == 0 {
				continue
			}
			sp := spots[rapid.IntRange(0, len(spots)-1).Draw(t, fmt.Sprint("spot", i))]
			arr := len(s.Arrays)
			s.Arrays = append(s.Arrays, ir.Array{Name: fmt.Sprint("a", i), First: len(s.Elements), Count: h})
			c.Indexed = append(c.Indexed, arr)
			for j := sp.r; j < sp.r+h; j++ {
				used[j] |= m << sp.off
				add(fmt.Sprintf("a%d[%d]", i, j-sp.r), w, arr)
			}
		}
		// Columns of free cells become one-component blocks (a single
		// free cell stays for the one-row items below).
		for col := range 4 {
			for j := 0; j < nrows; {
				if used[j]&(1<<col) != 0 {
					j++
					continue
				}
				n := 0
				for j+n < nrows && used[j+n]&(1<<col) == 0 {
					n++
				}
				h := min(n, rapid.IntRange(2, 6).Draw(t, fmt.Sprint("col", col, j)))
				if h < 2 || !rapid.Bool().Draw(t, fmt.Sprint("fill", col, j)) {
					j++
					continue
				}
				arr := len(s.Arrays)
				s.Arrays = append(s.Arrays, ir.Array{Name: fmt.Sprint("c", col, "_", j), First: len(s.Elements), Count: h})
				c.Indexed = append(c.Indexed, arr)
				for k := j; k < j+h; k++ {
					used[k] |= 1 << col
					add(fmt.Sprintf("c%d_%d[%d]", col, j, k-j), 1, arr)
				}
				j += h
			}
		}
		for j, m := range used {
			for col := 0; col < 4; {
				if m&(1<<col) != 0 {
					col++
					continue
				}
				run := 0
				for col+run < 4 && m&(1<<(col+run)) == 0 {
					run++
				}
				w := rapid.IntRange(1, run).Draw(t, fmt.Sprint("one", j, col))
				add(fmt.Sprintf("e%d_%d", j, col), w, -1)
				m |= (1<<w - 1) << col
				col += w
			}
		}
		l, err := Exact{}.Pack(s, ir.VS30Out(), c)
		if err != nil {
			t.Fatal(err)
		}
		if err := ir.CheckLayout(l); err != nil {
			t.Fatalf("%v\n%s", err, placements(l))
		}
		if l.GeneralRegisters() != nrows || !l.Optimal() {
			t.Fatalf("exact uses %d registers (bound %d); the planted layout fills %d exactly\n%s", l.GeneralRegisters(), l.LowerBound, nrows, placements(l))
		}
	})
}

// BenchmarkExactFamilies runs exact on 300 signatures of each block-heavy
// family per iteration and reports the median, 95th percentile and worst
// time and search nodes per signature, and how many it proved (an optimal
// layout, or an overflow past the limit).
func BenchmarkExactFamilies(b *testing.B) {
	const n = 300
	for _, f := range blockFamilies {
		b.Run(f.name, func(b *testing.B) {
			var probs []*problem
			for seed := range uint64(n) {
				s, c := f.instance(seed)
				p, err := newProblem(s, ir.VS30Out(), c)
				if err != nil {
					b.Fatal(err)
				}
				probs = append(probs, p)
			}
			var times []time.Duration
			var nodes []int
			proven := 0
			for b.Loop() {
				times, nodes, proven = times[:0], nodes[:0], 0
				for _, p := range probs {
					start := time.Now()
					l, k, err := exactNodes(p, "exact", defaultNodeBudget)
					times = append(times, time.Since(start))
					nodes = append(nodes, k)
					var oe *OverflowError
					if err == nil && l.Optimal() || errors.As(err, &oe) && oe.LowerBound > oe.Limit {
						proven++
					}
				}
			}
			slices.Sort(times)
			slices.Sort(nodes)
			b.ReportMetric(float64(times[n/2].Microseconds()), "median-µs")
			b.ReportMetric(float64(times[n*95/100].Microseconds()), "p95-µs")
			b.ReportMetric(float64(times[n-1].Microseconds()), "max-µs")
			b.ReportMetric(float64(nodes[n/2]), "median-nodes")
			b.ReportMetric(float64(nodes[n-1]), "max-nodes")
			b.ReportMetric(float64(proven), "proven")
		})
	}
}
