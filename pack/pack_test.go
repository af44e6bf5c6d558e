package pack

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/ir"
)

// sig builds a signature from a compact spec: one element per field,
// "SEMANTIC:COMPONENTS" with an optional suffix "c" for centroid, and
// "name=SEMANTIC:N" to name the element. Elements are named e0, e1, ...
// unless named. "[TEXCOORD0:2x3]" declares an array of 3 rows of 2
// components named a<k>.
func sig(spec string) *ir.Signature {
	s := &ir.Signature{Name: "S", Kind: "struct", Pos: ir.Pos{File: "t.hlsl", Line: 1, Col: 1}}
	for i, f := range strings.Fields(spec) {
		name := "e" + strconv.Itoa(i)
		if n, rest, ok := strings.Cut(f, "="); ok {
			name, f = n, rest
		}
		rows := 1
		array := false
		if strings.HasPrefix(f, "[") {
			f = strings.Trim(f, "[]")
			var r string
			f, r, _ = strings.Cut(f, "x")
			rows, _ = strconv.Atoi(r)
			array = true
			name = "a" + strconv.Itoa(i)
		}
		semText, compText, _ := strings.Cut(f, ":")
		var mods ir.Modifiers
		if c, ok := strings.CutSuffix(compText, "c"); ok {
			compText, mods = c, ir.ModCentroid
		}
		comps, _ := strconv.Atoi(compText)
		sem := ir.ParseSemantic(semText)
		first := len(s.Elements)
		for k := range rows {
			n := name
			if array {
				n = fmt.Sprintf("%s[%d]", name, k)
			}
			se := sem
			se.Index += k
			s.Elements = append(s.Elements, ir.Element{
				Name: n, Semantic: se, Components: comps, Mods: mods,
				Pos: ir.Pos{File: "t.hlsl", Line: len(s.Elements) + 2, Col: 5}, Array: -1,
			})
		}
		if array {
			for k := first; k < len(s.Elements); k++ {
				s.Elements[k].Array = len(s.Arrays)
			}
			s.Arrays = append(s.Arrays, ir.Array{Name: name, First: first, Count: rows})
		}
	}
	return s
}

// placements prints a layout compactly: "name:reg.mask" in element order.
func placements(l *ir.Layout) string {
	var parts []string
	for i, p := range l.Place {
		parts = append(parts, l.Sig.Elements[i].Name+":"+p.Reg.String()+"."+p.Mask.String())
	}
	return strings.Join(parts, " ")
}

func TestStrategiesLayouts(t *testing.T) {
	tests := []struct {
		name     string
		spec     string
		strategy string
		cons     ir.Constraints
		want     string
	}{
		{
			name: "fxc gives each semantic a register in declaration order",
			spec: "TEXCOORD0:2 POSITION0:4 FOG:1", strategy: "fxc",
			want: "e0:o0.xy e1:o1.xyzw e2:o2.x",
		},
		{
			name: "optimal puts POSITION0 first and packs",
			spec: "TEXCOORD0:2 POSITION0:4 FOG:1", strategy: "optimal",
			want: "e0:o1.xy e1:o0.xyzw e2:o1.z",
		},
		{
			name: "prefix-stable first fit in declaration order",
			spec: "POSITION0:4 TEXCOORD0:1 TEXCOORD1:1 TEXCOORD2:3 TEXCOORD3:3", strategy: "prefix-stable",
			want: "e0:o0.xyzw e1:o1.x e2:o1.y e3:o2.xyz e4:o3.xyz",
		},
		{
			name: "optimal beats first fit on ones before threes (packing-anchors §6)",
			spec: "POSITION0:4 TEXCOORD0:1 TEXCOORD1:1 TEXCOORD2:3 TEXCOORD3:3", strategy: "optimal",
			want: "e0:o0.xyzw e1:o1.w e2:o2.w e3:o1.xyz e4:o2.xyz",
		},
		{
			name: "vertical prefers the register with the most free components",
			spec: "POSITION0:4 TEXCOORD0:2 TEXCOORD1:3 TEXCOORD2:1 TEXCOORD3:1", strategy: "vertical",
			want: "e0:o0.xyzw e1:o1.xy e2:o2.xyz e3:o1.z e4:o1.w",
		},
		{
			name: "COLOR stays apart unless mixed",
			spec: "POSITION0:4 COLOR0:2 TEXCOORD0:2", strategy: "optimal",
			want: "e0:o0.xyzw e1:o1.xy e2:o2.xy",
		},
		{
			name: "mix-color lets COLOR share",
			spec: "POSITION0:4 COLOR0:2 TEXCOORD0:2", strategy: "optimal", cons: ir.Constraints{MixColor: true},
			want: "e0:o0.xyzw e1:o1.xy e2:o1.zw",
		},
		{
			name: "centroid is its own class",
			spec: "POSITION0:4 TEXCOORD0:2c TEXCOORD1:2", strategy: "optimal",
			want: "e0:o0.xyzw e1:o1.xy e2:o2.xy",
		},
		{
			name: "PSIZE gets its own register, full mask",
			spec: "TEXCOORD0:1 PSIZE:1 POSITION0:4", strategy: "fxc",
			want: "e0:o0.x e1:o1.xyzw e2:o2.xyzw",
		},
		{
			name: "optimal numbers POSITION0 then PSIZE",
			spec: "TEXCOORD0:1 PSIZE:1 POSITION0:4", strategy: "optimal",
			want: "e0:o2.x e1:o1.xyzw e2:o0.xyzw",
		},
		{
			name: "stable-fit keeps prefix-stable while it fits",
			spec: "POSITION0:4 TEXCOORD0:1 TEXCOORD1:1 TEXCOORD2:3 TEXCOORD3:3", strategy: "stable-fit",
			want: "e0:o0.xyzw e1:o1.x e2:o1.y e3:o2.xyz e4:o3.xyz",
		},
		{
			name: "indexed array in consecutive registers, POSITION0 forced to o0",
			spec: "TEXCOORD8:1 [TEXCOORD0:2x3] POSITION0:4", strategy: "prefix-stable", cons: ir.Constraints{Indexed: []int{0}},
			want: "e0:o1.x a1[0]:o1.yz a1[1]:o2.yz a1[2]:o3.yz e2:o0.xyzw",
		},
		{
			name: "exact packs an indexed block optimally",
			spec: "POSITION0:4 TEXCOORD8:3 TEXCOORD9:3 [TEXCOORD0:1x2] TEXCOORD10:2 TEXCOORD11:2", strategy: "exact", cons: ir.Constraints{Indexed: []int{0}},
			want: "e0:o0.xyzw e1:o1.yzw e2:o2.yzw a3[0]:o1.x a3[1]:o2.x e4:o3.xy e5:o3.zw",
		},
		{
			name: "optimal hands indexed signatures to exact",
			spec: "POSITION0:4 TEXCOORD8:3 TEXCOORD9:3 [TEXCOORD0:1x2] TEXCOORD10:2 TEXCOORD11:2", strategy: "optimal", cons: ir.Constraints{Indexed: []int{0}},
			want: "e0:o0.xyzw e1:o1.yzw e2:o2.yzw a3[0]:o1.x a3[1]:o2.x e4:o3.xy e5:o3.zw",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Lookup(tc.strategy)
			require.NoError(t, err)
			l, err := s.Pack(sig(tc.spec), ir.VS30Out(), tc.cons)
			require.NoError(t, err)
			require.NoError(t, ir.CheckLayout(l))
			assert.Equal(t, tc.want, placements(l))
			assert.Equal(t, tc.strategy, l.Strategy)
		})
	}
}

func TestSeed003Example(t *testing.T) {
	// Seed 003's VS_OUTPUT: six general registers whatever the strategy
	// (packing-anchors.md §6 worked example).
	s := sig("POSITION:4 COLOR0:3 COLOR1:3 TEXCOORD3:3 TEXCOORD2:3 TEXCOORD0:3 TEXCOORD1:3")
	for _, st := range Strategies() {
		l, err := st.Pack(s, ir.VS30Out(), ir.Constraints{})
		require.NoError(t, err, st.Name())
		require.NoError(t, ir.CheckLayout(l))
		assert.Equal(t, 6, l.GeneralRegisters(), st.Name())
		assert.Equal(t, 6, l.LowerBound, st.Name())
	}
}

func TestOverflow(t *testing.T) {
	var fields []string
	fields = append(fields, "POSITION0:4")
	for i := range 13 {
		fields = append(fields, fmt.Sprintf("TEXCOORD%d:1", i))
	}
	s := sig(strings.Join(fields, " "))

	l, err := FXC{}.Pack(s, ir.VS30Out(), ir.Constraints{})
	require.Error(t, err)
	assert.True(t, errors.Is(err, ErrNoFit))
	var oe *OverflowError
	require.True(t, errors.As(err, &oe))
	assert.Equal(t, 13, oe.Needed)
	assert.Equal(t, 10, oe.Limit)
	assert.Equal(t, 4, oe.LowerBound)
	assert.Equal(t, "t.hlsl:13:5: error: too many interpolators: S needs 13 general registers with fxc, but vs_3_0 has 10; optimal fits in 4 (not placed: e11, e12, e13)", err.Error())
	require.NotNil(t, l, "an overflowing layout is still returned for comparison")
	assert.Equal(t, 13, l.GeneralRegisters())

	// The positioned diagnostic is reachable for the CLI.
	require.Len(t, ir.Errors(err), 1)

	l, err = Optimal{}.Pack(s, ir.VS30Out(), ir.Constraints{})
	require.NoError(t, err)
	assert.Equal(t, 4, l.GeneralRegisters())

	l, err = Optimal{}.Pack(s, ir.VS30Out(), ir.Constraints{Budget: 3})
	require.Error(t, err)
	assert.Equal(t, "t.hlsl:15:5: error: too many interpolators: S needs 4 general registers with optimal, but the limit is 3; no layout fits: at least 4 are needed (not placed: e13)", err.Error())
	assert.Equal(t, 4, l.GeneralRegisters())
}

func TestInvalidSignatures(t *testing.T) {
	tests := []struct {
		spec string
		want string
	}{
		{"TEXCOORD0:2", "t.hlsl:1:1: error: S has no POSITION0 member: a vs_3_0 output must declare the position"},
		{"POSITION0:3", "t.hlsl:2:5: error: e0: POSITION0 must have four components (float4), has 3"},
		{"POSITION0:4 PSIZE:2", "t.hlsl:3:5: error: e1: PSIZE must be a scalar (float), has 2 components"},
		{"POSITION0:4 VELOCITY:2", "t.hlsl:3:5: error: e1: semantic VELOCITY is not a Direct3D 9 usage (TEXCOORD0..15 carry user data)"},
		{"POSITION0:4 TEXCOORD16:2", "t.hlsl:3:5: error: e1: TEXCOORD16: usage index out of range 0..15"},
		{"POSITION0:4 SV_VertexID:1", "t.hlsl:3:5: error: e1: system value SV_VERTEXID has no Direct3D 9 equivalent for vs_3_0 (only SV_Position, SV_Target, SV_Depth and SV_IsFrontFace map to Direct3D 9)"},
		{"POSITION0:4 VPOS:2", "t.hlsl:3:5: error: e1: VPOS is a pixel shader input; a vs_3_0 output cannot carry it"},
		{"POSITION0:4 TEXCOORD2:2 TEXCOORD2:1", "t.hlsl:4:5: error: e2: output TEXCOORD2 used more than once\nt.hlsl:3:5: note: TEXCOORD2 is also declared by e1"},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			for _, st := range Strategies() {
				_, err := st.Pack(sig(tc.spec), ir.VS30Out(), ir.Constraints{})
				require.Error(t, err)
				assert.Equal(t, tc.want, err.Error(), st.Name())
				assert.False(t, errors.Is(err, ErrNoFit))
			}
		})
	}
}

func TestClosedForm(t *testing.T) {
	tests := []struct {
		c    ClassCounts
		want int
	}{
		{ClassCounts{0, 0, 0, 0, 0}, 0},
		{ClassCounts{0, 1, 0, 0, 0}, 1},
		{ClassCounts{0, 4, 0, 0, 0}, 1},
		{ClassCounts{0, 5, 0, 0, 0}, 2},
		{ClassCounts{0, 2, 0, 2, 0}, 2},
		{ClassCounts{0, 3, 0, 2, 0}, 3},
		{ClassCounts{0, 0, 3, 0, 0}, 2},
		{ClassCounts{0, 2, 1, 0, 0}, 1},
		{ClassCounts{0, 0, 1, 1, 1}, 3},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, ClosedForm(tc.c), "%v", tc.c)
	}
}

func TestLookup(t *testing.T) {
	assert.Equal(t, []string{"fxc", "prefix-stable", "vertical", "optimal", "exact", "stable-fit"}, Names())
	for _, n := range Names() {
		s, err := Lookup(n)
		require.NoError(t, err)
		assert.Equal(t, n, s.Name())
	}
	_, err := Lookup("best")
	assert.EqualError(t, err, `unknown strategy "best" (known: fxc, prefix-stable, vertical, optimal, exact, stable-fit)`)
}

func TestMetrics(t *testing.T) {
	s := sig("POSITION0:4 TEXCOORD0:1 TEXCOORD1:1 TEXCOORD2:3 TEXCOORD3:3")
	f := ir.VS30Out()
	byName := map[string]*ir.Layout{}
	for _, st := range Strategies() {
		l, err := st.Pack(s, f, ir.Constraints{})
		require.NoError(t, err)
		byName[st.Name()] = l
	}
	fxcAgain, err := FXC{}.Pack(s, f, ir.Constraints{})
	require.NoError(t, err)
	assert.Equal(t, 0, Churn(byName["fxc"], fxcAgain))
	// fxc: e1 o1.x e2 o2.x e3 o3.xyz e4 o4.xyz; optimal: e1 o1.w e2 o2.w e3 o1.xyz e4 o2.xyz.
	assert.Equal(t, 4, Churn(byName["fxc"], byName["optimal"]))
	assert.Equal(t, 4, byName["fxc"].GeneralRegisters())
	assert.Equal(t, 16-8, byName["fxc"].WastedComponents())
	assert.Equal(t, 0, byName["optimal"].WastedComponents())

	for name, wantMoved := range map[string]int{"fxc": 0, "prefix-stable": 0, "vertical": 0, "optimal": 2, "stable-fit": 0} {
		st, _ := Lookup(name)
		moved, err := PrefixStability(st, byName[name])
		require.NoError(t, err)
		assert.Equal(t, wantMoved, moved, name)
	}

	// A prefix that would cut an indexed array is skipped.
	is := sig("POSITION0:4 [TEXCOORD0:2x3] FOG:1")
	_, _, ok := Prefix(is, ir.Constraints{Indexed: []int{0}}, 2)
	assert.False(t, ok)
	pre, pc, ok := Prefix(is, ir.Constraints{Indexed: []int{0}}, 4)
	require.True(t, ok)
	assert.Len(t, pre.Elements, 4)
	assert.Equal(t, []int{0}, pc.Indexed)
	assert.True(t, pc.Partial)
}

// TestLowerBoundAPI checks the exported bound: the optimum itself without
// indexed arrays, and the validation errors of an invalid signature.
func TestLowerBoundAPI(t *testing.T) {
	s, c := sig40()
	lb, err := LowerBound(s, ir.VS30Out(), c)
	require.NoError(t, err)
	l, err := Optimal{}.Pack(s, ir.VS30Out(), c)
	require.NoError(t, err)
	assert.Equal(t, l.GeneralRegisters(), lb)
	bad := &ir.Signature{Name: "Bad", Elements: []ir.Element{{Name: "x", Semantic: ir.Semantic{Name: "NOPE"}, Components: 2, Array: -1}}}
	_, err = LowerBound(bad, ir.VS30Out(), ir.Constraints{})
	assert.NotEmpty(t, ir.Errors(err))
}
