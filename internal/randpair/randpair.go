// Package randpair generates random vs_3_0/ps_3_0 shader pairs for
// shpack's differential test (cmd/shpack, TestDifferential), and owns
// their on-disk form (a txtar archive, the regression cases of
// cmd/shpack/testdata/differential). It is imported by tests only.
//
// The idea. A pair is generated from its signature: a random list of
// vertex outputs (POSITION0, then members of every width, arrays,
// row_major and column_major matrices, COLOR0/COLOR1, sometimes FOG,
// PSIZE, NORMAL-like semantics, and, for vkd3d only, int and bool), each
// component of which gets a constant of its own. The vertex shader does
// nothing but write those constants (through literals, sums, products
// and swizzled writes that a compiler folds back into the same
// constants); each pixel shader reads a random subset of the members, in
// a random order and through a random shape of input (the vertex
// shader's struct, a struct of its own, plain parameters, narrower or
// wider vectors, single elements of an array or a matrix), and copies
// each component it reads into one of the 16 slots of its four render
// targets (rt0.rgba .. rt3.rgba); the slots it does not use are 0. The
// same pair is written twice: as HLSL (one source file, sometimes an
// effect with a technique) for shpack rewrite, and as assembly in the
// layout fxc gives the HLSL (one register per semantic, each from .x) for
// shpack repack.
//
// Why the expected values are right. A pixel shader's slot holds exactly
// the constant the generator assigned to the component it copies, and the
// generator knows which component each slot copies because it wrote the
// copy itself: no value is computed by anything but the generator. The
// constants are exact in binary floating point (multiples of 1/8, COLOR
// multiples of 1/64), and every operation the shaders apply to them (a+b,
// a*0.5 with a = 2v, a + p*0) is exact too, so a runtime that delivers
// the value delivers it bit for bit, and the 1e-4 tolerance of the draw
// tools never hides a wrong component. The values are distinct and,
// except COLOR's, outside [0, 1] (negative ones too), so a component read
// from the wrong register or letter, a 0 where nothing arrived, or a
// clamp to [0, 1] shows as a wrong value. COLOR's are inside (0, 1),
// because MojoShader's GL path clamps COLOR0/COLOR1 whatever the program
// does. A pixel input declared wider than the output it reads gets z = 0
// and w = 1 (shpack's rule, which the README states); those slots are the
// only ones whose value is not a constant of the vertex shader.
package randpair

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
)

// Kind is the shape of a member.
type Kind uint8

// The member shapes.
const (
	Vector Kind = iota // a scalar or a vector: float, float3, int2, bool
	Array              // an array of vectors: float2 uv[3]
	Matrix             // a matrix, row_major or column_major
)

// A Member is one vertex output of the signature.
type Member struct {
	Name string
	Kind Kind
	// Scalar is "float", "int" or "bool".
	Scalar string
	// Width is a Vector's component count, or an Array element's.
	Width int
	// Len is an Array's element count.
	Len int
	// Rows and Cols are a Matrix's (floatRxC); RowMajor its packing.
	Rows, Cols int
	RowMajor   bool
	// Usage is the semantic's name in upper case ("TEXCOORD"), Index its
	// first index (an Array or Matrix takes Index, Index+1, ...).
	Usage string
	Index int
	// Param: the vertex shader writes the member through an out
	// parameter (InOut: an inout one), not through its struct.
	Param, InOut bool
	// Elements are the member's registers in the unpacked layout: one per
	// Vector, per Array element, per row (row_major) or column
	// (column_major) of a Matrix.
	Elements []Element
}

// An Element is one register's worth of a member: one semantic.
type Element struct {
	Usage string
	Index int
	Width int
	// Values are the constants of the components .x .. (Width).
	Values [4]float64
}

// Semantic spells the element's semantic as the assembly declares it:
// "texcoord3", "color", "fog".
func (e Element) Semantic() string {
	s := strings.ToLower(e.Usage)
	if e.Index != 0 {
		s += strconv.Itoa(e.Index)
	}
	return s
}

// Readable reports whether a pixel shader may read the member (POSITION0
// and PSIZE are not visible to it).
func (m *Member) Readable() bool { return m.Usage != "POSITION" && m.Usage != "PSIZE" }

// General reports whether the member takes general output registers (all
// but POSITION0 and PSIZE).
func (m *Member) General() bool { return m.Readable() }

// Type is the member's HLSL type without the array suffix:
// "float3", "row_major float3x4".
func (m *Member) Type() string {
	switch m.Kind {
	case Matrix:
		major := "column_major"
		if m.RowMajor {
			major = "row_major"
		}
		return fmt.Sprintf("%s %s%dx%d", major, m.Scalar, m.Rows, m.Cols)
	}
	return vecType(m.Scalar, m.Width)
}

// Semantic spells the member's HLSL semantic: "TEXCOORD3", "FOG".
func (m *Member) Semantic() string { return hlslSemantic(m.Usage, m.Index) }

func hlslSemantic(usage string, index int) string {
	switch usage {
	case "FOG", "PSIZE":
		if index == 0 {
			return usage
		}
	}
	return usage + strconv.Itoa(index)
}

// Decl is the member's declaration without the semantic: "float2 uv[3]".
func (m *Member) Decl(name string) string {
	if m.Kind == Array {
		return fmt.Sprintf("%s %s[%d]", m.Type(), name, m.Len)
	}
	return m.Type() + " " + name
}

func vecType(scalar string, width int) string {
	if width == 1 {
		return scalar
	}
	return scalar + strconv.Itoa(width)
}

const xyzw = "xyzw"

// path is the HLSL access of element e's component c, after the member's
// reference: ".y", "[2].x", "[1].z" (a column_major matrix's element e is
// column e: component c of it is row c).
func (m *Member) path(e, c int) string {
	switch m.Kind {
	case Array:
		if m.Width == 1 {
			return fmt.Sprintf("[%d]", e)
		}
		return fmt.Sprintf("[%d].%c", e, xyzw[c])
	case Matrix:
		if m.RowMajor {
			return fmt.Sprintf("[%d].%c", e, xyzw[c])
		}
		return fmt.Sprintf("[%d].%c", c, xyzw[e])
	}
	if m.Width == 1 {
		return ""
	}
	return "." + string(xyzw[c])
}

// groupPath is the access of several components of element e at once
// (".zx", "[1].yz"), or "" when the member cannot read them in one
// swizzle (a column_major matrix's column, a scalar).
func (m *Member) groupPath(e int, comps []int) string {
	if len(comps) == 1 {
		return m.path(e, comps[0])
	}
	var sw strings.Builder
	for _, c := range comps {
		sw.WriteByte(xyzw[c])
	}
	switch {
	case m.Kind == Vector && m.Width > 1:
		return "." + sw.String()
	case m.Kind == Array && m.Width > 1, m.Kind == Matrix && m.RowMajor:
		return fmt.Sprintf("[%d].%s", e, sw.String())
	}
	return ""
}

// matrixValue is M[r][c] of a Matrix member.
func (m *Member) matrixValue(r, c int) float64 {
	if m.RowMajor {
		return m.Elements[r].Values[c]
	}
	return m.Elements[c].Values[r]
}

// A Pair is one generated vertex shader with its pixel shaders, in both
// forms, and what each pixel shader draws.
type Pair struct {
	// Seed and Index generated the pair (0, -1 for a hand-made case).
	Seed  uint64
	Index int
	// Name names the pair in messages and files: "s7-i12".
	Name string
	// Members are the vertex outputs, POSITION0 first (nil for a case
	// read from an archive).
	Members []*Member

	// HLSL is the source file, an effect with one technique whose passes
	// pair VSEntry with each PS entry when Effect is set; "" when the case
	// has no HLSL form.
	HLSL      string
	Effect    bool
	VSEntry   string
	PSEntries []string
	// WineHLSL is set when Wine's D3DCompile (vkd3d-shader 1.6) compiles
	// the HLSL right: no arrays and no int or bool members (it crashes or
	// refuses them), no matrices (it writes a matrix output from
	// temporaries it never wrote: MojoShader refuses "Temp register r2
	// used uninitialized"), and no input an entry point does not read (an inout
	// parameter the vertex shader overwrites, a member of the vertex
	// shader's struct a pixel shader leaves alone, POSITION0 in it): 1.6
	// declares such an input on the register of another one (dcl_position
	// v0 and dcl_texcoord3 v0), and the program draws wrong. Its technique
	// block must still be cut off (StripTechniques).
	WineHLSL bool

	// VSAsm and PSAsm are the assembly in the unpacked layout (fxc's: one
	// register per semantic, each from .x), one PSAsm per PS entry; ""
	// when the case has no assembly form.
	VSAsm string
	PSAsm []string

	// Want are the 16 values each pixel shader draws (rt0.rgba ..
	// rt3.rgba), one list per PS entry.
	Want [][]float64

	// GeneralRegisters is the number of general output registers of the
	// unpacked layout; Overflows is set when that is more than vs_3_0's
	// 10, so that shpack rewrite packs the pair without --all.
	GeneralRegisters int
	Overflows        bool
	// WiderReads is set when some pixel shader declares an input wider
	// than the output it reads: the unpacked assembly is then not a
	// linked pair by the rules (it reads letters nothing writes), and only
	// shpack's outputs are.
	WiderReads bool
	// Prepacked is set, for half the pairs whose unpacked layout needs
	// registers past o11 (vs_3_0 has none: the others keep numbering on,
	// as a compiler does when the outputs do not fit, which is what
	// repack is for), when the assembly shares registers between
	// semantics instead, as a program packed by hand does (several dcls
	// per register, disjoint letters, the pixel shader grouping them the
	// same and reading across them), with as few random merges as bring
	// it within o11.
	Prepacked bool
}

// Label names the pair in messages: "s7-i12 (seed 7, pair 12)", or the
// name of a case read from an archive.
func (p *Pair) Label() string {
	if p.Index < 0 {
		return p.Name
	}
	return fmt.Sprintf("%s (seed %d, pair %d)", p.Name, p.Seed, p.Index)
}

// Generate returns pair number index of the campaign seed: the same
// arguments give the same pair, byte for byte.
func Generate(seed uint64, index int) *Pair {
	g := &gen{r: rand.New(rand.NewPCG(seed, uint64(index))), used: map[float64]bool{}}
	p := &Pair{Seed: seed, Index: index, Name: fmt.Sprintf("s%d-i%d", seed, index), VSEntry: "VS"}
	g.signature(p)
	g.pixelShaders(p)
	p.HLSL = g.hlsl(p)
	g.assembly(p)
	p.WineHLSL = g.wineCompiles(p)
	return p
}

// wineCompiles says whether the pair is one Wine's D3DCompile compiles
// right (Pair.WineHLSL).
func (g *gen) wineCompiles(p *Pair) bool {
	for _, m := range p.Members {
		if m.Kind != Vector || m.Scalar != "float" || m.InOut {
			return false
		}
	}
	for _, ps := range g.pss {
		if ps.shape != psVSStruct {
			continue
		}
		for _, m := range p.Members {
			if !m.Param && !slices.ContainsFunc(ps.inputs, func(in *psInput) bool { return in.m == m }) {
				return false // an input it does not read
			}
		}
	}
	return true
}

// gen holds the generator's state for one pair.
type gen struct {
	r    *rand.Rand
	used map[float64]bool // the values handed out

	ints      bool // int and bool members allowed
	prepacked bool // the assembly shares registers (Pair.Prepacked)
	vsShape   vsShape
	pss       []*pixelShader
	posReturn bool // the position is the function's return value
}

type vsShape uint8

const (
	vsStruct vsShape = iota // returns a struct with every output
	vsParams                // out parameters only
	vsMixed                 // an out struct, out parameters, position returned
)

func (g *gen) chance(p float64) bool { return g.r.Float64() < p }

// value hands out a distinct constant: ±(1 + n/8) outside [0, 1], or for
// COLOR (n+1)/64 inside it; integral for int members.
func (g *gen) value(usage, scalar string) float64 {
	for {
		var v float64
		switch {
		case scalar == "bool":
			return 1 // true: the only value a bool has that is not the default
		case scalar == "int":
			v = float64(2 + g.r.IntN(60))
		case usage == "COLOR":
			v = float64(1+g.r.IntN(63)) / 64
		default:
			v = 1 + float64(1+g.r.IntN(480))/8
		}
		if usage != "COLOR" && g.r.IntN(3) == 0 {
			v = -v
		}
		if !g.used[v] {
			g.used[v] = true
			return v
		}
	}
}

// signature picks the members: a target count of general registers (3 to
// 14, so that about a third overflow vs_3_0's 10), filled while a packing
// into 10 registers exists.
func (g *gen) signature(p *Pair) {
	g.ints = g.chance(0.12)
	target := 3 + g.r.IntN(12)
	free := make([]bool, 16) // TEXCOORD indices
	for i := range free {
		free[i] = true
	}
	others := map[string]int{} // next index of NORMAL, TANGENT, BINORMAL
	var colors []int
	if g.chance(0.35) {
		colors = append(colors, 0)
	}
	if g.chance(0.25) {
		colors = append(colors, 1)
	}
	fog := g.chance(0.25)
	psize := g.chance(0.2)

	pos := &Member{Name: "pos", Kind: Vector, Scalar: "float", Width: 4, Usage: "POSITION"}
	pos.Elements = []Element{{Usage: "POSITION", Width: 4}}
	p.Members = append(p.Members, pos)
	var general []*Member
	add := func(m *Member) bool {
		trial := append(slices.Clone(general), m)
		if elements(trial) > target || !fits(trial) {
			return false
		}
		general = trial
		return true
	}
	if fog {
		add(&Member{Kind: Vector, Scalar: "float", Width: 1, Usage: "FOG"})
	}
	for _, c := range colors {
		add(&Member{Kind: Vector, Scalar: "float", Width: 1 + g.r.IntN(4), Usage: "COLOR", Index: c})
	}
	for tries := 0; elements(general) < target && tries < 40; tries++ {
		m := &Member{Scalar: "float", Usage: "TEXCOORD"}
		switch k := g.r.IntN(100); {
		case k < 14:
			m.Kind, m.Width, m.Len = Array, 1+g.r.IntN(4), 2+g.r.IntN(2)
		case k < 28:
			m.Kind, m.Rows, m.Cols, m.RowMajor = Matrix, 2+g.r.IntN(3), 2+g.r.IntN(3), g.chance(0.5)
		case k < 36:
			m.Kind, m.Width = Vector, 1+g.r.IntN(4)
			m.Usage = []string{"NORMAL", "TANGENT", "BINORMAL"}[g.r.IntN(3)]
		case k < 46 && g.ints:
			m.Kind, m.Scalar, m.Width = Vector, "int", 1+g.r.IntN(4)
			if g.chance(0.4) {
				m.Scalar, m.Width = "bool", 1
			}
		default:
			m.Kind, m.Width = Vector, 1+g.r.IntN(4)
		}
		n := m.elementCount()
		switch m.Usage {
		case "TEXCOORD":
			var starts []int
			for s := 0; s+n <= 16; s++ {
				if !slices.Contains(free[s:s+n], false) {
					starts = append(starts, s)
				}
			}
			if len(starts) == 0 {
				continue
			}
			m.Index = starts[g.r.IntN(len(starts))]
		default:
			m.Index = others[m.Usage]
		}
		if !add(m) {
			continue
		}
		if m.Usage == "TEXCOORD" {
			for i := m.Index; i < m.Index+n; i++ {
				free[i] = false
			}
		} else {
			others[m.Usage]++
		}
	}
	if psize {
		general = append(general, &Member{Kind: Vector, Scalar: "float", Width: 1, Usage: "PSIZE"})
	}
	g.r.Shuffle(len(general), func(i, j int) { general[i], general[j] = general[j], general[i] })
	prefix := map[Kind]string{Vector: "v", Array: "a", Matrix: "m"}
	for i, m := range general {
		m.Name = fmt.Sprintf("%s%d", prefix[m.Kind], i)
		switch m.Usage {
		case "COLOR":
			m.Name = fmt.Sprintf("col%d", i)
		case "FOG":
			m.Name = "fog"
		case "PSIZE":
			m.Name = "psz"
		}
		if m.Scalar != "float" {
			m.Name = fmt.Sprintf("%s%d", m.Scalar[:1], i)
		}
		m.fill(g)
		p.Members = append(p.Members, m)
		if m.General() {
			p.GeneralRegisters += len(m.Elements)
		}
	}
	p.Overflows = p.GeneralRegisters > 10
	g.prepacked = 1+p.GeneralRegisters+btoi(psize) > 12 && g.chance(0.5)
	p.Prepacked = g.prepacked

	// How the vertex shader writes them.
	g.vsShape = vsShape(g.r.IntN(3))
	switch g.vsShape {
	case vsParams:
		g.posReturn = g.chance(0.5)
		for _, m := range p.Members {
			m.Param = true
		}
	case vsMixed:
		g.posReturn = true
		pos.Param = true
		inStruct := 0
		for _, m := range p.Members[1:] {
			m.Param = g.chance(0.4)
			if !m.Param {
				inStruct++
			}
		}
		if inStruct == 0 && len(p.Members) > 1 {
			p.Members[1].Param = false
		}
	}
	for _, m := range p.Members[1:] {
		if m.Param && m.Kind == Vector && m.Scalar == "float" && m.Usage == "TEXCOORD" && g.chance(0.15) {
			m.InOut = true
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (m *Member) elementCount() int {
	switch m.Kind {
	case Array:
		return m.Len
	case Matrix:
		if m.RowMajor {
			return m.Rows
		}
		return m.Cols
	}
	return 1
}

// fill gives the member its elements and their values.
func (m *Member) fill(g *gen) {
	n, w := m.elementCount(), m.Width
	if m.Kind == Matrix {
		w = m.Cols
		if !m.RowMajor {
			w = m.Rows
		}
	}
	for e := range n {
		el := Element{Usage: m.Usage, Index: m.Index + e, Width: w}
		for c := range w {
			el.Values[c] = g.value(m.Usage, m.Scalar)
			if m.Usage == "PSIZE" {
				el.Values[c] = 1
			}
		}
		m.Elements = append(m.Elements, el)
	}
}

func elements(ms []*Member) int {
	n := 0
	for _, m := range ms {
		n += m.elementCount()
	}
	return n
}

// fits reports whether the general members pack into vs_3_0's 10
// registers: COLOR elements one register each (shpack keeps COLOR apart),
// the others (int and bool too: shpack rewrite lets them share with floats
// when they would not fit apart) by first fit decreasing into four
// components, which is optimal for sizes 1 to 4.
func fits(ms []*Member) bool {
	regs := 0
	var sizes []int
	for _, m := range ms {
		w := m.Width
		if m.Kind == Matrix {
			w = m.Cols
			if !m.RowMajor {
				w = m.Rows
			}
		}
		for range m.elementCount() {
			if m.Usage == "COLOR" {
				regs++
			} else {
				sizes = append(sizes, w)
			}
		}
	}
	slices.Sort(sizes)
	slices.Reverse(sizes)
	var bins []int
	for _, s := range sizes {
		placed := false
		for i := range bins {
			if bins[i]+s <= 4 {
				bins[i] += s
				placed = true
				break
			}
		}
		if !placed {
			bins = append(bins, s)
		}
	}
	return regs+len(bins) <= 10
}

// A pixelShader is one generated pixel shader: its inputs and the slots
// it fills.
type pixelShader struct {
	entry  string
	shape  psShape
	inputs []*psInput
	reads  []read // in slot order
	out    psOut
}

type psShape uint8

const (
	psVSStruct  psShape = iota // the vertex shader's struct (and parameters for the rest)
	psOwnStruct                // a struct of its own (and some parameters)
	psParams                   // parameters only
)

type psOut uint8

const (
	outParams psOut = iota // void PS(..., out float4 c0 : COLOR0, ...)
	outReturn              // float4 PS(..., out float4 c1 : COLOR1, ...) : COLOR0
	outStruct              // PS_OUT PS(...), SV_TargetN or COLORN members
)

// A psInput is one input declaration of a pixel shader: a whole member
// (maybe narrower or wider than the vertex shader writes it) or one
// element of an Array or Matrix, as a vector of its own.
type psInput struct {
	m        *Member
	elem     int // -1: the whole member
	name     string
	width    int  // the declared width (Vector members and elements)
	inStruct bool // a member of the pixel shader's struct (own or the VS's)
	// elems are the member's elements the pixel shader reads.
	elems map[int]bool
}

// semantic is the input's HLSL semantic.
func (in *psInput) semantic() string {
	if in.elem >= 0 {
		e := in.m.Elements[in.elem]
		return hlslSemantic(e.Usage, e.Index)
	}
	return in.m.Semantic()
}

// decl is the input's declaration without semantic.
func (in *psInput) decl() string {
	if in.elem >= 0 || in.m.Kind == Vector {
		return vecType(in.m.Scalar, in.width) + " " + in.name
	}
	return in.m.Decl(in.name)
}

// A read is one slot: a component of an element of an input.
type read struct {
	in    *psInput
	elem  int // the member's element
	comp  int
	value float64
}

// access is the HLSL access of the read's component after the input's
// reference.
func (in *psInput) access(elem int, comps []int) string {
	if in.elem >= 0 || in.m.Kind == Vector {
		if in.width == 1 {
			return ""
		}
		var sw strings.Builder
		for _, c := range comps {
			sw.WriteByte(xyzw[c])
		}
		return "." + sw.String()
	}
	if len(comps) == 1 {
		return in.m.path(elem, comps[0])
	}
	return in.m.groupPath(elem, comps)
}

// groupable reports whether several components of one element of the
// input can be read in one swizzle.
func (in *psInput) groupable() bool {
	if in.elem >= 0 || in.m.Kind == Vector {
		return in.width > 1
	}
	return in.m.Kind == Array && in.m.Width > 1 || in.m.Kind == Matrix && in.m.RowMajor
}

// pixelShaders splits the members the pixel shaders read among one to
// three pixel shaders of at most 16 slots and 10 input registers each.
func (g *gen) pixelShaders(p *Pair) {
	var queue []*Member
	for _, m := range p.Members {
		if m.Readable() && g.chance(0.8) {
			queue = append(queue, m)
		}
	}
	if len(queue) == 0 { // every general member was skipped: read one
		for _, m := range p.Members {
			if m.Readable() {
				queue = append(queue, m)
				break
			}
		}
	}
	g.r.Shuffle(len(queue), func(i, j int) { queue[i], queue[j] = queue[j], queue[i] })
	hasStruct := g.vsShape != vsParams
	for len(queue) > 0 && len(g.pss) < 3 {
		ps := &pixelShader{entry: fmt.Sprintf("PS%d", len(g.pss)), shape: psShape(g.r.IntN(3)), out: psOut(g.r.IntN(3))}
		if ps.shape == psVSStruct && !hasStruct {
			ps.shape = psOwnStruct
		}
		slots, regs := 0, 0
		for len(queue) > 0 {
			ins, reads := g.inputsFor(ps, queue[0])
			nregs := 0
			for _, in := range ins {
				nregs += len(in.elems)
			}
			if slots+len(reads) > 16 || regs+nregs > 10 {
				break
			}
			queue = queue[1:]
			ps.inputs = append(ps.inputs, ins...)
			ps.reads = append(ps.reads, reads...)
			slots += len(reads)
			regs += nregs
		}
		if len(ps.reads) == 0 { // cannot happen: one member reads at most 16 slots in 4 registers
			panic("randpair: a member does not fit an empty pixel shader")
		}
		g.r.Shuffle(len(ps.inputs), func(i, j int) { ps.inputs[i], ps.inputs[j] = ps.inputs[j], ps.inputs[i] })
		g.pss = append(g.pss, ps)
		p.PSEntries = append(p.PSEntries, ps.entry)
		want := make([]float64, 16)
		for i, rd := range ps.reads {
			want[i] = rd.value
			if rd.comp >= rd.in.m.Elements[rd.elem].Width {
				p.WiderReads = true
			}
		}
		p.Want = append(p.Want, want)
	}
}

// inputsFor declares member m in pixel shader ps and picks the components
// it reads, grouped by element in a random order.
func (g *gen) inputsFor(ps *pixelShader, m *Member) ([]*psInput, []read) {
	var ins []*psInput
	whole := func(width int) *psInput {
		return &psInput{m: m, elem: -1, name: m.Name, width: width, elems: map[int]bool{}}
	}
	switch {
	case ps.shape == psVSStruct && !m.Param:
		in := whole(m.Width)
		in.inStruct = true
		ins = append(ins, in)
	case m.Kind != Vector && g.chance(0.3): // single elements as vectors
		for e, el := range m.Elements {
			if g.chance(0.6) || e == len(m.Elements)-1 && len(ins) == 0 {
				in := &psInput{m: m, elem: e, name: fmt.Sprintf("%s_%d", m.Name, e), width: el.Width, elems: map[int]bool{}}
				ins = append(ins, in)
			}
		}
	default:
		w := m.Width
		if m.Kind == Vector && m.Scalar == "float" && m.Usage != "FOG" {
			switch k := g.r.IntN(10); {
			case k == 0 && w > 1:
				w = 1 + g.r.IntN(w-1) // narrower
			case k == 1 && w < 4 && m.Usage != "COLOR" && !g.prepacked:
				w = w + 1 + g.r.IntN(4-w) // wider
			}
		}
		ins = append(ins, whole(w))
	}
	for _, in := range ins {
		switch {
		case in.inStruct: // the vertex shader's struct, under its own name
		case ps.shape == psOwnStruct && g.chance(0.8):
			in.inStruct = true
			if g.chance(0.3) {
				in.name = "in_" + in.name
			}
		default:
			in.name = "p_" + in.name
		}
	}
	var reads []read
	for _, in := range ins {
		elems := []int{in.elem}
		if in.elem < 0 {
			elems = nil
			for e := range m.Elements {
				elems = append(elems, e)
			}
		}
		for _, e := range elems {
			width := m.Elements[e].Width
			if in.elem >= 0 || m.Kind == Vector {
				width = in.width
			}
			comps := g.r.Perm(width)
			if g.chance(0.3) && width > 1 {
				comps = comps[:1+g.r.IntN(width)]
			} else if g.chance(0.6) {
				slices.Sort(comps)
			}
			if width > m.Elements[e].Width && !slices.ContainsFunc(comps, func(c int) bool { return c >= m.Elements[e].Width }) {
				comps = append(comps, m.Elements[e].Width+g.r.IntN(width-m.Elements[e].Width))
			}
			in.elems[e] = true
			for _, c := range comps {
				v := 0.0
				switch {
				case c < m.Elements[e].Width:
					v = m.Elements[e].Values[c]
				case c == 3:
					v = 1
				}
				reads = append(reads, read{in: in, elem: e, comp: c, value: v})
			}
		}
	}
	return ins, reads
}
