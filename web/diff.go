package main

import (
	"fmt"
	"strings"
)

// Diff is a unified diff of b against a (the rewritten file against the
// input), with three lines of context, as diff -u prints its hunks; "" when
// they are equal. It is Myers' greedy algorithm (An O(ND) Difference
// Algorithm, 1986): the shortest edit script, found by extending the
// furthest-reaching path on each diagonal for D = 0, 1, ... edits; the
// rewrite edits a few places, so D stays small whatever the file's size.
func Diff(a, b string) string {
	x, y := strings.SplitAfter(a, "\n"), strings.SplitAfter(b, "\n")
	if x[len(x)-1] == "" {
		x = x[:len(x)-1]
	}
	if y[len(y)-1] == "" {
		y = y[:len(y)-1]
	}
	ops := editScript(x, y)
	if ops == nil {
		return ""
	}
	// Hunks: runs of edits with their context, merged when close.
	var out strings.Builder
	const ctx = 3
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(0, i-ctx)
		end := i
		for k := i; k < len(ops); k++ {
			if ops[k].kind != ' ' {
				end = k + 1
			} else if k-end >= 2*ctx {
				break
			}
		}
		end = min(len(ops), end+ctx)
		ax, ay := ops[start].ax, ops[start].ay
		na, nb := 0, 0
		for _, o := range ops[start:end] {
			if o.kind != '+' {
				na++
			}
			if o.kind != '-' {
				nb++
			}
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n", ax+1, na, ay+1, nb)
		for _, o := range ops[start:end] {
			out.WriteString(string(o.kind) + strings.TrimSuffix(o.line, "\n") + "\n")
		}
		i = end
	}
	return out.String()
}

// op is one line of an edit script: kept (' '), removed ('-') or added
// ('+'), with the lines of a and b before it.
type op struct {
	kind   byte
	line   string
	ax, ay int
}

// editScript is the shortest edit script from x to y; nil if they are
// equal.
func editScript(x, y []string) []op {
	n, m := len(x), len(y)
	maxD := n + m
	// Diagonals k = -maxD-1 .. maxD+1 are read (k±1 of the outermost).
	v := make([]int, 2*maxD+3)
	var trace [][]int
	off := maxD + 1
	found := -1
	for d := 0; d <= maxD && found < 0; d++ {
		trace = append(trace, append([]int(nil), v...))
		for k := -d; k <= d; k += 2 {
			var px int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				px = v[off+k+1] // down: an insertion
			} else {
				px = v[off+k-1] + 1 // right: a deletion
			}
			py := px - k
			for px < n && py < m && x[px] == y[py] {
				px, py = px+1, py+1
			}
			v[off+k] = px
			if px >= n && py >= m {
				found = d
				break
			}
		}
	}
	if found == 0 {
		return nil
	}
	// Walk back from (n, m) through the saved frontiers.
	var rev []op
	px, py := n, m
	for d := found; d > 0; d-- {
		vd := trace[d]
		k := px - py
		var prevK int
		if k == -d || k != d && vd[off+k-1] < vd[off+k+1] {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := vd[off+prevK]
		prevY := prevX - prevK
		for px > prevX && py > prevY {
			px, py = px-1, py-1
			rev = append(rev, op{' ', x[px], px, py})
		}
		if px == prevX {
			py--
			rev = append(rev, op{'+', y[py], px, py})
		} else {
			px--
			rev = append(rev, op{'-', x[px], px, py})
		}
	}
	for px > 0 && py > 0 {
		px, py = px-1, py-1
		rev = append(rev, op{' ', x[px], px, py})
	}
	ops := make([]op, len(rev))
	for i, o := range rev {
		ops[len(rev)-1-i] = o
	}
	return ops
}
