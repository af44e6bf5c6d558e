package main

import (
	"encoding/json"
	"github.com/shpack/shpack/internal/testenv"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/internal/asmcheck"
	"github.com/shpack/shpack/internal/realcorpus"
	"github.com/shpack/shpack/ir"
)

// clearErrors are the diagnostics a real vertex-output struct may
// legitimately fail with when packed for vs_3_0: a message substring and its
// category, the first match wins.
var clearErrors = [][2]string{
	{"is not a Direct3D 9 usage", "semantic with no Direct3D 9 usage"},
	{"has no Direct3D 9 equivalent for", "SV_ system value with no Direct3D 9 meaning"},
	{"has no Direct3D 9 equivalent (", "interpolation modifier with no Direct3D 9 meaning"},
	{"too many interpolators", "more than 10 general registers"},
	{"usage index out of range", "usage index past 15"},
	{"used more than once", "semantic used twice"},
	{"has no POSITION0 member", "no POSITION0"},
	{"must have four components", "POSITION0 not a float4"},
	{"must be a scalar", "PSIZE not a scalar"},
	{"double has no Direct3D 9", "double member"},
	{"is a pixel shader input", "pixel-shader semantic in a vertex output"},
	{"POSITIONT marks pre-transformed", "POSITIONT output"},
	{"has no semantic", "member without semantic"},
}

// TestCorpusRealPack packs, with the default strategy, every struct of the
// real-world corpus that some function returns and that has a POSITION
// member: each gives a program that assembles and reads back as declared,
// or one of the clear errors above. The counts go to the log.
func TestCorpusRealPack(t *testing.T) {
	testenv.Heavy(t)
	root := realcorpus.Root(t)
	asmcheck.Tool(t)
	var ok, failed int
	byCategory := map[string]int{}
	for _, rel := range realcorpus.Files(t, root) {
		path := filepath.Join(root, rel)
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		u, err := hlsl.ParseFile(path, src, realPPOptions(root, rel))
		if err != nil {
			continue // files that do not parse are covered by hlsl's corpus test
		}
		for _, li := range u.List() {
			if li.Kind != "struct" || !li.Returned || li.Sig == nil || !hasPosition(li.Sig) {
				continue
			}
			args := append(realcorpus.Args(root, rel), "--struct="+li.Name, path)
			code, asm, stderr := shpackRun(args...)
			if code == 0 {
				ok++
				_, err := asmcheck.Check(t, asm)
				assert.NoError(t, err, "%s|%s", rel, li.Name)
				continue
			}
			failed++
			require.Equal(t, 1, code, "%s|%s: %s", rel, li.Name, stderr)
			cat := ""
			for _, ce := range clearErrors {
				if strings.Contains(stderr, ce[0]) {
					cat = ce[1]
					break
				}
			}
			if assert.NotEmpty(t, cat, "%s|%s: unexpected error:\n%s", rel, li.Name, stderr) {
				byCategory[cat]++
			}
		}
	}
	var cats []string
	for c, n := range byCategory {
		cats = append(cats, c+": "+strconv.Itoa(n))
	}
	sort.Strings(cats)
	t.Logf("returned structs with POSITION: %d packed and assembled, %d clear errors (%s)", ok, failed, strings.Join(cats, "; "))
	assert.Greater(t, ok, 100)
}

func hasPosition(sig *ir.Signature) bool {
	for _, e := range sig.Elements {
		if u, _, ok := e.Semantic.D3D9(); ok && u == ir.UsagePosition {
			return true
		}
	}
	return false
}

// realPPOptions are the preprocessor options a file of the real corpus
// needs (its projects' include directories and host defines).
func realPPOptions(root, rel string) *hlsl.PPOptions {
	o := realcorpus.Options(root, rel)
	return &hlsl.PPOptions{IncludeDirs: o.IncludeDirs, Defines: o.Defines, AllowMissingIncludes: o.AllowMissingIncludes}
}

// TestEntryMatchesStructReal packs, for every function of the real-world
// corpus that returns a struct with POSITION, the function's outputs with
// --entry and the struct with --struct: the JSON elements must be the same.
func TestEntryMatchesStructReal(t *testing.T) {
	testenv.Heavy(t)
	root := realcorpus.Root(t)
	compared := 0
	for _, rel := range realcorpus.Files(t, root) {
		path := filepath.Join(root, rel)
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		u, err := hlsl.ParseFile(path, src, realPPOptions(root, rel))
		if err != nil {
			continue
		}
		for _, name := range u.Functions() {
			st := u.ReturnStruct(name)
			if ep, err := u.EntryPoint(name); st == "" || err == nil && ep.Return.Semantic != "" {
				continue
			}
			sig, err := u.Struct(st)
			if err != nil || !hasPosition(sig) {
				continue
			}
			_, out, err := u.Entry(name)
			if err != nil || len(out.Elements) != len(sig.Elements) {
				continue // out parameters add outputs: not the struct alone
			}
			base := realcorpus.Args(root, rel)
			c1, s1, e1 := shpackRun(append(base, "--format=json", "--struct="+st, path)...)
			c2, s2, e2 := shpackRun(append(base, "--format=json", "--entry="+name, path)...)
			require.Equal(t, c1, c2, "%s: %s vs %s", rel, e1, e2)
			if c1 != 0 {
				// The same diagnostics; messages naming the signature differ
				// only in that name.
				assert.Equal(t, strings.Count(e1, "\n"), strings.Count(e2, "\n"), rel)
				continue
			}
			var j1, j2 emit.LayoutJSON
			require.NoError(t, json.Unmarshal([]byte(s1), &j1))
			require.NoError(t, json.Unmarshal([]byte(s2), &j2))
			assert.Equal(t, j1.Elements, j2.Elements, "%s: %s vs %s", rel, st, name)
			assert.Equal(t, name, j2.Signature)
			compared++
		}
	}
	t.Logf("%d entry points packed identically to their struct", compared)
	assert.Greater(t, compared, 100)
}

// TestLinkReal links every vertex/pixel entry pair of the real-world corpus
// that shares a struct (the vertex entry returns it, the pixel entry takes
// it as a parameter): both blocks assemble and read back as the JSON says,
// and the pixel side mirrors the vertex side's registers and letters.
func TestLinkReal(t *testing.T) {
	testenv.Heavy(t)
	root := realcorpus.Root(t)
	asmcheck.Tool(t)
	linked, failed := 0, 0
	for _, rel := range realcorpus.Files(t, root) {
		path := filepath.Join(root, rel)
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		u, err := hlsl.ParseFile(path, src, realPPOptions(root, rel))
		if err != nil {
			continue
		}
		for _, vs := range u.Functions() {
			st := u.ReturnStruct(vs)
			if st == "" {
				continue
			}
			if sig, err := u.Struct(st); err != nil || !hasPosition(sig) {
				continue
			}
			for _, ps := range u.Functions() {
				if !takesStruct(u, ps, st) {
					continue
				}
				args := append(realcorpus.Args(root, rel), "--format=json", "--vs-entry="+vs, "--ps-entry="+ps, path)
				code, js, stderr := shpackRun(append([]string{"link"}, args...)...)
				if code != 0 {
					failed++
					require.Equal(t, 1, code, stderr)
					assert.Regexp(t, `(?m)^[^\n]+:\d+:\d+: error: `, stderr, "a positioned error")
					continue
				}
				var pair struct{ VS, PS emit.LayoutJSON }
				require.NoError(t, json.Unmarshal([]byte(js), &pair))
				checkMirror(t, rel+"|"+vs+"|"+ps, pair.VS, pair.PS)

				// The assembly of both sides assembles and reads back as
				// the JSON states.
				dir := testenv.TempDir(t)
				vsOut, psOut := filepath.Join(dir, "vs.asm"), filepath.Join(dir, "ps.asm")
				asmArgs := append(realcorpus.Args(root, rel), "--vs-entry="+vs, "--ps-entry="+ps, "--vs-out="+vsOut, "--ps-out="+psOut, path)
				code, _, stderr = shpackRun(append([]string{"link"}, asmArgs...)...)
				require.Equal(t, 0, code, stderr)
				for _, side := range []struct {
					file string
					l    emit.LayoutJSON
				}{{vsOut, pair.VS}, {psOut, pair.PS}} {
					asm, err := os.ReadFile(side.file)
					require.NoError(t, err)
					rep, err := asmcheck.Check(t, string(asm))
					require.NoError(t, err, string(asm))
					assert.Equal(t, declsFromJSON(side.l), declStrings(rep.Decls), "%s|%s|%s", rel, vs, ps)
				}
				linked++
			}
		}
	}
	t.Logf("%d vertex/pixel pairs linked, %d failed with clear errors", linked, failed)
	assert.Greater(t, linked, 20)
}

// takesStruct reports whether function f, whose return value has a
// semantic, has a parameter of struct type st.
func takesStruct(u *hlsl.Unit, f string, st string) bool {
	ep, err := u.EntryPoint(f)
	if err != nil || ep.Return.Semantic == "" {
		return false
	}
	for _, p := range ep.Params {
		if p.Type == st {
			return true
		}
	}
	return false
}

// checkMirror checks the Match Semantics rules between a vertex layout and
// the pixel layout linked to it: every pixel input reads its vertex output
// at the same component letters (a prefix of them), and two inputs share a
// pixel register exactly when their outputs share a vertex register.
func checkMirror(t *testing.T, what string, vs, ps emit.LayoutJSON) {
	t.Helper()
	type key struct {
		sem string
		idx int
	}
	out := map[key]emit.ElementJSON{}
	for _, e := range vs.Elements {
		out[key{e.Semantic, e.Index}] = e
	}
	var ins []emit.ElementJSON
	for _, e := range ps.Elements {
		if e.Register == "" || !strings.HasPrefix(e.Register, "v") || strings.HasPrefix(e.Register, "vP") || strings.HasPrefix(e.Register, "vF") {
			continue
		}
		o, ok := out[key{e.Semantic, e.Index}]
		if !assert.True(t, ok, "%s: %s%d has no vertex output", what, e.Semantic, e.Index) {
			continue
		}
		assert.True(t, strings.HasPrefix(o.Mask, e.Mask), "%s: %s%d read at .%s, written at .%s", what, e.Semantic, e.Index, e.Mask, o.Mask)
		ins = append(ins, e)
	}
	for i := range ins {
		for j := range ins {
			a, b := ins[i], ins[j]
			oa, ob := out[key{a.Semantic, a.Index}], out[key{b.Semantic, b.Index}]
			assert.Equal(t, oa.Register == ob.Register, a.Register == b.Register, "%s: %s and %s grouped differently", what, a.Name, b.Name)
		}
	}
}
