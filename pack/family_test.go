package pack

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/shpack/shpack/ir"
)

// named gives a spec-built signature a name of its own.
func named(name, spec string) *ir.Signature {
	s := sig(spec)
	s.Name = name
	return s
}

func TestFamilyLayouts(t *testing.T) {
	tests := []struct {
		name    string
		members []*ir.Signature
		want    []string // placements per member
		largest int
	}{
		{
			// Fog and shadow are never in one member: they share .w.
			"exclusive semantics share components",
			[]*ir.Signature{
				named("fog", "p=POSITION:4 uv=TEXCOORD0:2 n=TEXCOORD1:1 fog=FOG:1"),
				named("shadow", "p=POSITION:4 uv=TEXCOORD0:2 n=TEXCOORD1:1 sh=TEXCOORD2:1"),
			},
			[]string{"p:o0.xyzw uv:o1.xy n:o1.z fog:o1.w", "p:o0.xyzw uv:o1.xy n:o1.z sh:o1.w"},
			1,
		},
		{
			// The skinned vertex shader has more outputs; the static one
			// keeps its semantics where the skinned one puts them.
			"a subset keeps the superset's places",
			[]*ir.Signature{
				named("skinned", "p=POSITION:4 a=TEXCOORD0:3 b=TEXCOORD1:3 c=TEXCOORD2:2 d=TEXCOORD3:1 e=TEXCOORD4:1"),
				named("static", "p=POSITION:4 b=TEXCOORD1:3 e=TEXCOORD4:1"),
			},
			[]string{"p:o0.xyzw a:o1.xyz b:o2.xyz c:o3.xy d:o1.w e:o2.w", "p:o0.xyzw b:o1.xyz e:o1.w"},
			3,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fl, err := Family(tc.members, nil, ir.VS30Out(), ir.Constraints{})
			require.NoError(t, err)
			var got []string
			for _, l := range fl.Layouts {
				got = append(got, placements(l))
			}
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.largest, fl.Largest())
			assert.GreaterOrEqual(t, fl.Largest(), fl.LowerBound)
		})
	}
}

func TestFamilyErrors(t *testing.T) {
	big := named("big", "p=POSITION:4 [TEXCOORD0:4x9] x=NORMAL:4")
	other := named("other", "p=POSITION:4 [TEXCOORD0:4x9] y=TANGENT:4")
	// Each fits in 10 alone, but NORMAL and TANGENT never meet and share a
	// register: 10 each.
	fl, err := Family([]*ir.Signature{big, other}, nil, ir.VS30Out(), ir.Constraints{})
	require.NoError(t, err)
	assert.Equal(t, 10, fl.Largest())

	third := named("third", "p=POSITION:4 x=NORMAL:4 y=TANGENT:4 [TEXCOORD0:4x9]")
	_, err = Family([]*ir.Signature{big, other, third}, nil, ir.VS30Out(), ir.Constraints{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "too many interpolators: third needs 11 general registers in a layout it shares with big, other, but vs_3_0 has 10")

	c1 := named("a", "p=POSITION:4 t=TEXCOORD0:2")
	c2 := named("b", "p=POSITION:4 t=TEXCOORD0:2c")
	_, err = Family([]*ir.Signature{c1, c2}, nil, ir.VS30Out(), ir.Constraints{})
	require.NoError(t, err, "centroid in one member is centroid in all")
}

// TestPropertyFamily: for random families (members drawn from one pool of
// semantics), every member's layout is valid, shares every semantic's
// register group, components and declared semantic with every other
// member that has it, needs at least its own optimum, and a family of one
// is the optimum.
func TestPropertyFamily(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pool, cons := genSig(t, true, false, 14)
		cons.Budget = 32
		cons.Portable = rapid.Bool().Draw(t, "portable")
		n := rapid.IntRange(1, 4).Draw(t, "members")
		var members []*ir.Signature
		for m := range n {
			s := &ir.Signature{Name: fmt.Sprint("m", m), Kind: "struct", Pos: pool.Pos}
			for i, e := range pool.Elements {
				if i == 0 || rapid.Bool().Draw(t, fmt.Sprint("has", m, i)) {
					e.Array = -1
					s.Elements = append(s.Elements, e)
				}
			}
			members = append(members, s)
		}
		fl, err := Family(members, nil, ir.VS30Out(), cons)
		require.NoError(t, err)
		type sem struct {
			u   ir.Usage
			idx int
		}
		type where struct {
			mask ir.Mask
			decl sem
			reg  ir.Reg
		}
		at := make([]map[sem]where, n)
		for m, l := range fl.Layouts {
			require.NoError(t, ir.CheckLayout(l))
			assert.GreaterOrEqual(t, l.GeneralRegisters(), fl.Own[m])
			at[m] = map[sem]where{}
			for i, p := range l.Place {
				if p.Role != ir.RoleGeneral {
					continue
				}
				u, idx, _ := l.Sig.Elements[i].Semantic.D3D9()
				at[m][sem{u, idx}] = where{p.Mask, sem{p.Usage, p.Index}, p.Reg}
			}
		}
		for a := range n {
			for b := range n {
				for s, wa := range at[a] {
					wb, ok := at[b][s]
					if !ok {
						continue
					}
					assert.Equal(t, wa.mask.First(), wb.mask.First(), "%v: same components in %d and %d", s, a, b)
					if cons.Portable {
						assert.Equal(t, wa.decl, wb.decl, "%v: same declared semantic in %d and %d", s, a, b)
					}
					for s2, wa2 := range at[a] {
						if wb2, ok := at[b][s2]; ok {
							assert.Equal(t, wa.reg == wa2.reg, wb.reg == wb2.reg, "%v and %v: one register in %d iff in %d", s, s2, a, b)
						}
					}
				}
			}
		}
		if n == 1 {
			assert.Equal(t, fl.Own[0], fl.Largest(), "a family of one is its optimum")
		}
	})
}

// bruteFamily is the smallest largest member over every consistent layout
// of a small family, by plain enumeration (no pruning, no orders): each
// semantic gets a register (a new one at most one past the last) and an
// offset; a layout is valid when no member has two semantics on one
// component and every register holds one class.
func bruteFamily(members []*ir.Signature, c ir.Constraints) int {
	type sem struct {
		u   ir.Usage
		idx int
	}
	var keys []sem
	cols := map[sem]int{}
	class := map[sem]ir.Class{}
	has := map[sem][]bool{}
	for m, s := range members {
		for i := range s.Elements {
			e := &s.Elements[i]
			u, idx, _ := e.Semantic.D3D9()
			if refSpecial(e) {
				continue
			}
			k := sem{u, idx}
			if _, ok := cols[k]; !ok {
				keys = append(keys, k)
				has[k] = make([]bool, len(members))
				class[k] = c.ClassOf(e, u) &^ ir.ClassCentroid
			}
			cols[k] = max(cols[k], e.Components)
			if e.Centroid() {
				class[k] |= ir.ClassCentroid
			}
			has[k][m] = true
		}
	}
	best := 1 << 30
	reg := make([]int, len(keys))
	off := make([]int, len(keys))
	var rec func(k, open int)
	rec = func(k, open int) {
		if k == len(keys) {
			largest := 0
			for m := range members {
				used := map[int]bool{}
				for i, key := range keys {
					if has[key][m] {
						used[reg[i]] = true
					}
				}
				largest = max(largest, len(used))
			}
			best = min(best, largest)
			return
		}
		for r := 0; r <= open; r++ {
			for o := 0; o+cols[keys[k]] <= 4; o++ {
				ok := true
				for j := 0; j < k && ok; j++ {
					if reg[j] != r {
						continue
					}
					if class[keys[j]] != class[keys[k]] {
						ok = false
						break
					}
					overlap := off[j] < o+cols[keys[k]] && o < off[j]+cols[keys[j]]
					for m := range members {
						if overlap && has[keys[j]][m] && has[keys[k]][m] {
							ok = false
						}
					}
				}
				if ok {
					reg[k], off[k] = r, o
					next := open
					if r == open {
						next++
					}
					rec(k+1, next)
				}
			}
		}
	}
	rec(0, 0)
	return best
}

// TestPropertyFamilyOptimal: on small families the search finds the
// optimum that plain enumeration finds, and says so.
func TestPropertyFamilyOptimal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pool, cons := genSig(t, true, false, 6)
		cons.Budget = 32
		n := rapid.IntRange(1, 3).Draw(t, "members")
		var members []*ir.Signature
		for m := range n {
			s := &ir.Signature{Name: fmt.Sprint("m", m), Kind: "struct", Pos: pool.Pos}
			for i, e := range pool.Elements {
				if i == 0 || rapid.Bool().Draw(t, fmt.Sprint("has", m, i)) {
					e.Array = -1
					s.Elements = append(s.Elements, e)
				}
			}
			members = append(members, s)
		}
		fl, err := Family(members, nil, ir.VS30Out(), cons)
		require.NoError(t, err)
		assert.True(t, fl.Optimal)
		assert.Equal(t, bruteFamily(members, cons), fl.Largest())
	})
}
