package main

import (
	"bytes"
	"image/png"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/corpus"
	"github.com/shpack/shpack/internal/testenv"
)

// TestRegisterMapsRender draws the register map (--format=svg) of every
// corpus signature, of a linked pair, of an effect's passes, of every
// variant of a family, and beside rewrite's and repack's outputs, and has
// librsvg render each into a PNG (.ci/run installs librsvg2-bin): the SVG
// must be valid for it and the picture as large as the document says.
func TestRegisterMapsRender(t *testing.T) {
	rsvg := testenv.LinuxTool(t, "rsvg-convert", "that librsvg renders every register map shpack draws")
	root := testenv.Root(t)
	dir := testenv.TempDir(t)
	type run struct {
		name string
		args []string
	}
	var runs []run
	svgs := map[int]string{} // maps drawn beside another output, by run
	for _, name := range corpus.Names() {
		src, err := fs.ReadFile(corpus.FS(), name)
		require.NoError(t, err)
		if corpus.ExpectError(name) {
			continue
		}
		runs = append(runs, run{name, append(append([]string{"--format=svg"}, corpus.Args(src)...), filepath.Join(root, "corpus", name))})
	}
	runs = append(runs,
		run{"link pair", []string{"link", "--format=svg", "--vs-entry=vs", "--ps-entry=ps", filepath.Join(root, "corpus", "readme_link.fx")}},
		run{"link effect", []string{"link", "--format=svg", filepath.Join(root, "corpus", "rewrite", "sdk_effect_out_params.fx")}},
		run{"pixel inputs", []string{"--format=svg", "--profile=ps_3_0", filepath.Join(root, "corpus", "ps3_inputs.hlsl")}},
	)
	// Files beside the normal output: rewrite's and repack's --svg, and
	// every variant in one map.
	side := func(name string) string { return filepath.Join(dir, name) }
	for _, args := range [][]string{
		{"rewrite", filepath.Join(root, "corpus", "rewrite", "sdk_effect_out_params.fx"), "-o", side("out.fx"), "--svg=" + side("rewrite.svg")},
		{"repack", "--svg=" + side("repack.svg"), filepath.Join(root, "corpus", "repack", "macros.vsh"), filepath.Join(root, "corpus", "repack", "macros.psh")},
	} {
		code, _, stderr := shpackRun(args...)
		require.Equal(t, 0, code, "%v: %s", args, stderr)
	}
	for _, f := range []string{"rewrite.svg", "repack.svg"} {
		b, err := os.ReadFile(side(f))
		require.NoError(t, err)
		runs = append(runs, run{f, []string{"-"}})
		svgs[len(runs)-1] = string(b)
	}
	runs = append(runs,
		run{"pack variants", []string{"--format=svg", "--variants=" + filepath.Join(root, "corpus", "variants", "lit.variants"), "--entry=VS", filepath.Join(root, "corpus", "variants", "lit.hlsl")}},
		run{"link variants", []string{"link", "--format=svg", "--variants=" + filepath.Join(root, "corpus", "variants", "lit.variants"), "--vs-entry=VS", "--ps-entry=PS", filepath.Join(root, "corpus", "variants", "lit.hlsl")}},
	)
	drawn := 0
	for i, r := range runs {
		code, svg, stderr := 0, svgs[i], ""
		if svg == "" {
			code, svg, stderr = shpackRun(r.args...)
		}
		if code != 0 {
			// Corpus files whose flags choose a format or a side SVG does
			// not draw (--format=hlsl) are pinned by their own goldens.
			assert.Contains(t, stderr, "format", "%s: %s", r.name, stderr)
			continue
		}
		in := filepath.Join(dir, "map.svg")
		out := filepath.Join(dir, "map.png")
		require.NoError(t, os.WriteFile(in, []byte(svg), 0o644))
		msg, err := exec.Command(rsvg, "-o", out, in).CombinedOutput()
		require.NoError(t, err, "%s: librsvg: %s", r.name, msg)
		b, err := os.ReadFile(out)
		require.NoError(t, err)
		img, err := png.Decode(bytes.NewReader(b))
		require.NoError(t, err, r.name)
		assert.Greater(t, img.Bounds().Dx(), 600, r.name)
		if r.name == "link effect" || r.name == "rewrite.svg" {
			assert.Greater(t, img.Bounds().Dy(), 900, "%s: one panel row per pass", r.name)
		}
		if r.name == "link variants" {
			assert.Greater(t, img.Bounds().Dy(), 6*400, "%s: one panel row per variant", r.name)
		}
		drawn++
	}
	t.Logf("%d register maps rendered by librsvg", drawn)
	assert.Greater(t, drawn, 50)
}

// TestMapSubtitleRelative: a picture names its input relative to the
// working directory, not by the absolute path it was given (issue 28).
func TestMapSubtitleRelative(t *testing.T) {
	root := testenv.Root(t)
	t.Chdir(root)
	abs := filepath.Join(root, "corpus", "variants", "lit.hlsl")
	code, out, stderr := shpackRun("--format=svg", "--entry=VS", abs)
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "<title>"+filepath.Join("corpus", "variants", "lit.hlsl")+", strategy")
	assert.NotContains(t, out, abs)
}
