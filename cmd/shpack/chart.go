package main

import (
	"github.com/shpack/shpack/internal/chart"
	"github.com/shpack/shpack/internal/report"
)

// drawChart draws the comparison as the image format of ext (".svg" or
// ".png"), titled title.
func drawChart(r report.Compare, ext, title string) ([]byte, error) {
	f := chart.Compare(r, title)
	if ext == ".png" {
		return f.PNG()
	}
	return f.SVG(), nil
}
