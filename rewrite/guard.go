package rewrite

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shpack/shpack/hlsl"
)

// The text of permutation guards: the #if conditions a rewrite made for
// some macros writes around what it generated (Guard, Merge). What an
// interface depends on is the driver's to find (its package comment);
// how a macro's state is spelled as a condition is here.

// A Guard is written at the top of a generated block: "#if !(Cond)",
// "#error Message", "#endif". Cond holds in the permutation of macros
// the rewrite read the interface in (see driver's permutation guards).
type Guard struct {
	Cond, Message string
}

// write writes the guard's lines.
func (g *Guard) write(b *strings.Builder) {
	if g == nil {
		return
	}
	fmt.Fprintf(b, "#if !(%s)\n#error %s\n#endif\n", g.Cond, strconv.Quote(g.Message))
}

// MacroCondition is the #if term that holds when macro m is in its state:
// undefined, defined, and equal to its integer value where a condition
// reads the value. A macro the source reads only for its value (#if
// NAME, NAME > 2, an array size) is tested for its value alone, as the
// source tests it: an undefined macro is 0 in #if, so a permutation made
// without it holds for -DNAME=0 too (the Source engine's combos, passed
// as -DNAME=0 and -DNAME=1).
func MacroCondition(m hlsl.MacroState) string {
	switch {
	case m.ValueRead && !m.DefinedRead && !m.FuncLike && !m.Defined:
		return "(" + m.Name + ") == 0"
	case m.ValueRead && !m.DefinedRead && !m.FuncLike && isInteger(m.Value):
		return fmt.Sprintf("(%s) == %s", m.Name, m.Value)
	case !m.Defined:
		return "!defined(" + m.Name + ")"
	case m.ValueRead && !m.FuncLike && isInteger(m.Value):
		return fmt.Sprintf("defined(%s) && (%s) == %s", m.Name, m.Name, m.Value)
	}
	return "defined(" + m.Name + ")"
}

// isInteger reports whether a macro's value is an integer literal the
// preprocessor compares (decimal or hexadecimal, optionally signed).
func isInteger(v string) bool {
	v = strings.TrimPrefix(strings.ReplaceAll(v, " ", ""), "-")
	v = strings.TrimRight(v, "uUlL")
	_, err := strconv.ParseInt(v, 0, 64)
	return err == nil && v != ""
}
