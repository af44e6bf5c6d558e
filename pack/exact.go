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
// Bounds. At a node, U (rows used) plus the completion of the one-row items
// together with the unplaced blocks' rows, each taken as a one-row item,
// never exceeds the count of any layout below the node: that layout places
// those rows, more constrained, in the same free runs or in new registers.
// The unplaced blocks' rows alone give a second bound with only the free
// runs of rows from the last block's start on: no later block starts
// before it, so the runs of earlier rows are left to the one-row items. At
// a leaf the first bound is the exact count.
//
// The class's own bound is the closed form of all its rows as one-row
// items, its tallest block, and the column relaxation (columnBound): in T
// registers each of the four components holds at most T rows, a block
// takes the same components in every row, and one-row items take
// components by their widths (a three always takes 1 and 2; oneRowsFit).
// A small search over the blocks' offsets finds the least T for which the
// loads fit. The row bound alone misses what heights do: five one-wide
// blocks of 5 or 6 rows beside three-wide blocks need the free column of
// the three-wide rows and more; on block-heavy signatures (blocks_test.go)
// the column bound is the optimum almost always, where the row bound was
// one or two registers short and the search had to prove every count
// between them infeasible.
//
// Search. Per class, iterative deepening on the register count T, from the
// class's bound up to the best first fit of three block orders (tallest,
// widest, largest first; the search starts from it, so it is never worse
// than first fit with blocks first): a finished pass that finds nothing
// proves that T registers are not enough. Within a pass, positions are
// tried bottom-left first and then the blocks that fit there, so dense
// layouts come early; and since one block order may find in a hundred
// thousand nodes what another needs millions for (the heavy tail of
// backtracking), the orders take turns with node limits that double. A
// run that ends within its limit is complete, whatever its order. The work
// is bounded by a count of search nodes, never a clock, so the output is
// deterministic; when the budget runs out, the best layout found so far is
// returned and Layout.LowerBound holds the bound that was proved, so the
// gap is reported honestly (and an overflow that is not proven says so).
//
// Signatures without blocks need no search: first-fit decreasing is optimal
// for them (see optimal.go), and Exact returns its layout.

import (
	"cmp"
	"slices"

	"github.com/shpack/shpack/ir"
)

// defaultNodeBudget bounds the search nodes of one Exact run (a node costs
// about a third of a microsecond). On the block-heavy families of
// blocks_test.go (nine indexed arrays of 2..6 rows and 1..4 components in
// 16 and 32 registers, with one-row members and classes; 5,000 signatures)
// the median signature needs no node at all and the hardest 600k (0.19 s),
// every one proven; the cap only stops pathological cases, at about 0.3 s.
const defaultNodeBudget = 1_000_000

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
	return packWith(x, sig, f, c)
}

// packValid packs a problem whose signature is valid.
func (x Exact) packValid(p *problem) (*ir.Layout, error) {
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
	l, _, err := exactNodes(p, name, budget)
	return l, err
}

// exactNodes is exact, also returning the search nodes it used.
func exactNodes(p *problem, name string, budget int) (*ir.Layout, int, error) {
	loads := classify(p)
	if !slices.ContainsFunc(loads, func(l classLoad) bool { return len(l.blocks) > 0 }) {
		l, err := ffd(p).layout(name, specialsFirst)
		return l, 0, err
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
	l, err := s.layout(name, specialsFirst)
	return l, nodes, err
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
	order0 []int      // the blocks as order 0 sorts them: the order of every placement returned
	group  []int      // per block: the index of the first block of its identical group
	rows   []regState // registers the placed blocks occupy, from row 0
	placed []bool     // per block (index in blocks)
	at     []blockAt  // per block: its placement (start row, offset)
	found  []blockAt
	target int
	nodes  int
	budget int
	limit  int // nodes the current run may reach (at most budget)
	// aborted is set when the node limit was reached during the current run.
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
	x.order(0)
	x.order0 = slices.Clone(x.blocks)
	x.at = make([]blockAt, len(x.blocks))
	x.placed = make([]bool, len(x.blocks))
	return x
}

// searchOrders is how many block orders order knows.
const searchOrders = 3

// order sorts the blocks for the search: 0, tallest and then widest first
// (they constrain the most); 1, widest and then tallest; 2, largest first.
// Blocks of one shape stay together (the search takes them in order).
func (x *search) order(kind int) {
	p := x.p
	key := func(k int) (int, int) {
		it := &p.items[k]
		switch kind {
		case 1:
			return it.cols, it.rows()
		case 2:
			return it.rows() * it.cols, it.rows()
		}
		return it.rows(), it.cols
	}
	slices.SortStableFunc(x.blocks, func(a, b int) int {
		a1, a2 := key(a)
		b1, b2 := key(b)
		if c := cmp.Compare(b1, a1); c != 0 {
			return c
		}
		if c := cmp.Compare(b2, a2); c != 0 {
			return c
		}
		if c := slices.Compare(p.widths(a), p.widths(b)); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	x.regroup()
}

// regroup marks the runs of identical blocks in the current order.
func (x *search) regroup() {
	p := x.p
	x.group = make([]int, len(x.blocks))
	for i, k := range x.blocks {
		x.group[i] = i
		if i > 0 && p.sameShape(x.blocks[i-1], k) {
			x.group[i] = x.group[i-1]
		}
	}
}

// widths returns the widths of item k's rows.
func (p *problem) widths(k int) []int {
	var ws []int
	for _, e := range p.items[k].elems {
		ws = append(ws, p.sig.Elements[e].Components)
	}
	return ws
}

// solve returns the best block placement found (in the order of
// x.blocks, left as order 0 sorts them) and the proven lower bound on the
// class's registers. The bound is the class's own (its rows as one-row
// items by the closed form, and its tallest block), raised by the column
// relaxation (columnBound); the first layout is the best first fit of the
// block orders. Then iterative deepening on the register count T, from
// the bound up to that first fit: a finished pass that finds nothing
// proves that T registers are not enough.
func (x *search) solve() ([]blockAt, int) {
	var greedy []blockAt
	upper := 0
	for o := range searchOrders {
		x.order(o)
		at, n := x.firstFit()
		if greedy == nil || n < upper {
			greedy, upper = x.inOrder0(at), n
		}
	}
	x.order(0)
	lower := x.columnBound(x.load.bound(x.p), upper)
	for t := lower; t < upper; t++ {
		found, proven := x.pass(t)
		if found {
			at := x.inOrder0(x.found)
			x.order(0)
			return at, t
		}
		if !proven {
			break
		}
		lower = t + 1 // the pass for t finished without a layout: t is not enough
	}
	x.order(0)
	return greedy, lower
}

// pass looks for a layout of t registers and reports whether it found one
// (in x.found) and whether the pass was complete. Searches of this kind
// have heavy tails: one block order finds in a hundred thousand nodes what
// another needs millions for. So the orders take turns with limits that
// double (1,000 nodes each, then 2,000, ...) until the budget is spent; a
// run that ends within its limit is complete either way.
func (x *search) pass(t int) (found, complete bool) {
	x.target = t
	for slice := 1000; ; slice *= 2 {
		for o := range searchOrders {
			if x.nodes >= x.budget {
				return false, false
			}
			x.order(o)
			x.limit, x.aborted = min(x.budget, x.nodes+slice), false
			if x.dfs(0, blockAt{}, 0) {
				return true, true
			}
			if !x.aborted {
				return false, true
			}
		}
	}
}

// inOrder0 rewrites a placement of the blocks in the current order of
// x.blocks for the blocks as order 0 sorts them (x.order0).
func (x *search) inOrder0(at []blockAt) []blockAt {
	byItem := map[int]blockAt{}
	for b, k := range x.blocks {
		byItem[k] = at[b]
	}
	out := make([]blockAt, len(at))
	for b, k := range x.order0 {
		out[b] = byItem[k]
	}
	return out
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
	if x.nodes > x.limit {
		x.aborted = true
		return false
	}
	if len(x.rows)+x.completion() > x.target {
		return false
	}
	// The rows still to place of blocks can only go into rows from
	// prev.start on (or new ones): the runs of the rows before it are
	// left to the one-row items.
	if c, _, _ := bestCompletion(x.load.rows, runCounts(x.rows[prev.start:], x.load.class)); len(x.rows)+c > x.target {
		return false
	}
	if depth == len(x.blocks) {
		x.found = slices.Clone(x.at)
		return true
	}
	rows := x.rows
	// Positions bottom-left first, then the blocks that fit there: the
	// densest layouts are found early.
	for st := prev.start; st <= len(rows); st++ {
		for off := 0; off < 4; off++ {
			if st == prev.start && off < prev.off {
				continue
			}
			for b := range x.blocks {
				if x.placed[b] || x.group[b] != b && !x.placed[b-1] {
					continue
				}
				it := &x.p.items[x.blocks[b]]
				next := cluster
				if st == len(rows) {
					if x.group[b] < cluster {
						continue
					}
					next = x.group[b]
				}
				if off+it.cols > 4 || !x.fits(it, st, off) {
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

// columnBound raises the class's lower bound lower (below upper) by the
// column relaxation: a layout of T registers puts at most T rows of
// blocks and one-row items in each of the four components. The blocks
// are given component offsets by a small search (their rows may sit at
// any height in the relaxation, but a block takes the same components in
// every row); four-component one-row items take one row of every
// component, and narrower ones fill free cells anywhere.
func (x *search) columnBound(lower, upper int) int {
	type piece struct{ widths []int }
	var pieces []piece
	for _, k := range x.blocks {
		pieces = append(pieces, piece{x.p.widths(k)})
	}
	slices.SortStableFunc(pieces, func(a, b piece) int {
		return cmp.Compare(len(b.widths)*b.widths[0], len(a.widths)*a.widths[0])
	})
	// Mirroring the components maps a layout of blocks whose rows are all
	// one width to another; a block whose rows differ (an array of
	// structs) is not mirrored by any offset.
	uniform := true
	for _, pc := range pieces {
		uniform = uniform && slices.Min(pc.widths) == slices.Max(pc.widths)
	}
	n := x.load.n
	feasible := func(t int) bool {
		var load [4]int
		for c := range load {
			load[c] = n[4]
		}
		var rec func(i, minOff int) bool
		rec = func(i, minOff int) bool {
			if i == len(pieces) {
				return oneRowsFit(load, t, n)
			}
			ws := pieces[i].widths
			same := i > 0 && slices.Equal(pieces[i-1].widths, ws)
			start := 0
			if same {
				start = minOff
			}
			w := slices.Max(ws)
			for off := start; off+w <= 4; off++ {
				if i == 0 && uniform && off > (4-w)/2 {
					break // mirror images place the same loads reversed
				}
				ok := true
				for _, v := range ws {
					for c := off; c < off+v; c++ {
						load[c]++
						ok = ok && load[c] <= t
					}
				}
				if ok && rec(i+1, off) {
					return true
				}
				for _, v := range ws {
					for c := off; c < off+v; c++ {
						load[c]--
					}
				}
			}
			return false
		}
		return rec(0, 0)
	}
	for lower < upper && !feasible(lower) {
		lower++
	}
	return lower
}

// oneRowsFit reports whether the one-row items n fit the column
// relaxation whose components hold load[c] rows of blocks and fours, in t
// rows each (a four takes a row of every component); a three
// takes components 1 and 2 and one of 0 and 3 (offset 0 or 1), a two
// takes 0-1, 1-2 or 2-3, and ones go anywhere. With k threes at offset 0
// and t0, t1, t2 twos at the three offsets, the components' loads are
//
//	0: k + t0   1: n3 + t0 + t1   2: n3 + t1 + t2   3: n3 - k + t2
//
// besides the blocks and the fours; with t1 = n2 - t0 - t2, components 1
// and 2 ask t2 and t0 to be at least L2 = n3+n2-f1 and L0 = n3+n2-f2 (f:
// what the blocks and fours leave free), and components 0 and 3 bound k
// between n3+L2-f3 and f0-L0. The ones fill whatever cells are left.
func oneRowsFit(load [4]int, t int, n ClassCounts) bool {
	var f [4]int
	total := 0
	for c := range f {
		f[c] = t - load[c]
		if f[c] < 0 {
			return false
		}
		total += f[c]
	}
	n2, n3 := n[2], n[3]
	l0, l2 := max(0, n3+n2-f[2]), max(0, n3+n2-f[1])
	if l0+l2 > n2 || max(0, n3+l2-f[3]) > min(n3, f[0]-l0) {
		return false
	}
	return total >= n[1]+2*n2+3*n3
}
