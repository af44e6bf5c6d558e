package pack

// Exact packing: a search that proves its answer optimal.
//
// The closed form of ClosedForm breaks down once the shader indexes an output
// array dynamically (o[aL] in vs_3_0): the array's rows must then sit in
// consecutive registers at the same components, a two-dimensional rectangle
// packing problem that is NP-complete in general (DXIL.rst). The instances are
// small, and the search below splits them in two:
//
//  1. Blocks (indexed arrays of two or more rows) are placed by depth-first
//     search. Used registers can always be renumbered keeping their order,
//     and a block's rows are all used, so the rows the blocks use form one
//     run: a block of k rows only needs to start between k-1 rows above the
//     first used row and just past the last one (overlapping the run from
//     either side, or extending it), at any component offset where it fits.
//     Identical blocks are placed in non-decreasing (start, offset) order to
//     skip permutations.
//
//  2. The one-row items are then an exact completion, computed in closed form.
//     Per packing class, the free space the blocks leave is a multiset of
//     maximal free runs of length 1, 2 and 3 (an item is contiguous, so it lies
//     inside one run). Fours never fit a run. Choose x3 threes placed in
//     3-runs and y twos placed in other 3-runs; by an exchange argument, twos
//     fill the 2-runs next (z = min(a2, n2 − y)), and ones fill every slot
//     left. The leftovers go to new registers, which cost exactly ClosedForm.
//     Minimizing over x3 and y gives the optimal completion.
//
// Bound: U + completion(current free runs) never exceeds the final count of
// any layout below the node (a block placed later either uses existing free
// space, which only removes room, or opens registers, each of which could
// instead have held one-row items at least as well as the room the block
// leaves there). At a leaf it is the exact count.
//
// The search is iterative deepening on the register count T, from the best
// lower bound (LowerBound) up to the count of a greedy layout (blocks first,
// then first-fit decreasing): a finished pass that finds nothing proves that T
// registers are not enough. The work is bounded by a count of search nodes,
// never a clock, so the output is deterministic; when the budget runs out,
// the best layout found so far is returned and Layout.LowerBound holds the
// bound that was proved, so the gap is reported honestly.
//
// Signatures without blocks need no search: first-fit decreasing is optimal
// for them (see optimal.go), and Exact returns its layout.

import (
	"cmp"
	"slices"

	"github.com/shpack/shpack/ir"
)

// defaultNodeBudget bounds the search nodes of one Exact run. A node costs
// about half a microsecond, so the cap holds a pathological search (FuzzPack
// found one: 16 blocks, 37 registers) to about a tenth of a second, while
// 300 random 32-register instances of up to 128 elements are all proven
// within 2,000 nodes (TestExactBudgetHeadroom).
const defaultNodeBudget = 200_000

// Exact finds a layout with the fewest general registers by search, also for
// dynamically indexed arrays. NodeBudget bounds the search (0 means the
// default); past it the best layout found is returned with the proven lower
// bound in Layout.LowerBound.
type Exact struct {
	NodeBudget int
}

// Name returns "exact".
func (Exact) Name() string { return "exact" }

// Pack implements Strategy.
func (x Exact) Pack(sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (*ir.Layout, error) {
	p, err := newProblem(sig, f, c)
	if err != nil {
		return nil, err
	}
	budget := x.NodeBudget
	if budget <= 0 {
		budget = defaultNodeBudget
	}
	return exact(p, "exact", budget)
}

// exact packs p optimally (within budget) and names the layout name.
func exact(p *problem, name string, budget int) (*ir.Layout, error) {
	x := newSearch(p, budget)
	if len(x.blocks) == 0 {
		return ffd(p).layout(name, specialsFirst)
	}
	greedy := x.greedy()
	best := greedy
	lower := LowerBound(p)
	for t := lower; t < len(greedy.regs); t++ {
		x.target = t
		x.aborted = false
		if x.dfs(0) {
			best = x.build()
			break
		}
		if x.aborted {
			break
		}
		lower = t + 1 // the pass for t finished without a layout: t is not enough
	}
	best.bound = lower
	return best.layout(name, specialsFirst)
}

// search holds the state of one exact run.
type search struct {
	p      *problem
	blocks []int // item indices of multi-row items, in search order
	same   []bool
	ones   []classOnes // one-row items per class, in class order
	rows   []regState  // registers the placed blocks occupy
	base   int         // virtual index of rows[0]
	at     []blockAt   // placement of each block (virtual start row), by search position
	found  []blockAt
	target int
	nodes  int
	budget int
	// aborted is set when the node budget ran out during the current pass.
	aborted bool
}

type blockAt struct{ start, off int }

// classOnes counts the one-row items of one packing class by width.
type classOnes struct {
	class ir.Class
	n     ClassCounts
}

func newSearch(p *problem, budget int) *search {
	x := &search{p: p, budget: budget}
	for k := range p.items {
		it := &p.items[k]
		if it.rows() > 1 {
			x.blocks = append(x.blocks, k)
			continue
		}
		i, found := slices.BinarySearchFunc(x.ones, it.class, func(o classOnes, k ir.Class) int { return cmp.Compare(o.class, k) })
		if !found {
			x.ones = slices.Insert(x.ones, i, classOnes{class: it.class})
		}
		x.ones[i].n[it.cols]++
	}
	// Tallest and widest blocks first: they constrain the most.
	slices.SortStableFunc(x.blocks, func(a, b int) int {
		ia, ib := &p.items[a], &p.items[b]
		if c := cmp.Compare(ib.rows(), ia.rows()); c != 0 {
			return c
		}
		return cmp.Compare(ib.cols, ia.cols)
	})
	x.same = make([]bool, len(x.blocks))
	for i := 1; i < len(x.blocks); i++ {
		x.same[i] = p.sameShape(x.blocks[i-1], x.blocks[i])
	}
	x.at = make([]blockAt, len(x.blocks))
	return x
}

// sameShape reports whether items a and b are interchangeable.
func (p *problem) sameShape(a, b int) bool {
	ia, ib := &p.items[a], &p.items[b]
	if ia.class != ib.class || ia.rows() != ib.rows() {
		return false
	}
	for k := range ia.elems {
		if p.sig.Elements[ia.elems[k]].Components != p.sig.Elements[ib.elems[k]].Components {
			return false
		}
	}
	return true
}

// dfs places blocks b.. and reports whether a layout within target exists.
//
// Rows are addressed by a virtual index: x.rows[0] is row x.base. A block
// may start anywhere from k-1 rows above the first used row to just past
// the last, so that it can overlap the used rows from either side.
func (x *search) dfs(b int) bool {
	x.nodes++
	if x.nodes > x.budget {
		x.aborted = true
		return false
	}
	if len(x.rows)+x.completion(nil) > x.target {
		return false
	}
	if b == len(x.blocks) {
		x.found = slices.Clone(x.at)
		return true
	}
	it := &x.p.items[x.blocks[b]]
	base, rows := x.base, x.rows
	first := base - (it.rows() - 1)
	if len(rows) == 0 {
		first = base // nothing to overlap: the first block sets row 0
	}
	for st := first; st <= base+len(rows); st++ {
		for off := 0; off+it.cols <= 4; off++ {
			if x.same[b] {
				prev := x.at[b-1]
				if st < prev.start || st == prev.start && off < prev.off {
					continue
				}
			}
			if !x.fits(it, st, off) {
				continue
			}
			x.at[b] = blockAt{st, off}
			x.place(it, st, off)
			ok := x.dfs(b + 1)
			x.base, x.rows = base, rows // restore (place worked on a copy)
			if ok || x.aborted {
				return ok
			}
		}
	}
	return false
}

// fits reports whether block it can start at virtual row st, component off;
// rows outside the used ones are new and free.
func (x *search) fits(it *item, st, off int) bool {
	for k, e := range it.elems {
		i := st + k - x.base
		if i < 0 || i >= len(x.rows) {
			continue
		}
		r := x.rows[i]
		if r.class != it.class || r.used&runMask(off, x.p.sig.Elements[e].Components) != 0 {
			return false
		}
	}
	return true
}

// place puts block it at virtual row st, component off, on a fresh copy of
// the rows (extended above or below as needed), so that a caller restores
// the previous state by restoring x.base and x.rows.
func (x *search) place(it *item, st, off int) {
	lo := min(x.base, st)
	hi := max(x.base+len(x.rows), st+it.rows())
	if len(x.rows) == 0 {
		lo, hi = st, st+it.rows()
	}
	rows := make([]regState, hi-lo)
	copy(rows[x.base-lo:], x.rows)
	for k, e := range it.elems {
		r := &rows[st+k-lo]
		if r.used == 0 {
			r.class = it.class
		}
		r.used |= runMask(off, x.p.sig.Elements[e].Components)
	}
	x.base, x.rows = lo, rows
}

// freeRuns[m] counts the maximal free runs of each length (1..3) in a
// register whose used components are m; a fully free register (a 4-run)
// counts nothing, since only one-row items narrower than 4 share one.
var freeRuns = func() (t [16][4]int) {
	for m := range 16 {
		n := 0
		for c := range 5 {
			if c < 4 && m&(1<<c) == 0 {
				n++
				continue
			}
			if n > 0 && n < 4 {
				t[m][n]++
			}
			n = 0
		}
	}
	return t
}()

// runCounts counts the maximal free runs of each length (1..3) in the rows of
// class k.
func runCounts(rows []regState, k ir.Class) (a [4]int) {
	for _, r := range rows {
		if r.class != k {
			continue
		}
		f := &freeRuns[r.used&15]
		a[1] += f[1]
		a[2] += f[2]
		a[3] += f[3]
	}
	return a
}

// completion returns the fewest new registers the one-row items need given
// the free runs of the rows placed so far. If plan is not nil, the best
// choice per class (x3, y) is stored in it.
func (x *search) completion(plan map[ir.Class][2]int) int {
	total := 0
	for _, o := range x.ones {
		a := runCounts(x.rows, o.class)
		cost, x3, y := bestCompletion(o.n, a)
		total += cost
		if plan != nil {
			plan[o.class] = [2]int{x3, y}
		}
	}
	return total
}

// bestCompletion minimizes the new registers needed for one class's one-row
// items n given free runs a (a[L] runs of length L), over x3 threes placed in
// 3-runs and y twos placed in 3-runs. See the file comment.
func bestCompletion(n ClassCounts, a [4]int) (cost, bx3, by int) {
	cost = -1
	for x3 := 0; x3 <= min(a[3], n[3]); x3++ {
		for y := 0; y <= min(a[3]-x3, n[2]); y++ {
			z := min(a[2], n[2]-y)
			slots := 3*(a[3]-x3-y) + y + 2*(a[2]-z) + a[1]
			left := ClassCounts{0, max(0, n[1]-slots), n[2] - y - z, n[3] - x3, n[4]}
			if c := ClosedForm(left); cost < 0 || c < cost {
				cost, bx3, by = c, x3, y
			}
		}
	}
	return cost, bx3, by
}

// greedy packs blocks first (in search order, first fit), then the one-row
// items by first-fit decreasing: a valid layout that bounds the search.
func (x *search) greedy() *state {
	s := newState(x.p)
	x.specials(s)
	for _, k := range x.blocks {
		it := &x.p.items[k]
		r, off := s.firstFit(it)
		s.put(it, r, off)
	}
	x.fillOnes(s, nil)
	return s
}

func (x *search) specials(s *state) {
	for i := range x.p.sig.Elements {
		if x.p.role[i] != ir.RoleGeneral {
			s.special(i)
		}
	}
}

// build turns the block placement found by dfs into a layout state.
func (x *search) build() *state {
	s := newState(x.p)
	x.specials(s)
	x.base, x.rows = 0, nil
	for b, k := range x.blocks {
		at := x.found[b]
		x.place(&x.p.items[k], at.start, at.off)
	}
	for _, r := range x.rows {
		s.open(r.class)
	}
	for b, k := range x.blocks {
		at := x.found[b]
		s.put(&x.p.items[k], at.start-x.base, at.off)
	}
	plan := map[ir.Class][2]int{}
	x.completion(plan)
	x.fillOnes(s, plan)
	x.base, x.rows = 0, nil
	return s
}

// fillOnes places the one-row items. With a plan, each class first follows
// it: x3 threes into 3-runs, y twos into further 3-runs, twos into 2-runs, and
// ones into every free slot of the block registers; whatever is left (all
// items, without a plan) goes by first-fit decreasing.
func (x *search) fillOnes(s *state, plan map[ir.Class][2]int) {
	p := x.p
	var rest []int
	byWidth := func(w int) []int {
		var ks []int
		for k := range p.items {
			if it := &p.items[k]; it.rows() == 1 && it.cols == w {
				ks = append(ks, k)
			}
		}
		return ks
	}
	var queue [5][]int
	for w := 1; w <= 4; w++ {
		queue[w] = byWidth(w)
	}
	if plan != nil {
		// Runs in block registers, in register then component order.
		type run struct{ reg, off, n int }
		var runs []run
		for r, rs := range s.regs {
			n := 0
			for c := range 5 {
				if c < 4 && rs.used&(1<<c) == 0 {
					n++
					continue
				}
				if n > 0 {
					runs = append(runs, run{r, c - n, n})
				}
				n = 0
			}
		}
		taken := make([]bool, len(p.items))
		take := func(w int, k ir.Class, r run, off int) bool {
			for _, q := range queue[w] {
				if !taken[q] && p.items[q].class == k {
					taken[q] = true
					s.put(&p.items[q], r.reg, off)
					return true
				}
			}
			return false
		}
		classes := make([]ir.Class, 0, len(plan))
		for k := range plan {
			classes = append(classes, k)
		}
		slices.Sort(classes)
		for _, k := range classes {
			x3, y := plan[k][0], plan[k][1]
			for _, r := range runs {
				if s.regs[r.reg].class != k || r.n != 3 {
					continue
				}
				switch {
				case x3 > 0 && take(3, k, r, r.off):
					x3--
				case y > 0 && take(2, k, r, r.off):
					y--
				}
			}
			for _, r := range runs {
				if s.regs[r.reg].class == k && r.n == 2 && s.regs[r.reg].used&ir.MaskRun(r.off, 2) == 0 {
					take(2, k, r, r.off)
				}
			}
			for _, r := range runs {
				if s.regs[r.reg].class != k {
					continue
				}
				for c := r.off; c < r.off+r.n; c++ {
					if s.regs[r.reg].used&(1<<c) == 0 {
						take(1, k, r, c)
					}
				}
			}
		}
		for w := 4; w >= 1; w-- {
			for _, q := range queue[w] {
				if !taken[q] {
					rest = append(rest, q)
				}
			}
		}
	} else {
		for w := 4; w >= 1; w-- {
			rest = append(rest, queue[w]...)
		}
	}
	for _, q := range rest {
		it := &p.items[q]
		r, off := s.firstFit(it)
		s.put(it, r, off)
	}
}
