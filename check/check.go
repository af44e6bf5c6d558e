// Package check verifies compiled vs_3_0/ps_3_0 programs before they run.
// It owns three things:
//
//   - the rules one program must follow: the register files of vs_3_0 and
//     ps_3_0, the declarations (one semantic per component, each semantic
//     once, POSITION0 and PSIZE), their order, relative addressing, and
//     that what a program writes or reads is declared (rules.go);
//   - SM3 linkage: a pixel shader's inputs against the vertex shader's
//     outputs, by semantic, letters and grouping (linkage.go);
//   - one small model per runtime of what it does with the declarations
//     (wined3d, MojoShader's GLSL, DXVK 2 and DXVK 3), which says of every
//     value the pixel shader reads whether it arrives as written
//     (runtimes.go, over the components reads.go finds the pixel shader
//     reading).
//
// A breach of a rule is a problem: a positioned error naming the
// instruction, something a correct program never has. A value a runtime
// loses is not an error of the program (the program may be right by the
// Direct3D 9 documentation): it is reported per runtime, and a caller
// decides whether that runtime matters.
//
// The package reads d3d9.Programs and knows nothing of files, HLSL or
// packing; it keeps no state between calls. The rules' sources are
// Microsoft's Direct3D 9 assembly pages as ../shared/docs/sm3-signatures.md
// summarizes them; the runtime models' evidence is the results tables of
// ../shared/tools/d3d9-render-check and ../shared/tools/mojoshader-gl-check.
package check

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/ir"
)

// The runtimes a Report has a model of, in report order.
const (
	// Wined3d is Wine's Direct3D 9 (Wine 8.0, OpenGL).
	Wined3d = "wined3d"
	// MojoShader is MojoShader's OpenGL path, profile glsl120, as FNA and
	// MonoGame DesktopGL use it.
	MojoShader = "mojoshader"
	// DXVK2 is DXVK 2.x (up to 2.7.1), Direct3D 9 on Vulkan.
	DXVK2 = "dxvk2"
	// DXVK3 is DXVK 3.x; its model is read from a one-line description and
	// has not been run.
	DXVK3 = "dxvk3"
)

// RuntimeNames returns the names of the runtimes a Report covers, in
// report order.
func RuntimeNames() []string { return []string{Wined3d, MojoShader, DXVK2, DXVK3} }

// A Report is what Programs found.
type Report struct {
	// Problems are the breaches of the rules and of linkage, in file order
	// (vertex shader, then pixel shader) and instruction order.
	Problems ir.ErrorList
	// Runtimes has one entry per runtime of RuntimeNames, in that order;
	// nil without a pixel shader, or when a program is not vs_3_0 or
	// ps_3_0. The models read the declarations and what the pixel shader
	// reads: a program with problems may lose more (Wine draws zeros for
	// a vertex shader that uses r32, which the lists do not show).
	Runtimes []Runtime

	vs, ps  *stage
	offsets map[*ir.Error]int
	// overflow lets a vertex shader that declares o0 to o11 go on past
	// o11 (Overflowing).
	overflow bool
}

// A Runtime is what one runtime does with the pair: the values the pixel
// shader reads that do not arrive as the vertex shader wrote them.
type Runtime struct {
	Name string
	// Lost is empty when every value the pixel shader reads arrives; it
	// is ordered by the pixel shader's declarations, then component.
	Lost []Lost
}

// A Lost is one semantic's components that a runtime loses, for one
// reason.
type Lost struct {
	// Semantic is the usage in upper case ("TEXCOORD"); Index its index.
	Semantic string `json:"semantic"`
	Index    int    `json:"index"`
	// Components are the letters lost, in xyzw order: "zw".
	Components string `json:"components"`
	// Why says in a few words what the runtime does.
	Why string `json:"why"`
}

// String spells a lost value as the text output does:
// "TEXCOORD1.zw: why".
func (l Lost) String() string {
	return l.Semantic + strconv.Itoa(l.Index) + "." + l.Components + ": " + l.Why
}

// Programs checks a vertex shader and the pixel shader it feeds; ps may be
// nil, and then only the vertex shader's own rules are checked (no
// linkage, no runtimes). The names are the files, for positions. The
// programs are not changed. A Report is not safe for concurrent use
// (LossErrors records the offsets of the errors it makes).
func Programs(vs, ps *d3d9.Program, vsName, psName string) *Report {
	r := &Report{offsets: map[*ir.Error]int{}}
	var vsOK, psOK bool
	r.vs, vsOK = r.program(vs, vsName, ir.Vertex)
	if ps != nil {
		r.ps, psOK = r.program(ps, psName, ir.Pixel)
	}
	if ps != nil && vsOK && psOK {
		r.linkage()
		r.Runtimes = runtimeModels(r.vs, r.ps)
	}
	rank := func(file string) int {
		switch file {
		case vsName:
			return 0
		case psName:
			return 1
		}
		return 2
	}
	slices.SortStableFunc(r.Problems, func(a, b *ir.Error) int {
		if c := cmp.Compare(rank(a.Pos.File), rank(b.Pos.File)); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Pos.Line, b.Pos.Line); c != 0 {
			return c
		}
		return cmp.Compare(r.offsets[a], r.offsets[b])
	})
	return r
}

// Program checks one program's own rules (its profile's limits, its
// declarations and addressing), without a pair's linkage: what a tool that
// reads one compiled program can refuse before it changes anything. The
// problems are sorted by position.
func Program(p *d3d9.Program, name string) ir.ErrorList {
	return checkProgram(p, name, false)
}

// Overflowing checks a program as repack takes it: the rules of Program,
// except that a vertex shader that declares every output register o0 to
// o11 may go on past o11, and a pixel shader that declares every input
// v0 to v9 past v9, as a compiler writes a pair whose outputs do not fit
// (vkd3d counts on without a word): the pair repack exists to pack. A
// register past the end with a gap below it (dcl_texcoord0 o99 in a
// program of two outputs) is still a problem.
func Overflowing(p *d3d9.Program, name string) ir.ErrorList {
	return checkProgram(p, name, true)
}

func checkProgram(p *d3d9.Program, name string, overflow bool) ir.ErrorList {
	r := &Report{offsets: map[*ir.Error]int{}, overflow: overflow}
	r.program(p, name, p.Stage)
	slices.SortStableFunc(r.Problems, func(a, b *ir.Error) int {
		return cmp.Or(cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(r.offsets[a], r.offsets[b]))
	})
	return r.Problems
}

// program checks one program's own rules; ok is false when it is not of
// the stage and model the check reads, and nothing more was checked.
func (r *Report) program(p *d3d9.Program, file string, want ir.Stage) (*stage, bool) {
	st := newStage(p, file)
	if p.Stage != want || p.Major != 3 || p.Minor != 0 {
		what, profile := "vertex shader", "vs_3_0"
		if want == ir.Pixel {
			what, profile = "pixel shader", "ps_3_0"
		}
		msg := fmt.Sprintf("the %s is %s: check reads %s", what, p.Profile(), profile)
		if p.Line == 0 {
			msg = "token 0: " + msg // bytecode's version token
		}
		r.Problems = append(r.Problems, &ir.Error{Pos: ir.Pos{File: file, Line: p.Line, Col: p.Col}, Msg: msg}) // the version line
		return st, false
	}
	r.rules(st)
	return st, true
}

// Lost returns what the named runtime loses (nil if the report has no
// such runtime, or no pixel shader).
func (r *Report) Lost(runtime string) []Lost {
	for _, rt := range r.Runtimes {
		if rt.Name == runtime {
			return rt.Lost
		}
	}
	return nil
}

// Offset returns the bytecode token index of the instruction a problem
// (or an error of LossErrors) names, 0 for assembly text, where the
// position's line says it.
func (r *Report) Offset(e *ir.Error) int { return r.offsets[e] }

// LossErrors turns what the named runtimes lose into errors, one per lost
// entry, positioned at the pixel shader's declaration of the semantic: for
// a build that must run on those runtimes.
func (r *Report) LossErrors(runtimes ...string) ir.ErrorList {
	var errs ir.ErrorList
	for _, rt := range r.Runtimes {
		if !slices.Contains(runtimes, rt.Name) {
			continue
		}
		for _, l := range rt.Lost {
			in := r.ps.declOf(l.Semantic, l.Index)
			errs = append(errs, r.errAt(r.ps, in, "%s loses %s%d.%s: %s", rt.Name, l.Semantic, l.Index, l.Components, l.Why))
		}
	}
	return errs
}

// errAt is an error positioned at an instruction: its line in assembly
// text, or its token index in bytecode, which the message names with the
// instruction as d3d9.Decode and package repack do ("token 12 (mov r32,
// c0): ...").
func (r *Report) errAt(st *stage, in *d3d9.Inst, format string, args ...any) *ir.Error {
	msg := fmt.Sprintf(format, args...)
	if in == nil {
		// The whole program (what it lacks): at its version line, token
		// 0 in bytecode.
		if st.p.Line == 0 {
			msg = "token 0: " + msg
		}
		return &ir.Error{Pos: ir.Pos{File: st.file, Line: st.p.Line, Col: st.p.Col}, Msg: msg}
	}
	e := &ir.Error{Pos: ir.Pos{File: st.file, Line: in.Line, Col: 1}}
	if in.Line == 0 {
		e.Pos.Col = 0
		e.Msg = fmt.Sprintf("token %d (%s): %s", in.Offset, st.p.InstString(in), msg)
		r.offsets[e] = in.Offset
	} else {
		e.Msg = fmt.Sprintf("%s: %s", st.p.InstString(in), msg)
	}
	return e
}

// problem adds a problem at an instruction (nil: the whole program).
func (r *Report) problem(st *stage, in *d3d9.Inst, format string, args ...any) *ir.Error {
	e := r.errAt(st, in, format, args...)
	r.Problems = append(r.Problems, e)
	return e
}

// note adds a note to e pointing at another instruction.
func (r *Report) note(e *ir.Error, st *stage, in *d3d9.Inst, format string, args ...any) {
	n := r.errAt(st, in, format, args...)
	delete(r.offsets, n)
	e.Notes = append(e.Notes, ir.Note{Pos: n.Pos, Msg: n.Msg})
}
