package pack

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/shpack/shpack/ir"
)

// A Strategy assigns every element of a signature to register components.
//
// Pack returns a layout that passes ir.CheckLayout, or an error. When the
// signature is valid but needs more general registers than the constraints
// allow, Pack returns both the layout it would use with no limit (register
// numbers may then exceed the register file) and an *OverflowError, which
// wraps ErrNoFit. Invalid signatures give an ir.ErrorList and no layout.
type Strategy interface {
	Name() string // the flag spelling: "fxc", "prefix-stable", "optimal", ...
	Pack(sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (*ir.Layout, error)
}

// Strategies returns every strategy, in a fixed order (the order compare
// reports them in). The slice is new on every call.
func Strategies() []Strategy {
	return []Strategy{FXC{}, PrefixStable{}, Vertical{}, Optimal{}, Exact{}, StableFit{}}
}

// Names returns the names of all strategies, in the order of Strategies.
func Names() []string {
	var names []string
	for _, s := range Strategies() {
		names = append(names, s.Name())
	}
	return names
}

// Lookup finds a strategy by name; the error for a name that is none
// lists the names.
func Lookup(name string) (Strategy, error) {
	for _, s := range Strategies() {
		if s.Name() == name {
			return s, nil
		}
	}
	return nil, fmt.Errorf("unknown strategy %q (known: %s)", name, strings.Join(Names(), ", "))
}

// ErrNoFit is wrapped by the error a strategy returns when a valid signature
// needs more general registers than allowed.
var ErrNoFit = errors.New("signature does not fit the register file")

// OverflowError says that a layout needs more general registers than the
// limit, how many it needs, and which elements did not fit. It unwraps to
// both the positioned *ir.Error and ErrNoFit.
type OverflowError struct {
	Diag       *ir.Error
	Needed     int   // general registers the strategy used
	Limit      int   // general registers allowed
	LowerBound int   // proven lower bound on general registers, -1 if unknown
	Unplaced   []int // elements in registers past the limit

	sig      *ir.Signature
	strategy string
	profile  string // the register file named in the message
	budgeted bool   // the limit came from --registers
	indexed  bool
	block    map[int]string // rows of indexed arrays: element → array name
}

// Error is the positioned diagnostic's text.
func (e *OverflowError) Error() string { return e.Diag.Error() }

// Unwrap returns the positioned diagnostic and ErrNoFit.
func (e *OverflowError) Unwrap() []error { return []error{e.Diag, ErrNoFit} }

// build writes the diagnostic: positioned at the first element that did not
// fit, saying how many registers the strategy needs, what would fit, and
// what was not placed (an indexed array by its name: it moves as a whole).
func (e *OverflowError) build() {
	first := &e.sig.Elements[e.Unplaced[0]]
	var b strings.Builder
	if lb := e.LowerBound; e.strategy == "exact" && e.indexed && lb >= 0 && lb <= e.Limit {
		// The search ran out of its budget before it proved anything
		// about the limit: this is not a proof that nothing fits.
		fmt.Fprintf(&b, "too many interpolators? %s: no layout of at most %d general registers found within the search budget; the best found needs %d with %s, at least %d are needed",
			e.sig.Name, e.Limit, e.Needed, e.strategy, lb)
		e.Diag = ir.Errorf(first.Pos, first.Include, "%s", b.String())
		return
	}
	if e.budgeted {
		fmt.Fprintf(&b, "too many interpolators: %s needs %d general registers with %s, but the limit is %d",
			e.sig.Name, e.Needed, e.strategy, e.Limit)
	} else {
		fmt.Fprintf(&b, "too many interpolators: %s needs %d general registers with %s, but %s has %d",
			e.sig.Name, e.Needed, e.strategy, e.profile, e.Limit)
	}
	switch lb := e.LowerBound; {
	case lb > e.Limit:
		fmt.Fprintf(&b, "; no layout fits: at least %d are needed", lb)
	case lb >= 0 && !e.indexed:
		fmt.Fprintf(&b, "; optimal fits in %d", lb)
	}
	var names []string
	seen := map[string]bool{}
	for _, k := range e.Unplaced {
		if arr, ok := e.block[k]; ok {
			if !seen[arr] {
				seen[arr] = true
				names = append(names, arr+" (indexed)")
			}
			continue
		}
		names = append(names, e.sig.Elements[k].Name)
	}
	fmt.Fprintf(&b, " (not placed: %s)", strings.Join(names, ", "))
	e.Diag = ir.Errorf(first.Pos, first.Include, "%s", b.String())
}

// ForProfile names another register file in the message: a ps_3_0 input
// signature is packed as the vertex outputs it mirrors, but its overflow is
// about the pixel shader's v0..v9.
func (e *OverflowError) ForProfile(name string) {
	e.profile = name
	e.build()
}

// problem is a signature prepared for packing: declared semantics, roles and
// classes resolved, and the general elements grouped into items.
type problem struct {
	sig   *ir.Signature
	file  *ir.RegisterFile
	cons  ir.Constraints
	usage []ir.Usage
	index []int
	role  []ir.Role
	class []ir.Class
	items []item // general items in declaration order
	// itemOf maps an element to its item, -1 for POSITION0 and PSIZE.
	itemOf  []int
	indexed bool
}

// An item is what a strategy places: one general element, or all rows of a
// dynamically indexed array, which must take consecutive registers at the same
// components.
type item struct {
	elems []int // element indices, in row order
	cols  int   // widest row
	class ir.Class
}

func (it *item) rows() int { return len(it.elems) }

// validPacker is implemented by the strategies of this package: packing a
// problem whose signature was validated, without validating it again (a
// pack path validates each signature once).
type validPacker interface {
	packValid(p *problem) (*ir.Layout, error)
}

// packWith validates sig for f under c and packs it with st.
func packWith(st validPacker, sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (*ir.Layout, error) {
	p, err := newProblem(sig, f, c)
	if err != nil {
		return nil, err
	}
	return st.packValid(p)
}

// packValidated packs sig, which the caller has validated for f under c,
// with st: without validating it again when st is one of this package's.
func packValidated(st Strategy, sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (*ir.Layout, error) {
	if vp, ok := st.(validPacker); ok {
		p, err := prepare(sig, f, c)
		if err != nil {
			return nil, err
		}
		return vp.packValid(p)
	}
	return st.Pack(sig, f, c)
}

// newProblem validates sig for f under c and prepares it.
func newProblem(sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (*problem, error) {
	if errs := ir.ValidateSignature(sig, f, c); len(errs) > 0 {
		return nil, errs
	}
	return prepare(sig, f, c)
}

// prepare makes the problem of a valid signature (an indexed array whose
// rows are of different packing classes is still an error here).
func prepare(sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (*problem, error) {
	n := len(sig.Elements)
	p := &problem{
		sig: sig, file: f, cons: c,
		usage: make([]ir.Usage, n), index: make([]int, n), role: make([]ir.Role, n),
		class: make([]ir.Class, n), itemOf: make([]int, n), items: make([]item, 0, n),
		indexed: len(c.Indexed) > 0,
	}
	// One backing array holds every item's element list.
	backing := make([]int, 0, n)
	blockOf := c.IndexedArrays(sig)
	for i := range sig.Elements {
		e := &sig.Elements[i]
		u, idx, _ := e.Semantic.D3D9()
		p.usage[i], p.index[i] = u, idx
		p.role[i] = f.RoleOf(u, idx)
		p.class[i] = c.ClassOf(e, u)
		p.itemOf[i] = -1
	}
	for i := range sig.Elements {
		e := &sig.Elements[i]
		if p.role[i] != ir.RoleGeneral {
			continue
		}
		if a := blockOf[i]; a >= 0 {
			arr := sig.Arrays[a]
			if i != arr.First {
				p.itemOf[i] = p.itemOf[arr.First]
				continue
			}
			it := item{class: p.class[i]}
			start := len(backing)
			for k := arr.First; k < arr.First+arr.Count; k++ {
				backing = append(backing, k)
				it.elems = backing[start:len(backing):len(backing)]
				it.cols = max(it.cols, sig.Elements[k].Components)
				if p.class[k] != it.class {
					return nil, ir.ErrorList{ir.Errorf(sig.Elements[k].Pos, sig.Elements[k].Include,
						"%s: the rows of an indexed array must share one packing class", arr.Name)}
				}
			}
			p.itemOf[i] = len(p.items)
			p.items = append(p.items, it)
			continue
		}
		p.itemOf[i] = len(p.items)
		backing = append(backing, i)
		p.items = append(p.items, item{elems: backing[len(backing)-1 : len(backing) : len(backing)], cols: e.Components, class: p.class[i]})
	}
	return p, nil
}

// state is a layout under construction. General registers are kept in the
// order they were opened; their numbers are assigned at the end (numbering).
type state struct {
	p     *problem
	bound int // a proven lower bound to report; -1: compute lowerBound(p)
	regs  []regState
	reg   []int     // per element: general register index, -1 for specials or unplaced
	mask  []ir.Mask // per element
	opens []opening // registers in the order they were opened, specials included
}

type regState struct {
	class ir.Class
	used  ir.Mask
}

// An opening records one register being opened: a special element's own
// register (elem >= 0) or general register gen.
type opening struct {
	elem int
	gen  int
}

func newState(p *problem) *state {
	n := len(p.sig.Elements)
	s := &state{p: p, bound: -1, reg: make([]int, n), mask: make([]ir.Mask, n)}
	for i := range s.reg {
		s.reg[i] = -1
	}
	return s
}

// special gives POSITION0 or PSIZE element i a register of its own.
func (s *state) special(i int) {
	s.mask[i] = ir.MaskXYZW
	s.opens = append(s.opens, opening{elem: i, gen: -1})
}

// open adds a general register of class k and returns its index.
func (s *state) open(k ir.Class) int {
	s.regs = append(s.regs, regState{class: k})
	s.opens = append(s.opens, opening{elem: -1, gen: len(s.regs) - 1})
	return len(s.regs) - 1
}

// fits reports whether item it can sit with its first row in general register
// r at component off; rows past the last open register would open new ones.
func (s *state) fits(it *item, r, off int) bool {
	if off+it.cols > 4 {
		return false
	}
	if len(it.elems) == 1 { // the common case: one row of it.cols components
		if r >= len(s.regs) {
			return true
		}
		rs := s.regs[r]
		return rs.class == it.class && rs.used&runMask(off, it.cols) == 0
	}
	for k, e := range it.elems {
		if r+k >= len(s.regs) {
			return true
		}
		rs := s.regs[r+k]
		if rs.class != it.class || rs.used&runMask(off, s.p.sig.Elements[e].Components) != 0 {
			return false
		}
	}
	return true
}

// put places item it with its first row in general register r at component
// off, opening registers as needed.
func (s *state) put(it *item, r, off int) {
	for k, e := range it.elems {
		for r+k >= len(s.regs) {
			s.open(it.class)
		}
		m := runMask(off, s.p.sig.Elements[e].Components)
		s.regs[r+k].used |= m
		s.reg[e] = r + k
		s.mask[e] = m
	}
}

// runMask is ir.MaskRun without the range check, for callers that keep
// off+n within the register.
func runMask(off, n int) ir.Mask { return ir.Mask((1<<n - 1) << off) }

// leftmostRun[used][w] is the leftmost component where a run of w free
// components starts in a register whose taken components are used, or -1.
// It is computed once and never changes.
var leftmostRun = func() (t [16][5]int8) {
	for used := range 16 {
		for w := 1; w <= 4; w++ {
			t[used][w] = -1
			for off := 0; off+w <= 4; off++ {
				if used&((1<<w-1)<<off) == 0 {
					t[used][w] = int8(off)
					break
				}
			}
		}
	}
	return t
}()

// firstFit returns the lowest register, then the leftmost component, where
// item it fits; past the open registers it fits at component 0.
func (s *state) firstFit(it *item) (r, off int) {
	if len(it.elems) == 1 {
		for r, rs := range s.regs {
			if rs.class == it.class {
				if off := leftmostRun[rs.used][it.cols]; off >= 0 {
					return r, int(off)
				}
			}
		}
		return len(s.regs), 0
	}
	for r := range s.regs {
		for off := 0; off+it.cols <= 4; off++ {
			if s.fits(it, r, off) {
				return r, off
			}
		}
	}
	return len(s.regs), 0
}

// numbering chooses how register numbers are assigned.
type numbering uint8

const (
	// byOpening numbers registers in the order they were opened, POSITION0
	// and PSIZE included (fxc's order when elements are visited in
	// declaration order).
	byOpening numbering = iota
	// specialsFirst gives POSITION0 register 0, PSIZE the next number, then
	// general registers in the order they were opened.
	specialsFirst
)

// layout finishes the state: assigns register numbers, fills the layout and
// checks the budget.
func (s *state) layout(name string, num numbering) (*ir.Layout, error) {
	p := s.p
	if p.indexed {
		num = specialsFirst // sm3-signatures.md §3 rule 9: POSITION0 in o0, PSIZE in o1
	}
	genNum := make([]int, len(s.regs))
	specNum := make([]int, len(p.sig.Elements)) // register number of each special element
	next := 0
	if num == specialsFirst {
		for _, role := range []ir.Role{ir.RolePosition, ir.RolePSize} {
			for _, o := range s.opens {
				if o.elem >= 0 && p.role[o.elem] == role {
					specNum[o.elem] = next
					next++
				}
			}
		}
		for _, o := range s.opens {
			if o.elem < 0 {
				genNum[o.gen] = next
				next++
			}
		}
	} else {
		for _, o := range s.opens {
			if o.elem >= 0 {
				specNum[o.elem] = next
			} else {
				genNum[o.gen] = next
			}
			next++
		}
	}
	l := &ir.Layout{
		Sig: p.sig, File: p.file, Cons: p.cons, Strategy: name,
		Place:      make([]ir.Placement, len(p.sig.Elements)),
		LowerBound: s.bound,
	}
	if l.LowerBound < 0 {
		l.LowerBound = lowerBound(p)
	}
	for i := range p.sig.Elements {
		pl := ir.Placement{Mask: s.mask[i], Usage: p.usage[i], Index: p.index[i], Role: p.role[i]}
		if p.role[i] == ir.RoleGeneral {
			pl.Reg = ir.Reg{Kind: p.file.Kind, Num: genNum[s.reg[i]]}
		} else {
			pl.Reg = ir.Reg{Kind: p.file.Kind, Num: specNum[i]}
		}
		l.Place[i] = pl
	}
	if limit := p.cons.Limit(p.file); len(s.regs) > limit {
		return l, s.overflow(l, limit)
	}
	return l, nil
}

// overflow builds the error for a layout that needs more than limit general
// registers: positioned at the first element past the limit, naming all of
// them and what would fit.
func (s *state) overflow(l *ir.Layout, limit int) error {
	p := s.p
	var unplaced []int
	for i := range p.sig.Elements {
		if p.role[i] == ir.RoleGeneral && s.reg[i] >= limit {
			unplaced = append(unplaced, i)
		}
	}
	// Registers past the limit in opening order hold the elements that did
	// not fit; report them in declaration order.
	slices.Sort(unplaced)
	e := &OverflowError{
		Needed: len(s.regs), Limit: limit, LowerBound: l.LowerBound, Unplaced: unplaced,
		sig: p.sig, strategy: l.Strategy, profile: p.file.Profile.Name,
		budgeted: p.cons.Budget > 0, indexed: p.indexed, block: map[int]string{},
	}
	for k, a := range p.cons.IndexedArrays(p.sig) {
		if a >= 0 {
			e.block[k] = p.sig.Arrays[a].Name
		}
	}
	e.build()
	return e
}

// packInOrder visits elements in declaration order: POSITION0 and PSIZE take
// a register of their own where they are declared, and every general item is
// placed by place when its first row is reached.
func packInOrder(p *problem, place func(s *state, it *item)) *state {
	s := newState(p)
	for i := range p.sig.Elements {
		if p.role[i] != ir.RoleGeneral {
			s.special(i)
			continue
		}
		it := &p.items[p.itemOf[i]]
		if it.elems[0] == i {
			place(s, it)
		}
	}
	return s
}
