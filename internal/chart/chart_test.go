package chart

import (
	"bytes"
	"encoding/xml"
	"flag"
	"image/png"
	"io"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/report"
	"github.com/shpack/shpack/internal/testenv"
)

var update = flag.Bool("update", false, "rewrite golden files")

// sample is a comparison of two strategies on three signatures: fxc
// overflows on one that optimal fits, and needs more on two.
func sample() report.Compare {
	res := func(s string, regs int, fits bool) report.Result {
		return report.Result{Strategy: s, GeneralRegisters: regs, Fits: fits}
	}
	return report.Compare{
		Schema: report.Schema,
		Signatures: []report.SignatureResults{
			{Signature: "A", Results: []report.Result{res("fxc", 12, false), res("optimal", 5, true)}},
			{Signature: "B", Results: []report.Result{res("fxc", 3, true), res("optimal", 2, true)}},
			{Signature: "C", Results: []report.Result{res("fxc", 2, true), res("optimal", 2, true)}},
		},
		Summary:  []report.Summary{{Strategy: "fxc", Signatures: 3}, {Strategy: "optimal", Signatures: 3}},
		Failures: []report.Failure{{File: "x.hlsl", Kind: "file", Error: "x"}},
	}
}

func TestCompute(t *testing.T) {
	st := compute(sample())
	require.Len(t, st, 2)
	assert.Equal(t, stats{name: "fxc", total: 17, lost: 2, excess: 8, overflows: 1, signatures: 3, fxcOverflow: 1}, st[0])
	assert.Equal(t, stats{name: "optimal", total: 9, signatures: 3, rescued: 1, fxcOverflow: 1}, st[1])
}

func TestGroup(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 1234567: "1,234,567", -1200: "-1,200"} {
		assert.Equal(t, want, group(n))
	}
}

// TestChart pins the SVG, checks that it is well-formed and says what it
// should, and that the PNG decodes at the figure's size; both are the
// same bytes on every run.
func TestChart(t *testing.T) {
	f := Compare(sample(), "Packing strategies on corpus")
	svg := f.SVG()
	assert.Equal(t, svg, Compare(sample(), "Packing strategies on corpus").SVG())
	d := xml.NewDecoder(bytes.NewReader(svg))
	for {
		_, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
	}
	for _, s := range []string{"3 signatures compared, 1 could not be", ">17</text>", ">9 (8 fewer than fxc)</text>",
		">2 (8 registers more)</text>", ">none: at the best on every one</text>", ">none; fits 1 of fxc&#39;s 1</text>"} {
		assert.Contains(t, string(svg), s)
	}
	testenv.Golden(t, filepath.Join("testdata", "sample.svg"), svg, *update)
	p, err := f.PNG()
	require.NoError(t, err)
	p2, err := f.PNG()
	require.NoError(t, err)
	assert.Equal(t, p, p2)
	img, err := png.Decode(bytes.NewReader(p))
	require.NoError(t, err)
	assert.Equal(t, f.W, img.Bounds().Dx())
	assert.Equal(t, f.H, img.Bounds().Dy())
}
