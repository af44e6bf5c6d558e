package pack

// Exact packing: a search that proves its answer optimal.
//
// The closed form of ClosedForm breaks down once the shader indexes an output
// array dynamically (o[aL] in vs_3_0): the array's rows must then sit in
// consecutive registers at the same components, a two-dimensional rectangle
// packing problem that is NP-complete in general (DXIL.rst). The instances are
// small, and the search below splits them three ways:
//
//  0. By packing class. A register holds one class, so the classes never
//     interact: each class with blocks is solved on its own and the fewest
//     registers is the sum over classes (classes without blocks cost their
//     closed form).
//
//  1. Within a class, blocks (indexed arrays of two or more rows) are placed
//     by depth-first search. Used registers can always be renumbered keeping
//     their order, and a block's rows are all used, so the rows the blocks
//     use can be taken as one run 0..R-1 (rows between blocks hold only
//     one-row items, which the completion below counts as new registers
//     anyway). Sort the blocks of such a layout by (start row, component
//     offset): the blocks before any point cover exactly rows 0..E-1, where E
//     is their furthest end (a row inside is covered by the block reaching E
//     or by one starting earlier), and the next block starts between the
//     previous start and E (row E is covered by a block that starts at or
//     before it). So the search picks the next block among those not placed,
//     at a (start, offset) not before the previous one's and a start not past
//     the rows used so far, and it meets every layout. Identical blocks are
//     taken in index order, and clusters (runs of rows no block spans out of)
//     in the order of their first blocks' shapes, to skip permutations. (An
//     earlier version placed the blocks in a fixed order, each next to the
//     rows used so far; FuzzPack showed that it misses layouts where a later
//     block must sit between two earlier ones, and wrongly proved 31
//     registers where 30 were enough. TestPropertyPlanted now hides dense
//     layouts for the search to find.)
//
//  2. The one-row items are then an exact completion, computed in closed form.
//     The free space the blocks leave is a multiset of maximal free runs of
//     length 1, 2 and 3 (an item is contiguous, so it lies inside one run).
//     Fours never fit a run. Choose x3 threes placed in 3-runs and y twos
//     placed in other 3-runs; by an exchange argument, twos fill the 2-runs
//     next (z = min(a2, n2 − y)), and ones fill every slot left. The
//     leftovers go to new registers, which cost exactly ClosedForm.
//     Minimizing over x3 and y gives the optimal completion.
//
// Bound: at a node, U (rows used) plus the completion of the one-row items
// together with the unplaced blocks' rows, each taken as a one-row item,
// never exceeds the count of any layout below the node: that layout places
// those rows, more constrained, in the same free runs or in new registers.
// At a leaf it is the exact count.
//
// Per class, the search is iterative deepening on the register count T, from
// the class's bound (its rows as one-row items by the closed form, and its
// tallest block) up to the count of a first-fit placement: a finished pass
// that finds nothing proves that T registers are not enough. The work is
// bounded by a count of search nodes, never a clock, so the output is
// deterministic; when the budget runs out, the best layout found so far is
// returned and Layout.LowerBound holds the bound that was proved, so the gap
// is reported honestly.
//
// Signatures without blocks need no search: first-fit decreasing is optimal
// for them (see optimal.go), and Exact returns its layout.

import (
	"cmp"
	"slices"

	"github.com/shpack/shpack/ir"
)

// defaultNodeBudget bounds the search nodes of one Exact run (a node costs
// well under a microsecond). Of 1,000 random 32-register instances of up to
// 128 elements (BenchmarkExact's kind; 957 with blocks), 975 need no search
// node at all (first fit meets the bound), 999 fewer than 2,000 nodes
// (TestExactBudgetHeadroom checks 300 of them) and the hardest, ten blocks
// in one class, 182k nodes (40 ms); the cap only stops pathological cases.
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
//
// Registers of different packing classes never share anything, so the
// problem splits: each class that has blocks is searched on its own (its
// rows are then numbered after the previous class's), and the fewest
// registers is the sum of the classes' fewest.
func exact(p *problem, name string, budget int) (*ir.Layout, error) {
	blocks, loads := classify(p)
	if len(blocks) == 0 {
		return ffd(p).layout(name, specialsFirst)
	}
	var (
		runs  []classRun
		plan  = map[ir.Class][2]int{}
		lower = 0
		nodes = 0
	)
	for _, load := range loads {
		var mine []int
		for _, k := range blocks {
			if p.items[k].class == load.class {
				mine = append(mine, k)
			}
		}
		if len(mine) == 0 {
			lower += ClosedForm(load.n)
			continue
		}
		x := newSearch(p, load, mine, budget-nodes)
		at, lo := x.solve()
		nodes += x.nodes
		lower += lo
		runs = append(runs, classRun{x: x, at: at, rows: x.planFor(at, plan)})
	}
	s := newState(p)
	for i := range p.sig.Elements {
		if p.role[i] != ir.RoleGeneral {
			s.special(i)
		}
	}
	base := 0
	for _, r := range runs {
		for range r.rows {
			s.open(r.x.load.class)
		}
		for b, k := range r.x.blocks {
			s.put(&p.items[k], base+r.at[b].start, r.at[b].off)
		}
		base += r.rows
	}
	fillOnes(p, s, plan)
	s.bound = lower
	return s.layout(name, specialsFirst)
}

// classRun is the block placement chosen for one class and the rows it
// takes.
type classRun struct {
	x    *search
	at   []blockAt
	rows int
}

// classify returns the blocks of p (multi-row items) in search order and
// what each class needs, in class order.
func classify(p *problem) (blocks []int, loads []classLoad) {
	index := func(k ir.Class) int {
		i, found := slices.BinarySearchFunc(loads, k, func(o classLoad, k ir.Class) int { return cmp.Compare(o.class, k) })
		if !found {
			loads = slices.Insert(loads, i, classLoad{class: k})
		}
		return i
	}
	for k := range p.items {
		it := &p.items[k]
		i := index(it.class)
		if it.rows() > 1 {
			blocks = append(blocks, k)
			loads[i].addRows(p, it, 1)
			continue
		}
		loads[i].n[it.cols]++
	}
	// Tallest and widest blocks first: they constrain the most.
	slices.SortStableFunc(blocks, func(a, b int) int {
		ia, ib := &p.items[a], &p.items[b]
		if c := cmp.Compare(ib.rows(), ia.rows()); c != 0 {
			return c
		}
		return cmp.Compare(ib.cols, ia.cols)
	})
	return blocks, loads
}

// search holds the state of the exact search over one packing class.
type search struct {
	p      *problem
	load   classLoad // the class's one-row items and unplaced block rows
	blocks []int     // item indices of the class's blocks, in search order
	same   []bool
	group  []int      // first search position of each block's identical group
	rows   []regState // registers the placed blocks occupy, from row 0
	placed []bool     // by search position
	at     []blockAt  // placement of each block (start row, offset), by search position
	found  []blockAt
	target int
	nodes  int
	budget int
	// aborted is set when the node budget ran out during the current pass.
	aborted bool
}

type blockAt struct{ start, off int }

// classLoad is what one packing class still needs placed: its one-row
// items by width, and the rows of its blocks not placed yet by width.
type classLoad struct {
	class ir.Class
	n     ClassCounts
	rows  ClassCounts
}

func newSearch(p *problem, load classLoad, blocks []int, budget int) *search {
	x := &search{p: p, load: load, blocks: blocks, budget: budget}
	x.same = make([]bool, len(x.blocks))
	x.group = make([]int, len(x.blocks))
	for i, k := range x.blocks {
		x.group[i] = i
		if i > 0 && p.sameShape(x.blocks[i-1], k) {
			x.same[i] = true
			x.group[i] = x.group[i-1]
		}
	}
	x.at = make([]blockAt, len(x.blocks))
	x.placed = make([]bool, len(x.blocks))
	return x
}

// solve returns the best block placement found and the proven lower bound
// on the class's registers: iterative deepening on the register count T,
// from the class's bound (its rows as one-row items by the closed form, and
// its tallest block) up to the count of a first-fit placement; a finished
// pass that finds nothing proves that T registers are not enough.
func (x *search) solve() ([]blockAt, int) {
	greedy, upper := x.firstFit()
	n := x.load.n
	tallest := 0
	for w := 1; w <= 4; w++ {
		n[w] += x.load.rows[w]
	}
	for _, k := range x.blocks {
		tallest = max(tallest, x.p.items[k].rows())
	}
	lower := max(ClosedForm(n), tallest)
	for t := lower; t < upper; t++ {
		x.target = t
		x.aborted = false
		if x.dfs(0, blockAt{}, 0) {
			return x.found, t
		}
		if x.aborted {
			break
		}
		lower = t + 1 // the pass for t finished without a layout: t is not enough
	}
	return greedy, lower
}

// firstFit places the blocks in search order, each at the lowest row and
// then the leftmost component where it fits, and returns the placement and
// the registers it needs with the one-row items: the search's upper bound.
func (x *search) firstFit() ([]blockAt, int) {
	at := make([]blockAt, len(x.blocks))
	load := x.load
	for b, k := range x.blocks {
		it := &x.p.items[k]
	find:
		for st := 0; ; st++ {
			for off := 0; off+it.cols <= 4; off++ {
				if x.fits(it, st, off) {
					at[b] = blockAt{st, off}
					x.place(it, st, off)
					x.load.addRows(x.p, it, -1)
					break find
				}
			}
		}
	}
	n := len(x.rows) + x.completion(nil)
	x.rows, x.load = nil, load
	return at, n
}

// planFor places the blocks at at, stores the class's completion choice in
// plan and returns the rows the blocks take.
func (x *search) planFor(at []blockAt, plan map[ir.Class][2]int) int {
	load := x.load
	for b, k := range x.blocks {
		x.place(&x.p.items[k], at[b].start, at[b].off)
		x.load.addRows(x.p, &x.p.items[k], -1)
	}
	x.completion(plan)
	n := len(x.rows)
	x.rows, x.load = nil, load
	return n
}

// addRows adds d times the rows of block it to the unplaced rows of l.
func (l *classLoad) addRows(p *problem, it *item, d int) {
	for _, e := range it.elems {
		l.rows[p.sig.Elements[e].Components] += d
	}
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

// dfs places the blocks not yet placed, depth of them being placed, the
// last at (prev.start, prev.off), and reports whether a layout within target
// exists. Each next block starts at or after the previous one (at a larger
// offset on the same row) and no further than just past the used rows.
//
// A block that starts just past the used rows opens a new cluster: no block
// spans the boundary, so whole clusters can be reordered, and they are taken
// with the groups of their first blocks in non-decreasing order (cluster is
// the group of the current cluster's first block).
func (x *search) dfs(depth int, prev blockAt, cluster int) bool {
	x.nodes++
	if x.nodes > x.budget {
		x.aborted = true
		return false
	}
	if len(x.rows)+x.completion(nil) > x.target {
		return false
	}
	if depth == len(x.blocks) {
		x.found = slices.Clone(x.at)
		return true
	}
	rows := x.rows
	for b := range x.blocks {
		if x.placed[b] || x.same[b] && !x.placed[b-1] {
			continue
		}
		it := &x.p.items[x.blocks[b]]
		load := &x.load
		for st := prev.start; st <= len(rows); st++ {
			next := cluster
			if st == len(rows) {
				if x.group[b] < cluster {
					continue
				}
				next = x.group[b]
			}
			for off := 0; off+it.cols <= 4; off++ {
				if st == prev.start && off < prev.off || !x.fits(it, st, off) {
					continue
				}
				x.at[b] = blockAt{st, off}
				x.placed[b] = true
				load.addRows(x.p, it, -1)
				x.place(it, st, off)
				ok := x.dfs(depth+1, x.at[b], next)
				x.rows = rows // restore (place worked on a copy)
				x.placed[b] = false
				load.addRows(x.p, it, 1)
				if ok || x.aborted {
					return ok
				}
			}
		}
	}
	return false
}

// fits reports whether block it can start at row st, component off; rows
// past the used ones are new and free.
func (x *search) fits(it *item, st, off int) bool {
	for k, e := range it.elems {
		i := st + k
		if i >= len(x.rows) {
			break
		}
		r := x.rows[i]
		if r.class != it.class || r.used&runMask(off, x.p.sig.Elements[e].Components) != 0 {
			return false
		}
	}
	return true
}

// place puts block it at row st, component off, on a fresh copy of the rows
// (extended as needed), so that a caller restores the previous state by
// restoring x.rows.
func (x *search) place(it *item, st, off int) {
	rows := make([]regState, max(len(x.rows), st+it.rows()))
	copy(rows, x.rows)
	for k, e := range it.elems {
		r := &rows[st+k]
		if r.used == 0 {
			r.class = it.class
		}
		r.used |= runMask(off, x.p.sig.Elements[e].Components)
	}
	x.rows = rows
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

// completion returns a lower bound on the new registers that what is not
// placed yet needs, given the rows placed so far: the exact completion of
// the class's one-row items together with the rows of its blocks not placed
// yet, each taken as a one-row item of its width (a relaxation: every real
// completion places those rows in free runs or new registers, only more
// constrained). Once every block is placed it is the exact completion of the
// one-row items. If plan is not nil, the best choice (x3, y) is stored in it.
func (x *search) completion(plan map[ir.Class][2]int) int {
	a := runCounts(x.rows, x.load.class)
	n := x.load.n
	for w := 1; w <= 4; w++ {
		n[w] += x.load.rows[w]
	}
	cost, x3, y := bestCompletion(n, a)
	if plan != nil {
		plan[x.load.class] = [2]int{x3, y}
	}
	return cost
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

// fillOnes places the one-row items. With a plan, each class first follows
// it: x3 threes into 3-runs, y twos into further 3-runs, twos into 2-runs, and
// ones into every free slot of the block registers; whatever is left (all
// items, without a plan) goes by first-fit decreasing.
func fillOnes(p *problem, s *state, plan map[ir.Class][2]int) {
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
