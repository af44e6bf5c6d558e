package pp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConditionals: every #if chain is recorded, skipped or not, with the
// lines of its #if and #endif, its groups and the macros its evaluated conditions named.
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
	res, errs := Preprocess("main.fx", []byte(src), &Options{Defines: []string{"A", "B=4"}, Record: true})
	require.Empty(t, errs)
	c := res.Conditionals
	require.Len(t, c, 5)
	assert.Equal(t, [3]int{1, 15, 1}, [3]int{c[0].First, c[0].Last, c[0].Groups})
	assert.True(t, c[0].Guard, "#ifndef GUARD_H / #define GUARD_H")
	assert.Equal(t, [3]int{3, 8, 3}, [3]int{c[1].First, c[1].Last, c[1].Groups})
	assert.Equal(t, []MacroState{{Name: "A", Defined: true, Value: "1", DefinedRead: true}}, c[1].Macros, "#elif is not evaluated once #ifdef A is taken")
	assert.Equal(t, [3]int{4, 5, 1}, [3]int{c[2].First, c[2].Last, c[2].Groups})
	assert.Equal(t, []MacroState{{Name: "B", Defined: true, Value: "4", ValueRead: true}, {Name: "C", DefinedRead: true}}, c[2].Macros, "B's value is read, C's definedness")
	assert.Equal(t, [3]int{9, 14, 2}, [3]int{c[3].First, c[3].Last, c[3].Groups})
	assert.False(t, c[3].Guard, "#ifndef F is followed by #ifdef, not #define F")
	assert.Equal(t, []MacroState{{Name: "F", DefinedRead: true}}, c[3].Macros)
	assert.Equal(t, [3]int{10, 11, 1}, [3]int{c[4].First, c[4].Last, c[4].Groups})
	assert.False(t, c[4].Skipped)

	res, errs = Preprocess("main.fx", []byte(src), &Options{Defines: []string{"D"}, Record: true})
	require.Empty(t, errs)
	c = res.Conditionals
	assert.Equal(t, []MacroState{{Name: "A", DefinedRead: true}, {Name: "D", Defined: true, Value: "1", DefinedRead: true}, {Name: "E", ValueRead: true}}, c[1].Macros, "#ifdef A fails: #elif is evaluated")
	assert.True(t, c[2].Skipped, "inside the skipped #ifdef A group")
	assert.Empty(t, c[2].Macros)
}

// TestConditionalsOff: without Options.Record nothing is recorded.
func TestConditionalsOff(t *testing.T) {
	res, errs := Preprocess("main.fx", []byte("#define N 2\n#ifdef A\n#endif\nfloat x[N];\n"), &Options{})
	require.Empty(t, errs)
	assert.Empty(t, res.Conditionals)
	assert.Empty(t, res.Uses)
}

// TestConditionalsGuardSpellings: an include guard is #ifndef X or #if
// !defined(X) (or !defined X), followed by #define X; an #if !defined(X)
// followed by anything else, or with an #else, is none.
func TestConditionalsGuardSpellings(t *testing.T) {
	for _, tc := range []struct {
		src   string
		guard bool
	}{
		{"#ifndef G\n#define G\nx\n#endif\n", true},
		{"#if !defined(G)\n#define G\nx\n#endif\n", true},
		{"#if !defined G\n#define G 1\nx\n#endif\n", true},
		{"#if !defined(G)\n#define H\nx\n#endif\n", false},
		{"#if !defined(G) && A\n#define G\nx\n#endif\n", false},
		{"#if !defined(G)\n#define G\nx\n#else\ny\n#endif\n", false},
		{"#if defined(G)\n#define G\nx\n#endif\n", false},
	} {
		res, errs := Preprocess("h.fxh", []byte(tc.src), &Options{Record: true})
		require.Empty(t, errs)
		require.NotEmpty(t, res.Conditionals, tc.src)
		assert.Equal(t, tc.guard, res.Conditionals[0].Guard, "%q", tc.src)
	}
}

// TestConditionalsDefines: a chain records the macros defined while it
// is open, as last defined, in every chain around the definition; an
// include guard met again when its header is included again is a guard.
func TestConditionalsDefines(t *testing.T) {
	files := map[string]string{
		"m.fx":     "#include \"common.h\"\n#include \"skin.h\"\n#ifndef REAL4\n#ifdef USE_FLOAT\n#define REAL4 float4\n#else\n#define REAL4 half4\n#endif\n#endif\n",
		"common.h": "#ifndef COMMON_H\n#define COMMON_H\nx\n#endif\n",
		"skin.h":   "#include \"common.h\"\ny\n",
	}
	res, errs := Preprocess("m.fx", []byte(files["m.fx"]), &Options{Record: true, ReadFile: func(p string) ([]byte, error) {
		if s, ok := files[filepath.Base(p)]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}})
	require.Empty(t, errs)
	var guards int
	var real4 *Conditional
	for i := range res.Conditionals {
		c := &res.Conditionals[i]
		if strings.HasSuffix(c.File, "common.h") {
			assert.True(t, c.Guard, "common.h's #ifndef is a guard, included again too (line %d)", c.First)
			guards++
		}
		if c.First == 3 && c.File == "m.fx" {
			real4 = c
		}
	}
	assert.Equal(t, 2, guards, "common.h is met twice")
	require.NotNil(t, real4)
	assert.Equal(t, []MacroState{{Name: "REAL4", Defined: true, Value: "half4"}}, real4.Defines, "#ifndef REAL4 answers itself: REAL4 is half4 after it")
}
