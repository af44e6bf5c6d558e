package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/asmcheck"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/internal/vkd3d"
)

// permShader is an uber shader whose interface depends on FOG, SHADOW,
// NUM (an array size) and EXTRA. The vertex shader writes a constant of
// its own into every component it has (permValue); the pixel shader
// copies every component it has to COLOR0..COLOR3, in a fixed order, 0
// where its permutation has none.
const permShader = `struct VS_OUT
{
    float4 Pos : POSITION;
    float3 A : TEXCOORD0;
#ifdef FOG
    float F : TEXCOORD1;
#endif
#ifdef SHADOW
    float4 S[NUM] : TEXCOORD2;
#endif
#ifdef EXTRA
    float2 E : TEXCOORD9;
    float3 G : TEXCOORD10;
#endif
};

VS_OUT VS(float4 p : POSITION)
{
    VS_OUT o;
    o.Pos = p;
    o.A = float3(1.25, 1.5, 1.75);
#ifdef FOG
    o.F = 2.25;
#endif
#ifdef SHADOW
    o.S[0] = float4(3.25, 3.5, 3.75, 4.25);
#if NUM > 1
    o.S[1] = float4(4.5, 4.75, 5.25, 5.5);
#endif
#endif
#ifdef EXTRA
    o.E = float2(6.25, 6.5);
    o.G = float3(6.75, 7.25, 7.5);
#endif
    return o;
}

struct PS_OUT { float4 c0 : COLOR0; float4 c1 : COLOR1; float4 c2 : COLOR2; float4 c3 : COLOR3; };

PS_OUT PS(VS_OUT i)
{
    PS_OUT o = (PS_OUT)0;
    o.c0.xyz = i.A;
#ifdef FOG
    o.c0.w = i.F;
#endif
#ifdef SHADOW
    o.c1 = i.S[0];
#if NUM > 1
    o.c2 = i.S[1];
#endif
#endif
#ifdef EXTRA
    o.c3 = float4(i.E, i.G.xz);
#endif
    return o;
}
`

const permVariants = `# the permutations the engine builds
base:
fog:     -DFOG
shadow1: -DSHADOW -DNUM=1
full:    -DFOG -DSHADOW -DNUM=2 -DEXTRA
`

// permWant is what the pixel shader of a permutation draws (16 values)
// after a vertex shader that writes everything it reads.
func permWant(defines []string) []float64 {
	has := func(d string) bool { return slices.Contains(defines, d) }
	w := make([]float64, 16)
	copy(w, []float64{1.25, 1.5, 1.75})
	if has("-DFOG") {
		w[3] = 2.25
	}
	if has("-DSHADOW") {
		copy(w[4:], []float64{3.25, 3.5, 3.75, 4.25})
		if has("-DNUM=2") {
			copy(w[8:], []float64{4.5, 4.75, 5.25, 5.5})
		}
	}
	if has("-DEXTRA") {
		copy(w[12:], []float64{6.25, 6.5, 6.75, 7.5})
	}
	return w
}

// TestRewriteVariants: one rewritten source for every permutation of the
// variants file (issue 25), compiled with each permutation's own -D: every
// stage compiles (glslang in CI), a permutation the file does not list
// compiles where its interface is one of theirs and stops at the #error
// otherwise; with vkd3d, every vertex shader fits, shpack check finds
// nothing wrong, and the pixel shader of each permutation draws the
// constants after the vertex shader of its own and of a larger one.
func TestRewriteVariants(t *testing.T) {
	root := testenv.Root(t)
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	require.NoError(t, os.WriteFile("perm.hlsl", []byte(permShader), 0o644))
	require.NoError(t, os.WriteFile("perm.variants", []byte(permVariants), 0o644))
	code, _, stderr := shpackRun("rewrite", "--variants=perm.variants", "--vs-entry=VS", "--ps-entry=PS", "-o", "out.hlsl", "--depfile=out.d", "perm.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stderr, "perm.hlsl:17:1: note: VS: 4 variants share one layout; general registers: base 1 (alone 1), fog 1 (alone 1), shadow1 2 (alone 2), full 5 (alone 5)")
	assert.Contains(t, string(got0(t, "out.d")), "perm.variants", "the variants file is an input of the step")
	out := string(got0(t, "out.hlsl"))
	assert.Equal(t, 2, strings.Count(out, "#error \"shpack rewrote "), "one guarded block per entry point")
	assert.Contains(t, out, "#elif (defined(FOG) && defined(SHADOW) && defined(EXTRA) && (NUM) == 2)")

	// Written twice, the same bytes.
	code, _, stderr = shpackRun("rewrite", "--variants=perm.variants", "--vs-entry=VS", "--ps-entry=PS", "-o", "again.hlsl", "perm.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, out, string(got0(t, "again.hlsl")))

	vars := map[string][]string{"base": nil, "fog": {"-DFOG"}, "shadow1": {"-DSHADOW", "-DNUM=1"}, "full": {"-DFOG", "-DSHADOW", "-DNUM=2", "-DEXTRA"}}
	tool := glslangTool(t)
	glsl := func(stage, entry string, defines []string) ([]byte, error) {
		args := append([]string{"-V", "-D", "--hlsl-dx9-compatible", "-S", stage, "-e", entry, "-o", os.DevNull}, defines...)
		return exec.Command(tool, append(args, filepath.Join(dir, "out.hlsl"))...).CombinedOutput()
	}
	for name, defs := range vars {
		for _, st := range [][2]string{{"vert", "VS"}, {"frag", "PS"}} {
			msg, err := glsl(st[0], st[1], defs)
			assert.NoError(t, err, "variant %s, %s:\n%s", name, st[1], msg)
		}
	}
	// Not listed: the same interface as fog (an unrelated macro more)
	// compiles; another interface stops at the #error.
	msg, err := glsl("vert", "VS", []string{"-DFOG", "-DUNRELATED=3"})
	assert.NoError(t, err, "%s", msg)
	for _, defs := range [][]string{{"-DSHADOW", "-DNUM=2"}, {"-DFOG", "-DEXTRA"}, {"-DFOG", "-DSHADOW", "-DNUM=1", "-DEXTRA"}} {
		msg, err := glsl("frag", "PS", defs)
		assert.Error(t, err, "%v", defs)
		assert.Contains(t, string(msg), "for the variants of perm.variants only, and this permutation is none of them", "%v", defs)
	}

	if vkd3d.Path() == "" {
		t.Skipf("%s is unset: the permutations are not compiled to bytecode nor drawn", vkd3d.Env)
	}
	t.Chdir(root)
	asmcheck.Tool(t)
	compiled := map[string][2]string{}
	for name, defs := range vars {
		// vkd3d-compiler takes no -D: a file per permutation defines them.
		var src strings.Builder
		for _, d := range defs {
			n, v, ok := strings.Cut(strings.TrimPrefix(d, "-D"), "=")
			if !ok {
				v = "1"
			}
			fmt.Fprintf(&src, "#define %s %s\n", n, v)
		}
		src.WriteString("#include \"out.hlsl\"\n")
		file := "perm." + name + ".hlsl"
		require.NoError(t, os.WriteFile(filepath.Join(dir, file), []byte(src.String()), 0o644))
		vso, pso := filepath.Join(dir, name+".vso"), filepath.Join(dir, name+".pso")
		_, err := vkd3d.Compile(t, dir, file, "VS", "vs_3_0", vso)
		require.NoError(t, err)
		_, err = vkd3d.Compile(t, dir, file, "PS", "ps_3_0", pso)
		require.NoError(t, err)
		rep, err := asmcheck.CheckFile(t, vso)
		require.NoError(t, err)
		assert.LessOrEqual(t, generalOutputs(rep), 10, name)
		compiled[name] = [2]string{vso, pso}
	}
	for _, p := range [][2]string{{"base", "base"}, {"fog", "fog"}, {"shadow1", "shadow1"}, {"full", "full"},
		{"full", "base"}, {"full", "fog"}, {"full", "shadow1"}, {"shadow1", "base"}, {"fog", "base"}} {
		t.Run(p[0]+"+"+p[1], func(t *testing.T) {
			vso, pso := compiled[p[0]][0], compiled[p[1]][1]
			assert.Empty(t, checkFiles(t, vso, pso).Problems, "shpack check")
			res := render(t, renderTool(t), vso, pso, permWant(vars[p[1]]))
			assert.True(t, res.pass, "the pixel shader of %s draws the constants after the vertex shader of %s:\n%s", p[1], p[0], res.output)
		})
	}
}

// fogVS is a vertex shader whose parameter list depends on FOG.
const fogVS = `void VS(float4 p : POSITION,
#ifdef FOG
    out float fog : TEXCOORD1,
#endif
    out float2 uv : TEXCOORD0,
    out float4 pos : POSITION)
{
    pos = p;
    uv = p.xy;
#ifdef FOG
    fog = p.z;
#endif
}
`

// TestRewriteVariantsParameterList: a parameter list that depends on
// macros is edited differently in each variant; the merge keeps each
// variant's lines under its condition, and every variant compiles with
// its own -D (glslang), a permutation with the interface of a listed one
// too, another stops at the #error. The lines after the merged regions
// keep the user's numbers.
func TestRewriteVariantsParameterList(t *testing.T) {
	t.Chdir(testenv.TempDir(t))
	src := fogVS + "float4 PS(float2 uv : TEXCOORD0) : COLOR { return uv.xyxy; }\n"
	require.NoError(t, os.WriteFile("pv.hlsl", []byte(src), 0o644))
	require.NoError(t, os.WriteFile("pv.variants", []byte("base:\nfog: -DFOG\n"), 0o644))
	code, stdout, stderr := shpackRun("rewrite", "--variants=pv.variants", "--vs-entry=VS", "--ps-entry=PS", "-o", "out.hlsl", "pv.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.Empty(t, stdout)
	out := string(got0(t, "out.hlsl"))
	assert.Contains(t, out, "#line 8 \"pv.hlsl\"\n    pos = p;", "the body after the merged header keeps its line numbers")
	assert.Equal(t, 2, strings.Count(out, "#if (!defined(FOG))\n"), "the header and the pixel shader each have their chain")
	assert.Equal(t, 1, strings.Count(out, "VS_RETURN }"), "the lines the variants edit alike are written once")
	tool := glslangTool(t)
	for _, c := range []struct {
		defines []string
		ok      bool
	}{{nil, true}, {[]string{"-DFOG"}, true}, {[]string{"-DFOG", "-DUNRELATED"}, true}} {
		for _, st := range [][2]string{{"vert", "VS"}, {"frag", "PS"}} {
			args := append([]string{"-V", "-D", "--hlsl-dx9-compatible", "-S", st[0], "-e", st[1], "-o", os.DevNull}, c.defines...)
			msg, err := exec.Command(tool, append(args, "out.hlsl")...).CombinedOutput()
			assert.NoError(t, err, "%v %s:\n%s", c.defines, st[1], msg)
		}
	}
}

// TestRewriteVariantsFamily: vertex shaders that share a pixel shader are
// one family across the variants too; where the interface depends on no
// macro, the variants' rewrite is the plain rewrite, byte for byte.
func TestRewriteVariantsFamily(t *testing.T) {
	t.Chdir(testenv.Root(t))
	vars := filepath.Join(testenv.TempDir(t), "ab.variants")
	require.NoError(t, os.WriteFile(vars, []byte("a:\nb: -DX\n"), 0o644))
	fx := filepath.Join("corpus", "rewrite", "family_shared_ps.fx")
	code, both, stderr := shpackRun("rewrite", "--variants="+vars, fx)
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stderr, "BigVS: 2 variants share one layout, with SmallVS for the pixel shaders they share")
	code, plain, stderr := shpackRun("rewrite", "--all", fx)
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, plain, both)
}

// stageShader's stages test macros of their own lists: the vertex shader
// writes fog with FOG, the pixel shader reads it with FOG.
const stageShader = fogVS + `
float4 PS(float2 uv : TEXCOORD0
#ifdef FOG
    , float fog : TEXCOORD1
#endif
    ) : COLOR
{
    float4 c = uv.xyxy;
#ifdef FOG
    c.w = fog;
#endif
    return c;
}
`

// TestRewriteStageVariants: --vs-variants and --ps-variants list each
// stage's permutations apart (issue 25); the one source compiles for each
// with its own -D (glslang), a permutation with a listed interface too,
// and a compile for no stage of the lists stops at the #error. Lists that
// share every macro cannot tell the stages apart: an error says so. The
// family's layout file names the variants, and a pixel stage built apart
// from it reads the vertex variants that write what it reads.
func TestRewriteStageVariants(t *testing.T) {
	t.Chdir(testenv.TempDir(t))
	require.NoError(t, os.WriteFile("st.hlsl", []byte(stageShader), 0o644))
	require.NoError(t, os.WriteFile("vs.variants", []byte("base: -DVSX\nfog: -DVSX -DFOG\n"), 0o644))
	require.NoError(t, os.WriteFile("ps.variants", []byte("base: -DPSX\nfog: -DPSX -DFOG\n"), 0o644))
	code, _, stderr := shpackRun("rewrite", "-v", "--vs-entry=VS", "--ps-entry=PS", "--vs-variants=vs.variants", "--ps-variants=ps.variants",
		"--layout-out=st.layout", "-o", "out.hlsl", "--depfile=out.d", "st.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stderr, "st.hlsl:1:1: note: VS: 2 variants share one layout; general registers: base 1 (alone 1), fog 1 (alone 1)")
	assert.Contains(t, stderr, "PS: the 2 variants of ps.variants read the family's registers")
	d := string(got0(t, "out.d"))
	assert.Contains(t, d, "vs.variants")
	assert.Contains(t, d, "ps.variants")
	out := string(got0(t, "out.hlsl"))
	assert.Contains(t, out, "(defined(VSX) && !defined(PSX))", "the vertex lines are selected by the vertex list's macro")
	assert.Contains(t, out, "(defined(PSX) && !defined(VSX))")
	lay := string(got0(t, "st.layout"))
	assert.Contains(t, lay, `"variants": ["base"]`)
	assert.Contains(t, lay, `"variants": ["fog"]`)

	// The pixel stage apart, from the family's layout file (compiled
	// below).
	psDefines := [][]string{nil, {"-DFOG"}}
	for _, defs := range psDefines {
		args := append([]string{"rewrite", "--ps-entry=PS", "--layout=st.layout", "-o", "ps" + strings.Join(defs, "") + ".hlsl"}, defs...)
		code, _, stderr := shpackRun(append(args, "st.hlsl")...)
		require.Equal(t, exitOK, code, "%v: %s", defs, stderr)
	}

	// Lists that share every macro.
	require.NoError(t, os.WriteFile("same.variants", []byte("base:\nfog: -DFOG\n"), 0o644))
	code, _, stderr = shpackRun("rewrite", "--vs-entry=VS", "--ps-entry=PS", "--vs-variants=same.variants", "--ps-variants=same.variants", "-o", "bad.hlsl", "st.hlsl")
	assert.Equal(t, exitInput, code)
	assert.Contains(t, stderr, "same.variants: error: no macro tells the stages apart")
	assert.NoFileExists(t, "bad.hlsl")
	for _, args := range [][]string{
		{"--vs-variants=vs.variants", "--vs-entry=VS", "--ps-entry=PS"},
		{"--vs-variants=vs.variants", "--ps-variants=ps.variants", "--variants=vs.variants", "--vs-entry=VS", "--ps-entry=PS"},
		{"--vs-variants=vs.variants", "--ps-variants=ps.variants"},
	} {
		code, _, stderr := shpackRun(append(append([]string{"rewrite"}, args...), "st.hlsl")...)
		assert.Equal(t, exitUsage, code, "%v: %s", args, stderr)
	}

	t.Run("glslang", func(t *testing.T) {
		tool := glslangTool(t)
		glsl := func(file, stage, entry string, defines ...string) (string, error) {
			args := append([]string{"-V", "-D", "--hlsl-dx9-compatible", "-S", stage, "-e", entry, "-o", os.DevNull}, defines...)
			msg, err := exec.Command(tool, append(args, file)...).CombinedOutput()
			return string(msg), err
		}
		for _, c := range []struct {
			stage, entry string
			defines      []string
		}{
			{"vert", "VS", []string{"-DVSX"}}, {"vert", "VS", []string{"-DVSX", "-DFOG"}}, {"vert", "VS", []string{"-DVSX", "-DOTHER"}},
			{"frag", "PS", []string{"-DPSX"}}, {"frag", "PS", []string{"-DPSX", "-DFOG"}},
		} {
			msg, err := glsl("out.hlsl", c.stage, c.entry, c.defines...)
			assert.NoError(t, err, "%s %v:\n%s", c.entry, c.defines, msg)
		}
		msg, err := glsl("out.hlsl", "vert", "VS", "-DFOG")
		assert.Error(t, err)
		assert.Contains(t, msg, "for the variants of vs.variants only, and this permutation is none of them")

		// The pixel stage apart: each of its permutations reads the
		// vertex variants that write what it reads.
		for _, defs := range psDefines {
			msg, err := glsl("ps"+strings.Join(defs, "")+".hlsl", "frag", "PS", defs...)
			assert.NoError(t, err, "%v:\n%s", defs, msg)
		}
	})
}
