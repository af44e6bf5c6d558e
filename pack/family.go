package pack

// Family layouts.
//
// A pixel shader linked with several vertex shaders (the passes of an
// effect, skinned and static meshes) reads one map of registers, and a
// shader compiled in several #define variants links in any pairing of its
// variants. So the members of a family, several signatures, are packed
// together under one rule: every semantic has one place, the same register
// group, components and (in the portable form) declared semantic, in every
// member that has it. Within that rule, two semantics that no member has
// together may share components: a variant with fog and one with shadows
// can keep both in the same component.
//
// Method. Each semantic of the family is an item of the widest width any
// member gives it and of its packing class; two items interfere when some
// member has both. Items go into family registers by first fit: the lowest
// register of the item's class, then the leftmost component, where no item
// already placed on the components it needs interferes with it. A member
// then uses the family registers that hold any of its elements, numbered
// in family order after POSITION0 (o0) and PSIZE. Three item orders are
// tried (widest first, most shared first, declaration order) and the one
// whose largest member needs the fewest registers wins, then the one with
// the fewest registers over all members; ties keep the earlier order, so
// the result is deterministic.
//
// Small families are then searched exactly (familySearch): a branch and
// bound over every placement of every item (each register of its class
// and component where it fits, or a new register: new registers are
// alike, so one stands for all), cutting a branch once its counts are no
// better than the best found, since a member's count never falls as items
// are added. When it finishes, the result is optimal under the rule; it is
// never worse than first fit, which starts it as the bound.
//
// Why it is right: items a member has together interfere, so they never
// share a component; a family register holds one class; and an element's
// register and components are its item's, the same in every member, so
// each pixel shader reads one map whichever member feeds it. No member can
// use fewer registers than it needs alone (its closed-form optimum, see
// optimal.go), so the largest of those is a lower bound on the family's
// largest member; the layouts report it, and which members pay for the
// consistency.

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/shpack/shpack/ir"
)

// A FamilyLayout is the packing of a family: one layout per member, in the
// members' order, that agree on every semantic they share.
type FamilyLayout struct {
	Layouts []*ir.Layout
	// Own is each member's own optimum: the general registers it would
	// need packed alone.
	Own []int
	// LowerBound is the largest of Own: the family's largest member needs
	// at least as many registers.
	LowerBound int
	// Registers is the number of family registers: each member uses some
	// of them.
	Registers int
	// Optimal says that no consistent layout has a smaller largest
	// member: the search finished (then none has as small a largest member
	// with fewer registers over all members either), or the largest member
	// meets LowerBound.
	Optimal bool
}

// Cost is how many general registers the consistency rule costs member i
// over its own optimum.
func (f *FamilyLayout) Cost(i int) int { return f.Layouts[i].GeneralRegisters() - f.Own[i] }

// Largest is the number of general registers of the largest member.
func (f *FamilyLayout) Largest() int {
	n := 0
	for _, l := range f.Layouts {
		n = max(n, l.GeneralRegisters())
	}
	return n
}

// famItem is one semantic of a family.
type famItem struct {
	u       ir.Usage
	idx     int
	cols    int
	class   ir.Class
	members []uint64 // bit set of the members that have it
	elem    []int    // per member: its element of this semantic, -1 if none
	order   int      // first appearance
	shared  int      // how many members have it
}

// famReg is one family register under construction: the items on each of
// its components.
type famReg struct {
	class ir.Class
	slots [4][]int
}

// Family packs sigs as one family in f (vs_3_0 outputs) under c; c.Portable
// names every family register after one of its items, for all members
// alike. labels name the members in messages (nil: their signatures'
// names; variants of one shader need their own). Families do not take
// dynamically indexed arrays. A member that needs more than the limit is
// an error naming the family and the members that did not fit.
func Family(sigs []*ir.Signature, labels []string, f *ir.RegisterFile, c ir.Constraints) (*FamilyLayout, error) {
	if labels == nil {
		for _, s := range sigs {
			labels = append(labels, s.Name)
		}
	}
	if f.Mode != ir.ModePacked || f.Dir != ir.Out {
		return nil, fmt.Errorf("pack: families are packed as vertex outputs of a packing register file, not %s %ss", f.Profile.Name, f.Dir.Word())
	}
	if len(c.Indexed) > 0 {
		return nil, fmt.Errorf("pack: a family cannot hold dynamically indexed arrays")
	}
	var errs ir.ErrorList
	for _, s := range sigs {
		errs = append(errs, ir.ValidateSignature(s, f, c)...)
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	items, err := familyItems(sigs, f, c)
	if err != nil {
		return nil, err
	}
	words := (len(sigs) + 63) / 64
	interferes := func(a, b *famItem) bool {
		for w := range words {
			if a.members[w]&b.members[w] != 0 {
				return true
			}
		}
		return false
	}
	orders := []func(a, b *famItem) int{
		func(a, b *famItem) int { return cmp.Or(cmp.Compare(b.cols, a.cols), cmp.Compare(a.order, b.order)) },
		func(a, b *famItem) int {
			return cmp.Or(cmp.Compare(b.shared, a.shared), cmp.Compare(b.cols, a.cols), cmp.Compare(a.order, b.order))
		},
		func(a, b *famItem) int { return cmp.Compare(a.order, b.order) },
	}
	own := make([]int, len(sigs))
	lower, ownTotal := 0, 0
	for m, sg := range sigs {
		// Validated above (the budget plays no part in validity).
		l, err := packValidated(Optimal{}, sg, f, ir.Constraints{MixColor: c.MixColor, Budget: 32, Partial: c.Partial})
		if err != nil {
			return nil, err
		}
		own[m] = l.GeneralRegisters()
		lower = max(lower, own[m])
		ownTotal += own[m]
	}
	var best []famReg
	var bestPlace [][2]int
	bestScore := [2]int{-1, -1}
	for _, order := range orders {
		sorted := make([]int, len(items))
		for i := range sorted {
			sorted[i] = i
		}
		slices.SortStableFunc(sorted, func(a, b int) int { return order(&items[a], &items[b]) })
		regs, place := familyFirstFit(items, sorted, interferes)
		score := familyScore(items, regs, place, len(sigs))
		if bestScore[0] < 0 || score[0] < bestScore[0] || score[0] == bestScore[0] && score[1] < bestScore[1] {
			best, bestPlace, bestScore = regs, place, score
		}
	}
	proven := bestScore[0] == lower && bestScore[1] == ownTotal
	if !proven && len(items) <= familySearchItems {
		sorted := make([]int, len(items))
		for i := range sorted {
			sorted[i] = i
		}
		slices.SortStableFunc(sorted, func(a, b int) int { return orders[1](&items[a], &items[b]) })
		if regs, place, score, done := familySearch(items, sorted, len(sigs), interferes, bestScore, [2]int{lower, ownTotal}); done {
			proven = true
			if regs != nil {
				best, bestPlace, bestScore = regs, place, score
			}
		}
	}
	fl, err := familyLayouts(sigs, labels, f, c, items, best, bestPlace, own)
	if fl != nil {
		fl.Optimal = proven || bestScore[0] == lower
	}
	return fl, err
}

// Families of up to familySearchItems semantics are searched exactly, in
// at most familySearchNodes placements.
const (
	familySearchItems = 16
	familySearchNodes = 200_000
)

// familySearch is a branch and bound over the placements of the items (in
// the order given): each item goes to every register of its class and
// component where it fits, or to one new register (new registers are
// alike, so one stands for all). Member register counts only grow as
// items are placed, so a branch whose (largest member, all members) is not
// below the best found is cut. It returns a better placement than bound
// if there is one (nil otherwise) and whether the search finished: then
// the result, or bound, is optimal under the consistency rule. floor is a
// proven lower bound (largest own optimum, sum of own optima): reaching
// it ends the search.
func familySearch(items []famItem, order []int, members int, interferes func(a, b *famItem) bool, bound, floor [2]int) ([]famReg, [][2]int, [2]int, bool) {
	var regs []famReg
	var usedBy [][]bool // per register, per member
	count := make([]int, members)
	place := make([][2]int, len(items))
	var best []famReg
	var bestPlace [][2]int
	nodes := 0
	score := func() [2]int {
		mx, tot := 0, 0
		for _, n := range count {
			mx = max(mx, n)
			tot += n
		}
		return [2]int{mx, tot}
	}
	worse := func(a, b [2]int) bool { return a[0] > b[0] || a[0] == b[0] && a[1] >= b[1] }
	var rec func(k int) bool // false: stop (budget or floor reached)
	rec = func(k int) bool {
		nodes++
		if nodes > familySearchNodes {
			return false
		}
		sc := score()
		if worse(sc, bound) {
			return true
		}
		if k == len(order) {
			bound = sc
			best = make([]famReg, len(regs))
			for r := range regs {
				best[r] = famReg{class: regs[r].class}
				for c := range 4 {
					best[r].slots[c] = slices.Clone(regs[r].slots[c])
				}
			}
			bestPlace = slices.Clone(place)
			return sc != floor
		}
		i := order[k]
		it := &items[i]
		try := func(r, off int) bool {
			var added []int
			for m := range members {
				if it.elem[m] >= 0 && !usedBy[r][m] {
					usedBy[r][m] = true
					count[m]++
					added = append(added, m)
				}
			}
			for c := off; c < off+it.cols; c++ {
				regs[r].slots[c] = append(regs[r].slots[c], i)
			}
			place[i] = [2]int{r, off}
			ok := rec(k + 1)
			for c := off; c < off+it.cols; c++ {
				regs[r].slots[c] = regs[r].slots[c][:len(regs[r].slots[c])-1]
			}
			for _, m := range added {
				usedBy[r][m] = false
				count[m]--
			}
			return ok
		}
		for r := range regs {
			if regs[r].class != it.class {
				continue
			}
			for off := 0; off+it.cols <= 4; off++ {
				free := true
				for c := off; c < off+it.cols && free; c++ {
					for _, j := range regs[r].slots[c] {
						if interferes(it, &items[j]) {
							free = false
							break
						}
					}
				}
				if free && !try(r, off) {
					return false
				}
			}
		}
		regs = append(regs, famReg{class: it.class})
		usedBy = append(usedBy, make([]bool, members))
		ok := try(len(regs)-1, 0)
		regs, usedBy = regs[:len(regs)-1], usedBy[:len(usedBy)-1]
		return ok
	}
	finished := rec(0)
	done := finished || best != nil && bound == floor
	return best, bestPlace, bound, done
}

// familyItems collects the semantics of the family.
func familyItems(sigs []*ir.Signature, f *ir.RegisterFile, c ir.Constraints) ([]famItem, error) {
	type sem struct {
		u   ir.Usage
		idx int
	}
	words := (len(sigs) + 63) / 64
	byKey := map[sem]int{}
	var items []famItem
	var errs ir.ErrorList
	for m, s := range sigs {
		for i := range s.Elements {
			e := &s.Elements[i]
			u, idx, _ := e.Semantic.D3D9()
			if f.RoleOf(u, idx) != ir.RoleGeneral {
				continue
			}
			class := c.ClassOf(e, u)
			k, ok := byKey[sem{u, idx}]
			if !ok {
				k = len(items)
				byKey[sem{u, idx}] = k
				it := famItem{u: u, idx: idx, class: class, members: make([]uint64, words), elem: make([]int, len(sigs)), order: k}
				for j := range it.elem {
					it.elem[j] = -1
				}
				items = append(items, it)
			}
			it := &items[k]
			// Centroid in one member makes the semantic centroid in all: a
			// pixel shader reading it must not meet it in a register that
			// is interpolated otherwise.
			if ok && it.class&^ir.ClassCentroid != class&^ir.ClassCentroid {
				first := &sigs[firstMember(it)].Elements[it.elem[firstMember(it)]]
				err := ir.Errorf(e.Pos, e.Include, "%s: %s%d is interpolated %s here but %s in %s (%s)",
					e.Name, u, idx, e.Mods.Interpolation(), first.Mods.Interpolation(), sigs[firstMember(it)].Name, first.Name)
				errs = append(errs, err)
				continue
			}
			it.class |= class & ir.ClassCentroid
			it.cols = max(it.cols, e.Components)
			it.members[m/64] |= 1 << (m % 64)
			it.elem[m] = i
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	for i := range items {
		for _, w := range items[i].members {
			items[i].shared += bits.OnesCount64(w)
		}
	}
	return items, nil
}

func firstMember(it *famItem) int {
	for m, e := range it.elem {
		if e >= 0 {
			return m
		}
	}
	return 0
}

// familyFirstFit places the items in the order given; place[i] is item i's
// family register and first component.
func familyFirstFit(items []famItem, order []int, interferes func(a, b *famItem) bool) ([]famReg, [][2]int) {
	var regs []famReg
	place := make([][2]int, len(items))
	for _, i := range order {
		it := &items[i]
		r, off := -1, -1
	search:
		for ri := range regs {
			if regs[ri].class != it.class {
				continue
			}
			for o := 0; o+it.cols <= 4; o++ {
				free := true
				for k := o; k < o+it.cols && free; k++ {
					for _, j := range regs[ri].slots[k] {
						if interferes(it, &items[j]) {
							free = false
							break
						}
					}
				}
				if free {
					r, off = ri, o
					break search
				}
			}
		}
		if r < 0 {
			regs = append(regs, famReg{class: it.class})
			r, off = len(regs)-1, 0
		}
		for k := off; k < off+it.cols; k++ {
			regs[r].slots[k] = append(regs[r].slots[k], i)
		}
		place[i] = [2]int{r, off}
	}
	return regs, place
}

// familyScore is (registers of the largest member, registers of all).
func familyScore(items []famItem, regs []famReg, place [][2]int, members int) [2]int {
	largest, total := 0, 0
	for m := range members {
		used := map[int]bool{}
		for i := range items {
			if items[i].elem[m] >= 0 {
				used[place[i][0]] = true
			}
		}
		largest = max(largest, len(used))
		total += len(used)
	}
	return [2]int{largest, total}
}

// familyLayouts turns the family registers into one layout per member.
func familyLayouts(sigs []*ir.Signature, labels []string, f *ir.RegisterFile, c ir.Constraints, items []famItem, regs []famReg, place [][2]int, own []int) (*FamilyLayout, error) {
	// The shift and name of each family register (portable form).
	shift := make([]int, len(regs))
	names, err := familyNames(items, regs, place, c.TexcoordNames)
	if err != nil {
		return nil, err
	}
	for r := range regs {
		lowest := 4
		for k := 0; k < 4; k++ {
			if len(regs[r].slots[k]) > 0 {
				lowest = min(lowest, k)
			}
		}
		if c.Portable {
			shift[r] = lowest
		}
	}
	out := &FamilyLayout{Registers: len(regs)}
	var errs ir.ErrorList
	mc := c
	mc.Family = true
	for m, s := range sigs {
		l := &ir.Layout{Sig: s, File: f, Cons: mc, Strategy: "family", Place: make([]ir.Placement, len(s.Elements))}
		// Numbering: POSITION0, PSIZE, then the family registers this
		// member uses, in family order.
		next := 0
		for _, role := range []ir.Role{ir.RolePosition, ir.RolePSize} {
			for i := range s.Elements {
				u, idx, _ := s.Elements[i].Semantic.D3D9()
				if f.RoleOf(u, idx) == role {
					l.Place[i] = ir.Placement{Reg: ir.Reg{Kind: f.Kind, Num: next}, Mask: ir.MaskXYZW, Usage: u, Index: idx, Role: role}
					next++
				}
			}
		}
		local := map[int]int{}
		for r := range regs {
			for i := range items {
				if items[i].elem[m] >= 0 && place[i][0] == r {
					local[r] = next
					next++
					break
				}
			}
		}
		for i := range items {
			it := &items[i]
			e := it.elem[m]
			if e < 0 {
				continue
			}
			r, off := place[i][0], place[i][1]-shift[place[i][0]]
			pl := ir.Placement{Reg: ir.Reg{Kind: f.Kind, Num: local[r]}, Mask: ir.MaskRun(off, s.Elements[e].Components), Usage: it.u, Index: it.idx}
			if c.Portable {
				pl.Usage, pl.Index = names[r].u, names[r].idx
			}
			l.Place[e] = pl
		}
		l.LowerBound = own[m]
		out.Own = append(out.Own, own[m])
		out.LowerBound = max(out.LowerBound, own[m])
		if limit := c.Limit(f); len(local) > limit {
			var over []string
			first := -1
			for i := range s.Elements {
				if p := l.Place[i]; p.Role == ir.RoleGeneral && p.Reg.Num-(next-len(local)) >= limit {
					over = append(over, s.Elements[i].Name)
					if first < 0 {
						first = i
					}
				}
			}
			e := &s.Elements[first]
			errs = append(errs, ir.Errorf(e.Pos, e.Include,
				"too many interpolators: %s needs %d general registers in a layout it shares with %s, but %s has %d (alone it needs %d; not placed: %s)",
				labels[m], len(local), familyOthers(labels, m), f.Profile.Name, limit, own[m], strings.Join(over, ", ")))
			continue
		}
		if err := ir.CheckLayout(l); err != nil {
			return nil, fmt.Errorf("internal error: family layout of %s: %v", s.Name, err)
		}
		out.Layouts = append(out.Layouts, l)
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return out, nil
}

// familyNames chooses the semantic each family register is declared
// with, by the rules of Portable (portable.go) over the items it holds in
// any member: the item at the lowest component that may name it (the
// first declared on a tie), else the lowest TEXCOORD index no item of the
// family uses; with texcoords, TEXCOORDr for family register r.
func familyNames(items []famItem, regs []famReg, place [][2]int, texcoords bool) ([]usageIndex, error) {
	names := make([]usageIndex, len(regs))
	if texcoords {
		for r := range regs {
			names[r] = usageIndex{ir.UsageTexCoord, r}
		}
		return names, texcoordLimit("the family", len(regs))
	}
	used := map[usageIndex]bool{}
	for i := range items {
		used[usageIndex{items[i].u, items[i].idx}] = true
	}
	var free []int
	for r := range regs {
		var all []int
		for k := 0; k < 4; k++ {
			for _, i := range regs[r].slots[k] {
				if !slices.Contains(all, i) {
					all = append(all, i)
				}
			}
		}
		usages := make([]ir.Usage, len(all))
		for j, i := range all {
			usages[j] = items[i].u
		}
		namer := -1
		for j, i := range all {
			if mayName(usages[j], usages) && (namer < 0 || cmp.Or(cmp.Compare(place[i][1], place[namer][1]), cmp.Compare(items[i].order, items[namer].order)) < 0) {
				namer = i
			}
		}
		if namer < 0 {
			free = append(free, r)
			continue
		}
		names[r] = usageIndex{items[namer].u, items[namer].idx}
	}
	for _, r := range free {
		n, ok := freeName(used)
		if !ok {
			return nil, fmt.Errorf("no semantic is free to declare a family register that holds only FOG and COLOR members (give it --semantics=texcoord)")
		}
		names[r] = n
	}
	return names, nil
}

// familyOthers names the members other than m.
func familyOthers(labels []string, m int) string {
	var names []string
	for i, s := range labels {
		if i != m && !slices.Contains(names, s) {
			names = append(names, s)
		}
	}
	if len(names) > 3 {
		return strings.Join(names[:3], ", ") + fmt.Sprintf(" and %d more", len(names)-3)
	}
	return strings.Join(names, ", ")
}
