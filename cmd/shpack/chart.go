package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/shpack/shpack/internal/report"
)

// chartCommand is the program that draws compare charts. It is a separate
// command because the plotting library it links (gonum/plot, with its fonts)
// would add several milliseconds to the start-up of every shpack run, and
// shpack runs once per shader in a build.
const chartCommand = "shpack-chart"

// drawChart runs shpack-chart on the comparison and returns the image in
// the format of ext (".svg" or ".png"). shpack-chart is looked for in
// $SHPACK_CHART, beside the running shpack, then on PATH.
func drawChart(r report.Compare, ext string) ([]byte, error) {
	path, err := findChartCommand()
	if err != nil {
		return nil, err
	}
	in, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(path, "--format="+strings.TrimPrefix(ext, "."))
	cmd.Stdin = bytes.NewReader(in)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s failed: %v: %s", chartCommand, err, strings.TrimSpace(stderr.String()))
	}
	return stdout.Bytes(), nil
}

func findChartCommand() (string, error) {
	if p := os.Getenv("SHPACK_CHART"); p != "" {
		return p, nil
	}
	if self, err := os.Executable(); err == nil {
		p := filepath.Join(filepath.Dir(self), chartCommand)
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	if p, err := exec.LookPath(chartCommand); err == nil {
		return p, nil
	}
	return "", errors.New("drawing a chart needs the shpack-chart command beside shpack or on PATH (go install github.com/shpack/shpack/cmd/shpack-chart)")
}
