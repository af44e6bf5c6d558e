package d3d9

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/asmcheck"
	"github.com/shpack/shpack/ir"
)

// flowHead is the start of every program of the flow tests: declarations,
// then a first instruction on line 6.
const flowHead = `vs_3_0
dcl_position v0
dcl_position o0
defi i0, 4, 0, 1, 0
defb b0, true
mov o0, v0
`

// TestParseFlow: assembly whose blocks do not nest, or whose flow control
// names the wrong registers, is refused at the line and column of the
// instruction, with a note at the block it meets; what nests reads.
func TestParseFlow(t *testing.T) {
	tests := []struct {
		name, body string
		want       string // the error, "" when the program reads
		note       string // the note's position and text
		mojo       bool   // MojoShader's assembler refuses it too
	}{
		{"blocks nest", `mov r0, c0
loop aL, i0
  rep i0
    if b0
      break
    else
      if_lt r0.x, c0.y
        break_ge r0.x, c0.x
      endif
    endif
  endrep
endloop
call l0
ret
label l0
  callnz l1, b0
  ret
label l1
  ret
`, "", "", false},
		{"endloop without loop", "  endloop\n", "f.asm:7:3: error: endloop without a loop: no block is open", "", true},
		{"endrep without rep", "endrep\n", "f.asm:7:1: error: endrep without a rep: no block is open", "", true},
		{"else without if", "\telse\n", "f.asm:7:2: error: else without an if: no block is open", "", false},
		{"endif without if", "endif\n", "f.asm:7:1: error: endif without an if: no block is open", "", false},
		{"endif closes a loop", "loop aL, i0\n  if b0\n  endif\nendif\n",
			"f.asm:10:1: error: endif, but the innermost open block is a loop: blocks nest, and a loop ends with endloop", "f.asm:7:1: note: the loop opens here", false},
		{"endloop inside an if", "loop aL, i0\n  if b0\nendloop\n  endif\n",
			"f.asm:9:1: error: endloop, but the innermost open block is an if: blocks nest, and an if ends with endif", "f.asm:8:3: note: the if opens here", false},
		{"a second else", "if b0\nelse\nelse\nendif\n", "f.asm:9:1: error: a second else in one if", "f.asm:7:1: note: the if opens here", false},
		{"loop left open", "loop aL, i0\n  mov r0, c0\n", "f.asm:7:1: error: loop without endloop: the block is open at the end of the program", "", false},
		{"if_lt left open", "if_lt r0.x, c0.x\n", "f.asm:7:1: error: if_lt without endif: the block is open at the end of the program", "", false},
		{"break outside a loop", "if b0\n  break\nendif\n", "f.asm:8:3: error: break outside a loop or rep: there is nothing to break out of", "", true},
		{"breakp outside a loop", "setp_gt p0.x, r0.x, c0.x\nbreakp p0.x\n", "f.asm:8:1: error: breakp outside a loop or rep: there is nothing to break out of", "", true},
		{"ret inside a loop", "loop aL, i0\nret\nendloop\n",
			"f.asm:8:1: error: ret inside a loop: ret ends the program or a subroutine, and the loop is not closed (endloop)", "f.asm:7:1: note: the loop opens here", true},
		{"label not after ret", "call l0\nlabel l0\nret\n",
			"f.asm:8:1: error: label after an instruction that is not ret: a subroutine follows the ret that ends the main program or the subroutine before it", "", true},
		{"label inside a rep", "rep i0\nlabel l0\nendrep\n", "f.asm:8:1: error: label inside a rep: a subroutine starts outside every block", "f.asm:7:1: note: the rep opens here", false},
		{"loop without operands", "loop\nendloop\n", "f.asm:7:1: error: loop takes 2 source operands, has 0", "", false},
		{"rep without operands", "rep\nendrep\n", "f.asm:7:1: error: rep takes 1 source operand, has 0", "", false},
		{"if without operands", "if\nendif\n", "f.asm:7:1: error: if takes 1 source operand, has 0", "", false},
		{"loop over a temporary", "loop aL, r0\nendloop\n", "f.asm:7:1: error: loop takes an integer constant (i#) as its second operand, not r0", "", true},
		{"loop without aL", "loop i0, i0\nendloop\n", "f.asm:7:1: error: loop takes aL as its first operand, not i0", "", true},
		{"rep of a float", "rep c0\nendrep\n", "f.asm:7:1: error: rep takes an integer constant (i#), not c0", "", true},
		{"if of a temporary", "if r0.x\nendif\n", "f.asm:7:1: error: if takes a boolean constant (b#) or the predicate (p0), not r0", "", true},
		{"call of a register", "call r0\n", "f.asm:7:1: error: call takes a label (l#), not r0", "", true},
		{"endif with an operand", "if b0\nendif b0\n", "f.asm:8:1: error: endif takes 0 source operands, has 1", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := flowHead + tc.body
			p, err := Parse("f.asm", []byte(src))
			if tc.want == "" {
				require.NoError(t, err)
				// What reads prints, and the print reads the same.
				q, err := Parse("g.asm", []byte(print(t, p)))
				require.NoError(t, err)
				assert.Equal(t, print(t, p), print(t, q))
				t.Run("mojoshader", func(t *testing.T) {
					_, err := asmcheck.Check(t, src)
					assert.NoError(t, err, "MojoShader reads it too")
				})
				return
			}
			require.Error(t, err)
			errs := ir.Errors(err)
			require.Len(t, errs, 1, "%v", err)
			assert.Equal(t, tc.want, strings.SplitN(errs[0].Error(), "\n", 2)[0])
			if tc.note != "" {
				require.Len(t, errs[0].Notes, 1)
				assert.Equal(t, tc.note, errs[0].Notes[0].String())
			}
			if tc.mojo {
				t.Run("mojoshader", func(t *testing.T) {
					_, err := asmcheck.Check(t, src)
					assert.Error(t, err, "MojoShader refuses it too")
				})
			}
		})
	}
}

// tokens returns a program's bytecode as tokens.
func tokens(t *testing.T, p *Program) []uint32 {
	t.Helper()
	b, err := Encode(p)
	require.NoError(t, err)
	out := make([]uint32, len(b)/4)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return out
}

func bytesOf(toks []uint32) []byte {
	b := make([]byte, 4*len(toks))
	for i, t := range toks {
		binary.LittleEndian.PutUint32(b[4*i:], t)
	}
	return b
}

// TestDecodeFlow: bytecode with one token changed, as the adversarial round
// made it (an endif turned into a loop without operands, an opener turned
// into its closer, an operand dropped), is refused at the token, never
// handed on to panic a transform.
func TestDecodeFlow(t *testing.T) {
	good, err := Parse("f.asm", []byte(flowHead+"loop aL, i0\n  if b0\n    break\n  endif\nendloop\nrep i0\nendrep\n"))
	require.NoError(t, err)
	base := tokens(t, good)
	// The index of the first instruction token of op.
	find := func(op Opcode) int {
		for i, tok := range base {
			if Opcode(tok&0xFFFF) == op && tok&(1<<31) == 0 {
				return i
			}
		}
		t.Fatalf("no %s", op)
		return 0
	}
	change := func(at int, tok uint32) []uint32 {
		out := append([]uint32(nil), base...)
		out[at] = tok
		return out
	}
	drop := func(at, n int, tok uint32) []uint32 {
		out := append([]uint32(nil), base[:at]...)
		out = append(out, tok)
		return append(out, base[at+1+n:]...)
	}
	endif, loop, rep, endloop := find(OpEndIf), find(OpLoop), find(OpRep), find(OpEndLoop)
	tests := []struct {
		name string
		toks []uint32
		want string
	}{
		{"endif turned into a loop without operands", change(endif, uint32(OpLoop)), "f.cso: error: token " + itoa(endif) + ": loop takes 2 source operands, has 0"},
		{"endif turned into a rep without operands", change(endif, uint32(OpRep)), "f.cso: error: token " + itoa(endif) + ": rep takes 1 source operand, has 0"},
		{"endif turned into an if without operands", change(endif, uint32(OpIf)), "f.cso: error: token " + itoa(endif) + ": if takes 1 source operand, has 0"},
		{"loop with one operand", drop(loop, 1, uint32(OpLoop)|1<<24), "f.cso: error: token " + itoa(loop) + ": loop takes 2 source operands, has 1"},
		{"endif turned into an endloop", change(endif, uint32(OpEndLoop)), "f.cso: error: token " + itoa(endif) + ": endloop, but the innermost open block is an if: blocks nest, and an if ends with endif"},
		{"loop turned into an endrep", drop(loop, 2, uint32(OpEndRep)), "f.cso: error: token " + itoa(loop) + ": endrep without a rep: no block is open"},
		{"endloop turned into a nop", change(endloop, uint32(OpNop)), "f.cso: error: token " + itoa(loop) + ": loop without endloop: the block is open at the end of the program"},
		{"rep turned into a break", drop(rep, 1, uint32(OpBreak)), "f.cso: error: token " + itoa(rep) + ": break outside a loop or rep: there is nothing to break out of"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode("f.cso", bytesOf(tc.toks))
			require.Error(t, err)
			assert.Equal(t, tc.want, strings.SplitN(err.Error(), "\n", 2)[0])
		})
	}
	// The program as it was decodes, and encodes to the same tokens.
	p, err := Decode("f.cso", bytesOf(base))
	require.NoError(t, err)
	assert.Equal(t, base, tokens(t, p))
}

// TestCheckShape: a program built in memory is held to the same rules.
func TestCheckShape(t *testing.T) {
	p, err := Parse("f.asm", []byte(flowHead+"rep i0\nendrep\n"))
	require.NoError(t, err)
	assert.Empty(t, CheckShape("f.asm", p))
	p.Insts[len(p.Insts)-1].Op = OpEndLoop
	errs := CheckShape("f.asm", p)
	require.Len(t, errs, 1)
	assert.Equal(t, "f.asm:8:1: error: endloop, but the innermost open block is a rep: blocks nest, and a rep ends with endrep\nf.asm:7:1: note: the rep opens here", errs[0].Error())
	p.Insts[len(p.Insts)-2].Srcs = nil
	errs = CheckShape("f.asm", p)
	require.Len(t, errs, 1)
	assert.Equal(t, "f.asm:7:1: error: rep takes 1 source operand, has 0", errs[0].Error())
}
