package main

import (
	"bytes"
	"fmt"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/shpack/shpack/pack"
)

// compareChart draws how many signatures need each number of general
// registers, one bar per strategy side by side, so the strategies'
// distributions can be compared at a glance; the legend gives each
// strategy's mean and the registers it saves against fxc. The image is
// encoded by the extension ext (".svg" or ".png").
func compareChart(entries []compareEntry, sts []pack.Strategy, ext string) ([]byte, error) {
	res := results(entries)
	if len(res) == 0 {
		return nil, fmt.Errorf("no signature was compared")
	}
	maxRegs := 0
	for _, rs := range res {
		for _, r := range rs {
			maxRegs = max(maxRegs, r.GeneralRegisters)
		}
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Signatures by general registers needed (%d signatures)", len(res))
	p.X.Label.Text = "general registers"
	p.Y.Label.Text = "signatures"
	sums := pack.Summarize(res)
	width := vg.Points(60 / float64(len(sts)))
	tallest := 0.0
	for k := range sts {
		counts := make(plotter.Values, maxRegs+1)
		for _, rs := range res {
			counts[rs[k].GeneralRegisters]++
		}
		for _, c := range counts {
			tallest = max(tallest, c)
		}
		bars, err := plotter.NewBarChart(counts, width)
		if err != nil {
			return nil, err
		}
		bars.LineStyle.Width = 0
		bars.Color = plotutil.Color(k)
		bars.Offset = width * vg.Length(float64(k)-float64(len(sts)-1)/2)
		p.Add(bars)
		s := sums[k]
		p.Legend.Add(fmt.Sprintf("%s: mean %.2f, saves %d", s.Strategy, s.Mean, s.SavedVsFXC), bars)
	}
	p.Legend.Top = true
	p.Y.Min, p.Y.Max = 0, tallest*1.35 // room for the legend above the bars
	p.Add(plotter.NewGrid())
	names := make([]string, maxRegs+1)
	for i := range names {
		names[i] = fmt.Sprint(i)
	}
	p.NominalX(names...)
	w, err := p.WriterTo(9*vg.Inch, 5*vg.Inch, strings.TrimPrefix(ext, "."))
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
