package check

import (
	"strconv"

	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/ir"
)

// A semantic is a declaration's usage and index: TEXCOORD1.
type semantic struct {
	usage ir.Usage
	index int
}

func (s semantic) String() string { return s.usage.String() + strconv.Itoa(s.index) }

// A decl is one usage declaration of an o# (vertex) or v# (pixel)
// register: what crosses from one stage to the other.
type decl struct {
	in   *d3d9.Inst
	reg  int
	mask ir.Mask
	sem  semantic
}

// A stage is a program with its interstage declarations indexed.
type stage struct {
	p     *d3d9.Program
	file  string
	decls []*decl         // the o# (vertex) or v# (pixel) declarations, in order
	byReg map[int][]*decl // a register's declarations, in order
	bySem map[semantic]*decl
	// dclRegs are the registers of each type any dcl declares (samplers,
	// vPos and vFace, and vertex inputs too).
	dclRegs map[d3d9.RegType]map[int]bool
}

// newStage indexes a program's declarations.
func newStage(p *d3d9.Program, file string) *stage {
	st := &stage{p: p, file: file, byReg: map[int][]*decl{}, bySem: map[semantic]*decl{}, dclRegs: map[d3d9.RegType]map[int]bool{}}
	inter := d3d9.RegOutput
	if p.Stage == ir.Pixel {
		inter = d3d9.RegInput
	}
	for _, in := range p.Insts {
		if in.Op != d3d9.OpDcl || in.Dst == nil {
			continue
		}
		d := in.Dst
		if st.dclRegs[d.Type] == nil {
			st.dclRegs[d.Type] = map[int]bool{}
		}
		st.dclRegs[d.Type][d.Num] = true
		if d.Type != inter {
			continue
		}
		dc := &decl{in: in, reg: d.Num, mask: d.Mask, sem: semantic{in.Usage, in.UsageIndex}}
		st.decls = append(st.decls, dc)
		st.byReg[dc.reg] = append(st.byReg[dc.reg], dc)
		if _, ok := st.bySem[dc.sem]; !ok {
			st.bySem[dc.sem] = dc
		}
	}
	return st
}

// last is a register's last declaration, first its first (nil if none).
func (st *stage) last(reg int) *decl {
	ds := st.byReg[reg]
	if len(ds) == 0 {
		return nil
	}
	return ds[len(ds)-1]
}

func (st *stage) first(reg int) *decl {
	ds := st.byReg[reg]
	if len(ds) == 0 {
		return nil
	}
	return ds[0]
}

// declOf is the declaration of a semantic given by name (nil if none).
func (st *stage) declOf(usage string, index int) *d3d9.Inst {
	for _, d := range st.decls {
		if d.sem.usage.String() == usage && d.sem.index == index {
			return d.in
		}
	}
	return nil
}

// declared reports whether some dcl declares register num of type t.
func (st *stage) declared(t d3d9.RegType, num int) bool { return st.dclRegs[t][num] }

// regName spells a register of the program.
func (st *stage) regName(t d3d9.RegType, num int) string { return st.p.RegName(t, num) }
