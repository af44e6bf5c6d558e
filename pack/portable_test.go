package pack

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/shpack/shpack/ir"
)

// declared prints each element's declared semantic after its placement.
func declared(l *ir.Layout) string {
	s := ""
	for i, p := range l.Place {
		if i > 0 {
			s += " "
		}
		s += l.Sig.Elements[i].Name + ":" + p.Reg.String() + "." + p.Mask.String() + "=" + p.Usage.String() + strconv.Itoa(p.Index)
	}
	return s
}

func TestPortable(t *testing.T) {
	tests := []struct {
		name string
		spec string
		cons ir.Constraints
		want string
	}{
		{"named after the member at x", "POSITION0:4 TEXCOORD0:2 TEXCOORD1:2",
			ir.Constraints{}, "e0:o0.xyzw=POSITION0 e1:o1.xy=TEXCOORD0 e2:o1.zw=TEXCOORD0"},
		{"FOG never names a shared register", "POSITION0:4 FOG:1 TEXCOORD3:3",
			ir.Constraints{}, "e0:o0.xyzw=POSITION0 e1:o1.w=TEXCOORD3 e2:o1.xyz=TEXCOORD3"},
		{"FOG never names a register, even alone", "POSITION0:4 FOG:1 TEXCOORD0:4",
			ir.Constraints{}, "e0:o0.xyzw=POSITION0 e1:o2.x=TEXCOORD1 e2:o1.xyzw=TEXCOORD0"},
		{"COLOR names a mixed register only if nothing else can", "POSITION0:4 COLOR0:2 TEXCOORD0:2",
			ir.Constraints{MixColor: true}, "e0:o0.xyzw=POSITION0 e1:o1.xy=TEXCOORD0 e2:o1.zw=TEXCOORD0"},
		{"COLOR with FOG: a TEXCOORD no member uses", "POSITION0:4 COLOR0:3 FOG:1 TEXCOORD0:4",
			ir.Constraints{MixColor: true}, "e0:o0.xyzw=POSITION0 e1:o2.xyz=TEXCOORD1 e2:o2.w=TEXCOORD1 e3:o1.xyzw=TEXCOORD0"},
		{"COLOR names a register of COLORs", "POSITION0:4 COLOR0:2 COLOR1:2",
			ir.Constraints{}, "e0:o0.xyzw=POSITION0 e1:o1.xy=COLOR0 e2:o1.zw=COLOR0"},
		{"every register TEXCOORD in register order", "POSITION0:4 FOG:1 TEXCOORD3:3 COLOR0:4 NORMAL0:2",
			ir.Constraints{TexcoordNames: true}, "e0:o0.xyzw=POSITION0 e1:o2.w=TEXCOORD1 e2:o2.xyz=TEXCOORD1 e3:o1.xyzw=TEXCOORD0 e4:o3.xy=TEXCOORD2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l, err := Optimal{}.Pack(sig(tc.spec), ir.VS30Out(), tc.cons)
			require.NoError(t, err)
			pl, err := Portable(l)
			require.NoError(t, err)
			require.NoError(t, ir.CheckLayout(pl))
			assert.Equal(t, tc.want, declared(pl))
			assert.Equal(t, l.GeneralRegisters(), pl.GeneralRegisters())
			assert.True(t, pl.Cons.Portable)
		})
	}

	// The checker rejects what Portable would never produce.
	l, err := Optimal{}.Pack(sig("POSITION0:4 FOG:1 TEXCOORD3:3"), ir.VS30Out(), ir.Constraints{})
	require.NoError(t, err)
	bad, err := Portable(l)
	require.NoError(t, err)
	bad.Place[1].Usage, bad.Place[1].Index = ir.UsageFog, 0
	bad.Place[2].Usage, bad.Place[2].Index = ir.UsageFog, 0
	assert.ErrorContains(t, ir.CheckLayout(bad), "named after e1 (FOG0), which cannot name a register it shares with these members, nor FOG one at all")
	bad.Place[2].Usage, bad.Place[2].Index = ir.UsageTexCoord, 3
	assert.ErrorContains(t, ir.CheckLayout(bad), "declared with more than one semantic")
}

// TestPropertyPortable: every strategy's layout has a portable form with the
// same register count, and it passes the checker.
func TestPropertyPortable(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s, c := genSig(t, false, rapid.Bool().Draw(t, "blocks"), 24)
		for _, st := range Strategies() {
			l, err := st.Pack(s, ir.VS30Out(), c)
			if err != nil {
				t.Fatal(err)
			}
			pl, err := Portable(l)
			if err != nil {
				t.Fatalf("%s: %v\n%s", st.Name(), err, placements(l))
			}
			if pl.GeneralRegisters() != l.GeneralRegisters() {
				t.Fatalf("%s: portable uses %d registers, packed %d", st.Name(), pl.GeneralRegisters(), l.GeneralRegisters())
			}
		}
	})
}
