package check

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// WriteText writes, per runtime, whether every value the pixel shader
// reads arrives, or which are lost and why: what shpack check prints.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, rt := range r.Runtimes {
		if len(rt.Lost) == 0 {
			fmt.Fprintf(&b, "%s: every value the pixel shader reads arrives\n", rt.Name)
			continue
		}
		n := 0
		for _, l := range rt.Lost {
			n += len(l.Components)
		}
		word := "values"
		if n == 1 {
			word = "value"
		}
		fmt.Fprintf(&b, "%s: %d %s lost\n", rt.Name, n, word)
		for _, l := range rt.Lost {
			fmt.Fprintf(&b, "  %s\n", l)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ParseRuntimes reads a list of runtime names separated by commas ("all"
// names every runtime), as shpack check --require takes it.
func ParseRuntimes(s string) ([]string, error) {
	if s == "" {
		return nil, nil
	}
	known := RuntimeNames()
	var out []string
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		switch {
		case name == "all":
			out = append(out, known...)
		case slices.Contains(known, name):
			out = append(out, name)
		default:
			return nil, fmt.Errorf("unknown runtime %q in --require (known: %s, all)", name, strings.Join(known, ", "))
		}
	}
	return out, nil
}
