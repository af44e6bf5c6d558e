package pack

import (
	"errors"
	"fmt"
	"testing"

	"github.com/shpack/shpack/ir"
)

// sigFromBytes decodes fuzz input into a signature: the first byte sets the
// budget and color mixing, then every two bytes make one element or block
// (usage, width, centroid, rows). The result is always a valid signature
// with POSITION0 somewhere.
func sigFromBytes(data []byte) (*ir.Signature, ir.Constraints) {
	s := &ir.Signature{Name: "F", Kind: "struct", Pos: ir.Pos{File: "f", Line: 1, Col: 1}}
	var c ir.Constraints
	if len(data) > 0 {
		c.Budget = 1 + int(data[0]%32)
		c.MixColor = data[0]&0x80 != 0
		data = data[1:]
	}
	usages := []string{"TEXCOORD", "COLOR", "NORMAL", "FOG", "TANGENT", "PSIZE", "BLENDWEIGHT", "TEXCOORD"}
	next := map[string]int{}
	posAt := 0
	if len(data) > 0 {
		posAt = int(data[0]) % (len(data)/2 + 1)
	}
	add := func(name, u string, w int, mods ir.Modifiers, arr int) bool {
		if next[u] > 15 || u == "PSIZE" && next[u] > 0 {
			return false
		}
		s.Elements = append(s.Elements, ir.Element{
			Name: name, Semantic: ir.Semantic{Name: u, Index: next[u]}, Components: w, Mods: mods,
			Pos: ir.Pos{File: "f", Line: len(s.Elements) + 2, Col: 1}, Array: arr,
		})
		next[u]++
		return true
	}
	for i := 0; i+1 < len(data) && len(s.Elements) < 64; i += 2 {
		if i/2 == posAt {
			add("pos", "POSITION", 4, 0, -1)
		}
		a, b := data[i], data[i+1]
		u := usages[a%8]
		w := 1 + int(a>>3)%4
		var mods ir.Modifiers
		if a&0x20 != 0 {
			mods = ir.ModCentroid
		}
		if u == "PSIZE" {
			w = 1
		}
		if rows := int(b % 5); rows >= 2 && u != "PSIZE" {
			first := len(s.Elements)
			ok := true
			for k := 0; k < rows && ok; k++ {
				ok = add(fmt.Sprintf("a%d[%d]", i, k), u, w, mods, len(s.Arrays))
			}
			if !ok {
				s.Elements = s.Elements[:first]
				continue
			}
			if b&0x80 != 0 {
				c.Indexed = append(c.Indexed, len(s.Arrays))
			}
			s.Arrays = append(s.Arrays, ir.Array{Name: fmt.Sprint("a", i), First: first, Count: rows})
			continue
		}
		add(fmt.Sprint("e", i), u, w, mods, -1)
	}
	if next["POSITION"] == 0 {
		add("pos", "POSITION", 4, 0, -1)
	}
	return s, c
}

// FuzzPack packs random signatures with every strategy: a success always
// passes the independent checker, an overflow is ErrNoFit with a layout,
// optimal and exact are never beaten, and exact never beats its own bound.
func FuzzPack(f *testing.F) {
	f.Add([]byte{9, 1, 0, 2, 0, 3, 0, 4, 0})
	f.Add([]byte{31, 0x18, 0x83, 0x01, 0x02, 0x11, 0x84, 0x21, 0x00})
	f.Add([]byte{0x85, 0x01, 0x03, 0x09, 0x00, 0x0a, 0x83, 0x12, 0x04})
	f.Add([]byte{2, 0x18, 0x00, 0x18, 0x00, 0x18, 0x00})
	f.Fuzz(func(t *testing.T, data []byte) {
		s, c := sigFromBytes(data)
		fl := ir.VS30Out()
		regs, bounds := map[string]int{}, map[string]int{}
		for _, st := range Strategies() {
			l, err := st.Pack(s, fl, c)
			switch {
			case err == nil:
				if cerr := ir.CheckLayout(l); cerr != nil {
					t.Fatalf("%s: %v\n%s", st.Name(), cerr, placements(l))
				}
			case errors.Is(err, ErrNoFit):
				if l == nil || l.GeneralRegisters() <= c.Limit(fl) {
					t.Fatalf("%s: overflow error without an overflowing layout: %v", st.Name(), err)
				}
			default:
				t.Fatalf("%s: %v", st.Name(), err)
			}
			regs[st.Name()] = l.GeneralRegisters()
			bounds[st.Name()] = l.LowerBound
			if l.Optimal() {
				bounds[st.Name()] = l.GeneralRegisters()
			}
			if l.LowerBound > l.GeneralRegisters() {
				t.Fatalf("%s: bound %d above its own %d registers", st.Name(), l.LowerBound, l.GeneralRegisters())
			}
		}
		// The search is never beaten once it has proved its answer; when
		// its node budget ran out, only its proven bound must hold.
		for name, n := range regs {
			if n < bounds["exact"] || n < bounds["optimal"] {
				t.Fatalf("%s uses %d registers, fewer than optimal %d / exact %d proved", name, n, bounds["optimal"], bounds["exact"])
			}
		}
	})
}
