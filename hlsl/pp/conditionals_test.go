package pp

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConditionals: every #if chain is recorded, skipped or not, with the
// lines of its directives and the macros its evaluated conditions named.
func TestConditionals(t *testing.T) {
	src := `#ifndef GUARD_H
#define GUARD_H
#ifdef A
#if B > 2 && defined(C)
#endif
#elif defined(D) || E
#else
#endif
#ifndef F
#ifdef G
#endif
#else
#define NOT_A_GUARD
#endif
#endif
`
	res, errs := Preprocess("main.fx", []byte(src), &Options{Defines: []string{"A", "B=4"}})
	require.Empty(t, errs)
	c := res.Conditionals
	require.Len(t, c, 5)
	assert.Equal(t, []int{1, 15}, c[0].Lines)
	assert.True(t, c[0].Guard, "#ifndef GUARD_H / #define GUARD_H")
	assert.Equal(t, []int{3, 6, 7, 8}, c[1].Lines)
	assert.Equal(t, []MacroState{{Name: "A", Defined: true, Value: "1"}}, c[1].Macros, "#elif is not evaluated once #ifdef A is taken")
	assert.Equal(t, []int{4, 5}, c[2].Lines)
	assert.Equal(t, []MacroState{{Name: "B", Defined: true, Value: "4", ValueRead: true}, {Name: "C"}}, c[2].Macros)
	assert.Equal(t, []int{9, 12, 14}, c[3].Lines)
	assert.False(t, c[3].Guard, "#ifndef F is followed by #ifdef, not #define F")
	assert.Equal(t, []MacroState{{Name: "F"}}, c[3].Macros)
	assert.Equal(t, []int{10, 11}, c[4].Lines)
	assert.False(t, c[4].Skipped)

	res, errs = Preprocess("main.fx", []byte(src), &Options{Defines: []string{"D"}})
	require.Empty(t, errs)
	c = res.Conditionals
	assert.Equal(t, []MacroState{{Name: "A"}, {Name: "D", Defined: true, Value: "1"}, {Name: "E", ValueRead: true}}, c[1].Macros, "#ifdef A fails: #elif is evaluated")
	assert.True(t, c[2].Skipped, "inside the skipped #ifdef A group")
	assert.Empty(t, c[2].Macros)
}
