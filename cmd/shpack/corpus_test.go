package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/corpus"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/internal/asmcheck"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

var update = flag.Bool("update", false, "rewrite golden files and test scripts")

// shpackRun runs the command in-process and returns exit code, stdout, stderr.
func shpackRun(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// notFound is what the system says of a file that is not there, which
// shpack prints after "cannot read: ": "no such file or directory" on
// Linux (docs/errors.md shows it), "File not found." under Wine.
var notFound = syscall.ENOENT.Error()

// corpusPath returns the path of a corpus file from this package's directory.
func corpusPath(t *testing.T, name string) string {
	return filepath.Join(testenv.Root(t), "corpus", name)
}

// TestCorpusGolden packs every corpus file with every strategy and compares
// the output (or the diagnostics, for files that must fail) with the golden
// files in corpus/testdata. The default strategy's JSON is golden too.
func TestCorpusGolden(t *testing.T) {
	root := testenv.Root(t)
	for _, name := range corpus.Names() {
		src, err := fs.ReadFile(corpus.FS(), name)
		require.NoError(t, err)
		args := corpus.Args(src)
		path := "corpus/" + name // as a user types it; the goldens name it so
		base := strings.TrimSuffix(name, filepath.Ext(name))
		for _, st := range pack.Names() {
			t.Run(name+"/"+st, func(t *testing.T) {
				t.Chdir(root) // diagnostics name the file as given: corpus/NAME
				code, stdout, stderr := shpackRun(append(append([]string{"--strategy=" + st}, args...), path)...)
				var got, ext string
				if code == 0 {
					got, ext = stdout, ".asm"
					for _, line := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
						if line != "" {
							assert.Regexp(t, `: (note|warning): `, line, "only notes and warnings on stderr when the run succeeds")
						}
					}
				} else {
					got, ext = fmt.Sprintf("exit %d\n%s", code, stderr), ".err"
					assert.Empty(t, stdout, "nothing on stdout when the run fails")
				}
				if corpus.ExpectError(name) {
					assert.NotEqual(t, 0, code, "err_ files fail with every strategy")
				} else if code != 0 {
					assert.Contains(t, stderr, "too many interpolators", "other files fail only by overflowing with a weaker strategy")
				}
				testenv.Golden(t, filepath.Join(root, "corpus", "testdata", base+"."+st+ext), []byte(got), *update)

				// Same input, same bytes.
				code2, stdout2, stderr2 := shpackRun(append(append([]string{"--strategy=" + st}, args...), path)...)
				assert.Equal(t, code, code2)
				assert.Equal(t, stdout, stdout2)
				assert.Equal(t, stderr, stderr2)
			})
		}
		if corpus.ExpectError(name) {
			continue
		}
		t.Run(name+"/json", func(t *testing.T) {
			t.Chdir(root)
			code, stdout, stderr := shpackRun(append(append([]string{"--format=json"}, args...), path)...)
			require.Equal(t, 0, code, stderr)
			testenv.Golden(t, filepath.Join(root, "corpus", "testdata", base+".json"), []byte(stdout), *update)
		})
		if !packedVertexOutput(args) {
			continue
		}
		t.Run(name+"/multi-dcl", func(t *testing.T) {
			t.Chdir(root)
			code, stdout, stderr := shpackRun(append(append([]string{"--multi-dcl"}, args...), path)...)
			if code != 0 {
				assert.Contains(t, stderr, "too many interpolators")
				return
			}
			testenv.Golden(t, filepath.Join(root, "corpus", "testdata", base+".multi-dcl.asm"), []byte(stdout), *update)
		})
		t.Run(name+"/hlsl", func(t *testing.T) {
			t.Chdir(root)
			code, stdout, stderr := shpackRun(append(append([]string{"--format=hlsl"}, args...), path)...)
			if code != 0 {
				// Entry points and overflowing signatures have no packed HLSL.
				assert.Regexp(t, "too many interpolators|--format=hlsl", stderr)
				return
			}
			testenv.Golden(t, filepath.Join(root, "corpus", "testdata", base+".packed.hlsl"), []byte(stdout), *update)
		})
	}
}

// TestCorpusAssembles assembles every program shpack emits for the corpus
// with the independent MojoShader-based check, and compares the declarations
// read back from the bytecode with the JSON shpack printed for the same run.
func TestCorpusAssembles(t *testing.T) {
	testenv.Heavy(t)
	asmcheck.Tool(t)
	root := testenv.Root(t)
	checked := 0
	for _, name := range corpus.Names() {
		if corpus.ExpectError(name) {
			continue
		}
		src, err := fs.ReadFile(corpus.FS(), name)
		require.NoError(t, err)
		args := append(corpus.Args(src), filepath.Join(root, "corpus", name))
		modes := [][]string{}
		for _, st := range pack.Names() {
			modes = append(modes, []string{"--strategy=" + st})
		}
		if packedVertexOutput(args) {
			modes = append(modes, []string{"--multi-dcl"}, []string{"--multi-dcl", "--strategy=fxc"})
		}
		for _, mode := range modes {
			st := strings.Join(mode, " ")
			code, asm, stderr := shpackRun(append(slices.Clone(mode), args...)...)
			if code != 0 {
				continue // an overflow for this strategy, pinned by the golden test
			}
			code, js, stderr := shpackRun(append(append(slices.Clone(mode), "--format=json"), args...)...)
			require.Equal(t, 0, code, stderr)
			var layout emit.LayoutJSON
			require.NoError(t, json.Unmarshal([]byte(js), &layout))

			rep, err := asmcheck.Check(t, asm)
			require.NoError(t, err, "%s/%s:\n%s", name, st, asm)
			assert.Equal(t, layout.Profile, rep.Profile)
			assert.Equal(t, declsFromJSON(layout), declStrings(rep.Decls), "%s/%s", name, st)
			if body := writesFromJSON(layout); body != "" {
				// Registers that are not declared (SM1/SM2 outputs, pixel
				// outputs) must at least be writable with the masks shown.
				_, err := asmcheck.Check(t, asm+body)
				require.NoError(t, err, "%s/%s:\n%s%s", name, st, asm, body)
			}
			checked++
		}
	}
	t.Logf("%d programs assembled and read back", checked)
}

// regOrder sorts register names as the check tool reports them: by kind
// (o, v, vPos, vFace, t), then number.
func regOrder(reg string) (kind, num int) {
	for i, prefix := range []string{"vFace", "vPos", "o", "v", "t"} {
		if rest, ok := strings.CutPrefix(reg, prefix); ok {
			n, _ := strconv.Atoi(rest)
			return []int{3, 2, 0, 1, 4}[i], n
		}
	}
	return 9, 0
}

// declared reports whether a profile and direction declare their registers
// (SM1/SM2 vertex outputs and pixel outputs do not).
func declared(l emit.LayoutJSON) bool {
	return !(l.Direction == "out" && l.Profile != "vs_3_0")
}

// declsFromJSON lists what the JSON says was declared, in the tool's order
// and format.
func declsFromJSON(l emit.LayoutJSON) []string {
	if !declared(l) {
		return []string{}
	}
	type d struct {
		kind, reg, comp int
		s               string
	}
	var ds []d
	declaredReg := map[string]bool{}
	for _, e := range l.Elements {
		if e.Register == "" {
			continue
		}
		kind, n := regOrder(e.Register)
		mask, sem, idx := e.Mask, e.Semantic, e.Index
		if l.Portable && kind <= 1 && !(e.Semantic == "POSITION" && e.Index == 0) && e.Semantic != "PSIZE" {
			// One full-mask declaration per register, under its name.
			if declaredReg[e.Register] {
				continue
			}
			declaredReg[e.Register] = true
			mask, sem, idx = "xyzw", e.DeclaredAs.Semantic, e.DeclaredAs.Index
		}
		line := fmt.Sprintf("%s %s %s", l.Direction, e.Register, mask)
		if kind <= 1 && l.Profile != "ps_2_0" {
			line += fmt.Sprintf(" %s %d", strings.ToLower(sem), idx)
		}
		if e.Centroid && strings.HasPrefix(l.Profile, "ps") {
			line += " centroid"
		}
		ds = append(ds, d{kind, n, strings.IndexByte("xyzw", mask[0]), line})
	}
	slices.SortStableFunc(ds, func(a, b d) int {
		return cmp.Or(cmp.Compare(a.kind, b.kind), cmp.Compare(a.reg, b.reg), cmp.Compare(a.comp, b.comp))
	})
	out := make([]string, len(ds))
	for i, x := range ds {
		out[i] = x.s
	}
	return out
}

// writesFromJSON returns a body that writes every register of a layout
// whose registers are not declared, with the masks the JSON states.
func writesFromJSON(l emit.LayoutJSON) string {
	if declared(l) {
		return ""
	}
	var b strings.Builder
	for _, e := range l.Elements {
		if e.Register == "" {
			continue
		}
		dst := e.Register
		if e.Mask != "xyzw" {
			dst += "." + e.Mask
		}
		fmt.Fprintf(&b, "mov %s, c0\n", dst)
	}
	return b.String()
}

func declStrings(ds []asmcheck.Decl) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.String()
	}
	return out
}

// packedVertexOutput reports whether corpus flags pack vs_3_0 outputs (the
// default profile and direction), where --portable and --format=hlsl apply.
func packedVertexOutput(args []string) bool {
	for _, a := range args {
		if strings.HasPrefix(a, "--profile=") && a != "--profile=vs_3_0" || strings.HasPrefix(a, "--direction=") && a != "--direction=out" {
			return false
		}
	}
	return true
}

// TestPackedHLSLParsesBack generates the packed HLSL of every corpus struct
// and entry point and reads it back through shpack's own front end: S_Packed has one
// element per register of the portable layout, declared with the
// register's semantic, and packs with fxc (one register per semantic)
// within vs_3_0's registers; S_PackedPS has the general registers only.
func TestPackedHLSLParsesBack(t *testing.T) {
	root := testenv.Root(t)
	checked := 0
	for _, name := range corpus.Names() {
		src, err := fs.ReadFile(corpus.FS(), name)
		require.NoError(t, err)
		args := corpus.Args(src)
		if corpus.ExpectError(name) || !packedVertexOutput(args) {
			continue
		}
		path := filepath.Join(root, "corpus", name)
		code, gen, _ := shpackRun(append(append([]string{"--format=hlsl"}, args...), path)...)
		if code != 0 {
			continue // overflows: pinned by the golden test
		}
		code, js, stderr := shpackRun(append(append([]string{"--format=json", "--portable"}, args...), path)...)
		require.Equal(t, 0, code, stderr)
		var layout emit.LayoutJSON
		require.NoError(t, json.Unmarshal([]byte(js), &layout))

		// The generated file after the original, as a shader would include it.
		u, err := hlsl.ParseFile(path, append(append(slices.Clone(src), '\n'), gen...), &hlsl.PPOptions{AllowMissingIncludes: true})
		require.NoError(t, err, name)
		st := layout.Signature
		if r := u.ReturnStruct(st); r != "" && !strings.Contains(gen, "struct "+st+"_Packed\n") {
			st = r // an entry point that writes only the struct it returns: packed HLSL is the struct's
		}
		packed, err := u.Struct(st + "_Packed")
		require.NoError(t, err, name)
		ps, err := u.Struct(st + "_PackedPS")
		require.NoError(t, err, name)
		assert.Len(t, packed.Elements, layout.Registers, "%s: one element per register", name)
		assert.Len(t, ps.Elements, layout.GeneralRegisters, "%s: the pixel side has the general registers", name)

		want := map[string]bool{}
		for _, e := range layout.Elements {
			want[fmt.Sprintf("%s%d", e.DeclaredAs.Semantic, e.DeclaredAs.Index)] = true
		}
		for _, e := range packed.Elements {
			u, idx, ok := e.Semantic.D3D9()
			require.True(t, ok)
			assert.True(t, want[fmt.Sprintf("%s%d", u, idx)], "%s: %s declared as %s%d, which no register is", name, e.Name, u, idx)
		}
		l, err := pack.FXC{}.Pack(packed, ir.VS30Out(), ir.Constraints{})
		require.NoError(t, err, "%s: the packed struct fits vs_3_0 one register per member", name)
		assert.Equal(t, layout.Registers, l.Registers(), name)
		checked++
	}
	t.Logf("%d packed structs parsed back", checked)
	assert.Greater(t, checked, 30)
}
