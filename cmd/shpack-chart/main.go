// Command shpack-chart draws the chart of "shpack compare --chart": it reads
// the comparison as JSON (shpack compare --format=json) on standard input
// and writes the image, SVG or PNG, on standard output. It draws how many
// signatures need each number of general registers, one bar per strategy
// side by side, with each strategy's mean and the registers it saves against
// fxc in the legend.
//
// It is a command of its own so that shpack itself does not link the
// plotting library (gonum/plot), whose start-up cost every shpack run would
// pay.
//
// Usage: shpack-chart [--format=svg|png] < compare.json > chart.svg
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/shpack/shpack/internal/report"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("shpack-chart", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "svg", "image format: svg or png")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *format != "svg" && *format != "png" || fs.NArg() > 0 {
		fmt.Fprintln(stderr, "usage: shpack-chart [--format=svg|png] < compare.json > chart")
		return 2
	}
	var r report.Compare
	if err := json.NewDecoder(stdin).Decode(&r); err != nil {
		fmt.Fprintf(stderr, "shpack-chart: reading the comparison: %v\n", err)
		return 1
	}
	img, err := draw(r, *format)
	if err != nil {
		fmt.Fprintf(stderr, "shpack-chart: %v\n", err)
		return 1
	}
	stdout.Write(img)
	return 0
}

// draw renders the grouped bar chart in the given format.
func draw(r report.Compare, format string) ([]byte, error) {
	if len(r.Signatures) == 0 || len(r.Summary) == 0 {
		return nil, fmt.Errorf("no signature was compared")
	}
	maxRegs := 0
	for _, sr := range r.Signatures {
		for _, res := range sr.Results {
			maxRegs = max(maxRegs, res.GeneralRegisters)
		}
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("Signatures by general registers needed (%d signatures)", len(r.Signatures))
	p.X.Label.Text = "general registers"
	p.Y.Label.Text = "signatures"
	width := vg.Points(60 / float64(len(r.Summary)))
	tallest := 0.0
	for k, s := range r.Summary {
		counts := make(plotter.Values, maxRegs+1)
		for _, sr := range r.Signatures {
			if k < len(sr.Results) {
				counts[sr.Results[k].GeneralRegisters]++
			}
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
		bars.Offset = width * vg.Length(float64(k)-float64(len(r.Summary)-1)/2)
		p.Add(bars)
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
	w, err := p.WriterTo(9*vg.Inch, 5*vg.Inch, format)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
