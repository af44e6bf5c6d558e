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
// corpus signature, of a linked pair and of an effect's passes, and has
// librsvg render each into a PNG (.ci/run installs librsvg2-bin): the SVG
// must be valid for it and the picture as large as the document says.
func TestRegisterMapsRender(t *testing.T) {
	rsvg, err := exec.LookPath("rsvg-convert")
	if err != nil {
		if testenv.InCI() {
			t.Fatal("rsvg-convert is not installed: .ci/run must install librsvg2-bin")
		}
		t.Skip("rsvg-convert is not installed (CI unset)")
	}
	root := testenv.Root(t)
	dir := t.TempDir()
	type run struct {
		name string
		args []string
	}
	var runs []run
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
	drawn := 0
	for i, r := range runs {
		code, svg, stderr := shpackRun(r.args...)
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
		if i == len(runs)-2 {
			assert.Greater(t, img.Bounds().Dy(), 900, "%s: one panel row per pass", r.name)
		}
		drawn++
	}
	t.Logf("%d register maps rendered by librsvg", drawn)
	assert.Greater(t, drawn, 50)
}
