package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/corpus"
	"github.com/shpack/shpack/internal/report"
	"github.com/shpack/shpack/internal/testenv"
)

// copyCorpus copies the corpus sources into a fresh directory and returns it.
func copyCorpus(t *testing.T) string {
	dir := testenv.TempDir(t)
	for _, name := range corpus.Names() {
		src, err := fs.ReadFile(corpus.FS(), name)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), src, 0o644))
	}
	return dir
}

// TestCompareAgrees runs compare over the corpus in one call and checks that
// every number it reports equals what packing that signature alone gives.
func TestCompareAgrees(t *testing.T) {
	dir := copyCorpus(t)
	t.Chdir(dir)
	code, stdout, stderr := shpackRun("compare", "--format=json", ".")
	require.Equal(t, 0, code, stderr)
	var rep report.Compare
	require.NoError(t, json.Unmarshal([]byte(stdout), &rep))
	require.NotEmpty(t, rep.Signatures)
	require.NotEmpty(t, rep.Failures, "the err_ files are listed as failures")
	checked := 0
	for _, sr := range rep.Signatures {
		for _, r := range sr.Results {
			flag := "--struct=" + sr.Signature
			if sr.Kind == "function" {
				flag = "--entry=" + sr.Signature
			}
			code, out, errOut := shpackRun("--format=json", "--strategy="+r.Strategy, flag, sr.File)
			if !r.Fits {
				assert.Equal(t, 1, code, "%s %s %s: compare says it does not fit", sr.File, sr.Signature, r.Strategy)
				assert.Contains(t, errOut, "too many interpolators")
				continue
			}
			require.Equal(t, 0, code, "%s %s %s: %s", sr.File, sr.Signature, r.Strategy, errOut)
			var l struct {
				General    int  `json:"general_registers"`
				LowerBound int  `json:"lower_bound"`
				Optimal    bool `json:"optimal"`
			}
			require.NoError(t, json.Unmarshal([]byte(out), &l))
			assert.Equal(t, l.General, r.GeneralRegisters, "%s %s %s", sr.File, sr.Signature, r.Strategy)
			assert.Equal(t, l.LowerBound, r.LowerBound, "%s %s %s", sr.File, sr.Signature, r.Strategy)
			assert.Equal(t, l.Optimal, r.Optimal, "%s %s %s", sr.File, sr.Signature, r.Strategy)
			checked++
		}
	}
	t.Logf("%d signature × strategy results agree with packing alone; %d failures listed", checked, len(rep.Failures))

	// The summary is over the same signatures.
	for _, s := range rep.Summary {
		assert.Equal(t, len(rep.Signatures), s.Signatures)
	}
}

func TestCompareFormats(t *testing.T) {
	dir := copyCorpus(t)
	t.Chdir(dir)
	code, stdout, stderr := shpackRun("compare", "--format=csv", "--strategies=fxc,optimal", "ones_before_threes.hlsl", "scalars_overflow_fxc.hlsl")
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, `file,signature,strategy,general_registers,fits,lower_bound,optimal,wasted_components,prefix_stable,moved_vs_fxc,error
ones_before_threes.hlsl,VS_OUTPUT,fxc,4,true,2,false,8,true,0,
ones_before_threes.hlsl,VS_OUTPUT,optimal,2,true,2,true,0,false,4,
scalars_overflow_fxc.hlsl,VS_OUTPUT,fxc,13,false,4,false,38,true,0,
scalars_overflow_fxc.hlsl,VS_OUTPUT,optimal,4,true,4,true,2,false,13,
`, stdout)

	// A signature that cannot be compared: a row with its error in CSV, a
	// line on stderr, exit 0 while others were compared (1 with --strict,
	// 1 when none was).
	require.NoError(t, os.WriteFile("bad.hlsl", []byte("struct B { float4 p : POSITION; float q; };\n"), 0o644))
	code, stdout, stderr = shpackRun("compare", "--format=csv", "--strategies=optimal", "ones_before_threes.hlsl", "bad.hlsl")
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "\nbad.hlsl,B,,,,,,,,,bad.hlsl:1:33: error: member q has no semantic\n")
	assert.Equal(t, "bad.hlsl:1:33: error: member q has no semantic (struct B, not compared)\n", stderr)
	code, _, _ = shpackRun("compare", "--strict", "ones_before_threes.hlsl", "bad.hlsl")
	assert.Equal(t, 1, code)
	code, stdout, _ = shpackRun("compare", "bad.hlsl")
	assert.Equal(t, 1, code)
	assert.Contains(t, stdout, "0 signatures compared, 1 failed")
	assert.NotContains(t, stdout, "member q", "failures are on stderr")
	code, stdout, stderr = shpackRun("compare", "--summary", "ones_before_threes.hlsl", "bad.hlsl")
	assert.Equal(t, 0, code)
	assert.Equal(t, "shpack: 1 of 2 signatures could not be compared (without --summary each is listed)\n", stderr)
	assert.NotContains(t, stdout, "ones_before_threes.hlsl", "the summary only")
	code, stdout, _ = shpackRun("compare", "--summary", "--format=csv", "--strategies=fxc,optimal", "ones_before_threes.hlsl", "scalars_overflow_fxc.hlsl")
	assert.Equal(t, 0, code)
	assert.Equal(t, `strategy,signatures,mean_registers,median_registers,max_registers,share_at_optimum,overflows,saved_vs_fxc,share_prefix_stable
fxc,2,8.5000,4.0,13,0.0000,1,0,1.0000
optimal,2,3.0000,2.0,4,1.0000,0,11,0.0000
`, stdout)
	code, stdout, _ = shpackRun("compare", "--summary", "--format=json", "ones_before_threes.hlsl")
	assert.Equal(t, 0, code)
	assert.Contains(t, stdout, `"schema": "shpack.compare/1"`)
	assert.Contains(t, stdout, `"signatures": []`)

	code, stdout, _ = shpackRun("compare", "--summary", "--strategies=fxc,optimal", "ones_before_threes.hlsl", "scalars_overflow_fxc.hlsl")
	require.Equal(t, 0, code)
	assert.Contains(t, stdout, "2 signatures compared, 0 failed")
	assert.Regexp(t, `(?m)^fxc\s+8\.50\s+4\.0\s+13\s+0\.0%\s+1\s+0\s+100\.0%$`, stdout)
	assert.Regexp(t, `(?m)^optimal\s+3\.00\s+2\.0\s+4\s+100\.0%\s+0\s+11\s+0\.0%$`, stdout)

	// Charts are drawn by shpack itself, as SVG or PNG.
	for _, ext := range []string{"svg", "png"} {
		chart := filepath.Join(dir, "chart."+ext)
		code, _, stderr = shpackRun("compare", "--summary", "--chart="+chart, ".")
		require.Equal(t, 0, code, stderr)
		img, err := os.ReadFile(chart)
		require.NoError(t, err)
		if ext == "png" {
			cfg, err := png.DecodeConfig(bytes.NewReader(img))
			require.NoError(t, err, "a PNG image")
			assert.Equal(t, 960, cfg.Width)
		} else {
			assert.Contains(t, string(img[:300]), "<svg", "an SVG image")
			assert.Contains(t, string(img), "General registers over all signatures")
		}
	}

	code, _, stderr = shpackRun("compare", "--chart=x.gif", ".")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "the chart is written as .svg or .png")
	code, _, stderr = shpackRun("compare", "--strategies=fxc,best", ".")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `unknown strategy "best"`)
	code, _, stderr = shpackRun("compare", "missing-dir")
	assert.Equal(t, 1, code)
	assert.Equal(t, "missing-dir: error: cannot read: "+notFound+"\n", stderr)
}

// TestCompareExtensions: a directory's Cg files and headers are compared
// (shpack reads any file it is named), and what it leaves out is counted
// in a note, named with -v.
func TestCompareExtensions(t *testing.T) {
	dir := testenv.TempDir(t)
	sig := "struct VS_OUTPUT { float4 Pos : POSITION; float2 UV : TEXCOORD0; };\n"
	for _, name := range []string{"a.cg", "b.h", "c.cginc", "d.inc"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(sig), 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a shader"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "x.vert"), []byte("void main() {}"), 0o644))
	// shpack's own output beside its input (issue 29): assembly, not
	// HLSL; an HLSL source named .vsh is compared.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.vsh"), []byte("// written by shpack\nvs_3_0\ndcl_position o0\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "hlsl.vsh"), []byte(sig), 0o644))
	code, out, stderr := shpackRun("compare", "--summary", "--strict", dir)
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "5 signatures compared, 0 failed")
	assert.Equal(t, "shpack: note: skipped 3 files of other extensions or kinds (1 .txt, 1 .vert, 1 Direct3D assembly; -v names them)\n", stderr)
	_, _, stderr = shpackRun("compare", "--summary", "-v", dir)
	assert.Contains(t, stderr, filepath.Join(dir, "notes.txt")+": note: skipped: not a shader file's extension")
	assert.Contains(t, stderr, filepath.Join(dir, "a.vsh")+": note: skipped: Direct3D assembly, not HLSL")
}
