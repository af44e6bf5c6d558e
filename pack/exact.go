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
	loads := classify(p)
	if !slices.ContainsFunc(loads, func(l classLoad) bool { return len(l.blocks) > 0 }) {
		return ffd(p).layout(name, specialsFirst)
	}
	var (
		runs  []classRun
		lower = 0
		nodes = 0
	)
	for _, load := range loads {
		if len(load.blocks) == 0 {
			lower += ClosedForm(load.n)
			continue
		}
		x := newSearch(p, load, budget-nodes)
		at, lo := x.solve()
		nodes += x.nodes
		lower += lo
		runs = append(runs, x.plan(at))
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
			s.open(r.class)
		}
		for b, k := range r.blocks {
			s.put(&p.items[k], base+r.at[b].start, r.at[b].off)
		}
		base += r.rows
	}
	fillOnes(p, s, runs)
	s.bound = lower
	return s.layout(name, specialsFirst)
}

// classRun is what the search chose for one class with blocks: where its
// blocks go, the rows they take, and how the one-row items complete them
// (x3 threes and y twos into 3-runs; see the file comment).
type classRun struct {
	class  ir.Class
	blocks []int
	at     []blockAt
	rows   int
	x3, y  int
}

// classify returns what each class of p needs, in class order, with its
// blocks (multi-row items).
func classify(p *problem) (loads []classLoad) {
	loads = make([]classLoad, 0, 4) // few classes: a linear search is fastest
	for k := range p.items {
		it := &p.items[k]
		i := 0
		for i < len(loads) && loads[i].class < it.class {
			i++
		}
		if i == len(loads) || loads[i].class != it.class {
			loads = slices.Insert(loads, i, classLoad{class: it.class})
		}
		l := &loads[i]
		if it.rows() > 1 {
			l.blocks = append(l.blocks, k)
			l.addRows(p, it, 1)
			continue
		}
		l.n[it.cols]++
	}
	return loads
}

// search holds the state of the exact search over one packing class.
type search struct {
	p      *problem
	load   classLoad  // the class's one-row items and unplaced block rows
	blocks []int      // item indices of the class's blocks (load.blocks), in search order
	group  []int      // per block: the index of the first block of its identical group
	rows   []regState // registers the placed blocks occupy, from row 0
	placed []bool     // per block (index in blocks)
	at     []blockAt  // per block: its placement (start row, offset)
	found  []blockAt
	target int
	nodes  int
	budget int
	// aborted is set when the node budget ran out during the current pass.
	aborted bool
}

type blockAt struct{ start, off int }

// classLoad is what one packing class still needs placed: its one-row
// items by width, its blocks, and the rows of those not placed yet by width.
type classLoad struct {
	class  ir.Class
	n      ClassCounts
	blocks []int
	rows   ClassCounts
}

// all counts the one-row items and the unplaced block rows together, each
// row taken as a one-row item of its width.
func (l *classLoad) all() ClassCounts {
	n := l.n
	for w := 1; w <= 4; w++ {
		n[w] += l.rows[w]
	}
	return n
}

// bound is the class's lower bound on registers: its rows as one-row items
// by the closed form, and at least its tallest block.
func (l *classLoad) bound(p *problem) int {
	b := ClosedForm(l.all())
	for _, k := range l.blocks {
		b = max(b, p.items[k].rows())
	}
	return b
}

func newSearch(p *problem, load classLoad, budget int) *search {
	x := &search{p: p, load: load, blocks: load.blocks, budget: budget}
	// Tallest and widest blocks first: they constrain the most.
	slices.SortStableFunc(x.blocks, func(a, b int) int {
		ia, ib := &p.items[a], &p.items[b]
		if c := cmp.Compare(ib.rows(), ia.rows()); c != 0 {
			return c
		}
		return cmp.Compare(ib.cols, ia.cols)
	})
	x.group = make([]int, len(x.blocks))
	for i, k := range x.blocks {
		x.group[i] = i
		if i > 0 && p.sameShape(x.blocks[i-1], k) {
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
	lower := x.load.bound(x.p)
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
	n := len(x.rows) + x.completion()
	x.rows, x.load = nil, load
	return at, n
}

// plan places the blocks at at and returns the class's choice: the rows
// the blocks take and how the one-row items complete them.
func (x *search) plan(at []blockAt) classRun {
	load := x.load
	for b, k := range x.blocks {
		x.place(&x.p.items[k], at[b].start, at[b].off)
		x.load.addRows(x.p, &x.p.items[k], -1)
	}
	_, x3, y := bestCompletion(x.load.all(), runCounts(x.rows, x.load.class))
	r := classRun{class: x.load.class, blocks: x.blocks, at: at, rows: len(x.rows), x3: x3, y: y}
	x.rows, x.load = nil, load
	return r
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
	if len(x.rows)+x.completion() > x.target {
		return false
	}
	if depth == len(x.blocks) {
		x.found = slices.Clone(x.at)
		return true
	}
	rows := x.rows
	for b := range x.blocks {
		if x.placed[b] || x.group[b] != b && !x.placed[b-1] {
			continue
		}
		it := &x.p.items[x.blocks[b]]
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
				x.load.addRows(x.p, it, -1)
				x.place(it, st, off)
				ok := x.dfs(depth+1, x.at[b], next)
				x.rows = rows // restore (place worked on a copy)
				x.placed[b] = false
				x.load.addRows(x.p, it, 1)
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
// one-row items.
func (x *search) completion() int {
	cost, _, _ := bestCompletion(x.load.all(), runCounts(x.rows, x.load.class))
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

// fillOnes places the one-row items. Each class with blocks first follows
// its plan: x3 threes into 3-runs, y twos into further 3-runs, twos into
// 2-runs, and ones into every free slot of the block registers; whatever is
// left goes by first-fit decreasing.
func fillOnes(p *problem, s *state, plans []classRun) {
	var queue [5][]int // one-row items by width
	for k := range p.items {
		if it := &p.items[k]; it.rows() == 1 {
			queue[it.cols] = append(queue[it.cols], k)
		}
	}
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
	for _, pl := range plans {
		k, x3, y := pl.class, pl.x3, pl.y
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
				it := &p.items[q]
				r, off := s.firstFit(it)
				s.put(it, r, off)
			}
		}
	}
}
