package main

import (
	"runtime"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestParallelMap checks that results come in input order whatever the
// number of inputs and processors, including the one-input run that
// parallelMap works on the caller's goroutine.
func TestParallelMap(t *testing.T) {
	for _, procs := range []int{1, 2, 4} {
		prev := runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, 2, 3, 17} {
			var ins, want []string
			for i := range n {
				ins = append(ins, strconv.Itoa(i))
				want = append(want, "<"+strconv.Itoa(i)+">")
			}
			got := parallelMap(ins, func(s string) string { return "<" + s + ">" })
			assert.Equal(t, len(want), len(got), "procs %d, n %d", procs, n)
			if n > 0 {
				assert.Equal(t, want, got, "procs %d, n %d", procs, n)
			}
		}
		runtime.GOMAXPROCS(prev)
	}
}
