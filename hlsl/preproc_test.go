package hlsl

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/shpack/shpack/internal/realcorpus"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/ir"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ppText joins the texts of toks (without the final EOF) with single spaces.
func ppText(toks []Token) string {
	var parts []string
	for _, t := range toks {
		if t.Kind == TokEOF {
			break
		}
		parts = append(parts, t.Text)
	}
	return strings.Join(parts, " ")
}

// ppNorm tokenizes s and joins the token texts, so expected output can be
// written with any spacing.
func ppNorm(t *testing.T, s string) string {
	toks, errs := Scan("want", []byte(s))
	require.Empty(t, errs)
	return ppText(toks)
}

// ppFS serves files from a map, as PPOptions.ReadFile.
func ppFS(files map[string]string) func(string) ([]byte, error) {
	return func(path string) ([]byte, error) {
		if s, ok := files[filepath.ToSlash(path)]; ok {
			return []byte(s), nil
		}
		return nil, fmt.Errorf("open %s: %w", path, fs.ErrNotExist)
	}
}

func runPP(src string, opts *PPOptions) (*PPResult, ir.ErrorList) {
	return Preprocess("main.fx", []byte(src), opts)
}

// expectPP preprocesses src and checks the output and that there are no errors.
func expectPP(t *testing.T, src, want string) {
	t.Helper()
	res, errs := runPP(src, nil)
	require.Empty(t, errs.Error(), "source:\n%s", src)
	assert.Equal(t, ppNorm(t, want), ppText(res.Tokens), "source:\n%s", src)
	checkEOF(t, res)
}

// expectPPErr preprocesses src and checks the output and the full error text.
func expectPPErr(t *testing.T, src string, opts *PPOptions, want, wantErr string) {
	t.Helper()
	res, errs := runPP(src, opts)
	assert.Equal(t, wantErr, errs.Error(), "source:\n%s", src)
	if want != "-" {
		assert.Equal(t, ppNorm(t, want), ppText(res.Tokens), "source:\n%s", src)
	}
	checkEOF(t, res)
}

func checkEOF(t *testing.T, res *PPResult) {
	t.Helper()
	require.NotEmpty(t, res.Tokens)
	for i, tok := range res.Tokens {
		if tok.Kind == TokEOF {
			assert.Equal(t, len(res.Tokens)-1, i, "EOF before the end of the output")
		}
	}
	assert.Equal(t, TokEOF, res.Tokens[len(res.Tokens)-1].Kind)
}

type ppCase struct {
	name, src, want string
}

func runPPCases(t *testing.T, cases []ppCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectPP(t, c.src, c.want) })
	}
}

func TestPPObjectMacros(t *testing.T) {
	runPPCases(t, []ppCase{
		{"simple", "#define A 1\nA", "1"},
		{"empty", "#define A\nA x A", "x"},
		{"chain", "#define A B\n#define B 2\nA", "2"},
		{"defined later", "#define A B\nA\n#define B 2\nA", "B 2"},
		{"undef", "#define A 1\n#undef A\nA", "A"},
		{"undef unknown", "#undef NOPE\nx", "x"},
		{"redefinition wins", "#define A 1\n#define A 2\nA", "2"},
		{"parens", "#define A (1 + 2)\nA*A", "(1 + 2)*(1 + 2)"},
		{"semantic", "#define OUTPOSITION POSITION\nout float4 oPos : OUTPOSITION", "out float4 oPos : POSITION"},
		{"modifier", "#define SampleMode_ centroid\nSampleMode_ float3 N : NORMALWS;", "centroid float3 N : NORMALWS;"},
		{"continued", "#define A 1 \\\n + 2\nA", "1 + 2"},
		{"self reference", "#define foo foo\nfoo", "foo"},
		{"self reference inside", "#define foo a foo b\nfoo", "a foo b"},
		{"mutual", "#define A B B\n#define B A A\nA", "A A A A"},
		{"mutual other", "#define A B B\n#define B A A\nB", "B B B B"},
		{"paste in object macro", "#define X a ## b\nX", "ab"},
		{"hash in object macro", "#define H # x\nH", "# x"},
		{"shpack", "__SHPACK__", "1"},
		{"no profile macros", "__SHADER_TARGET_MAJOR__ SM4", "__SHADER_TARGET_MAJOR__ SM4"},
		{"hash space", "# define A 1\n  #  define B 2\nA B", "1 2"},
		{"null directive", "#\nx\n#\n", "x"},
		{"stray hashes", "a # b ## c\nx #", "a # b ## c x #"},
		{"not a directive after text", "#define E\nE # define X 1\nX", "# define X 1 X"},
	})
}

func TestPPFunctionMacros(t *testing.T) {
	runPPCases(t, []ppCase{
		{"one", "#define F(x) x+1\nF(2)", "2+1"},
		{"two", "#define F(x, y) y x\nF(a, b)", "b a"},
		{"none", "#define F() 1\nF()", "1"},
		{"none spaced", "#define F() 1\nF( )", "1"},
		{"empty arg", "#define F(x) [x]\nF()", "[ ]"},
		{"empty args", "#define F(x,y,z) [x|y|z]\nF(,,)", "[| |]"},
		{"space before paren is object-like", "#define F (x) x\nF(1)", "(x) x (1)"},
		{"name alone", "#define F(x) x\nF + 1; F", "F + 1; F"},
		{"paren after newlines", "#define F(x) <x>\nF\n\n  (1)", "<1>"},
		{"nested parens", "#define F(x) <x>\nF((a, b))", "<(a, b)>"},
		{"brackets do not group", "#define F(x, y) <x|y>\nF([a, b])", "<[a|b]>"},
		{"args span lines", "#define F(x, y) x y\nF(a\n,\n b\n c)", "a b c"},
		{"nested calls", "#define F(x) f(x)\n#define G(x) F(x) F(x)\nG(F(1))", "f(f(1)) f(f(1))"},
		{"arg pre-expanded", "#define A 1\n#define F(x) x\nF(A)", "1"},
		{"arg pre-expanded twice", "#define A 1\n#define F(x) x x\nF(A)", "1 1"},
		{"macro name from body takes args from text", "#define f(x) x f\nf(1)(2)", "1 f(2)"},
		{"rescan with following text", "#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)", "2*9*g"},
		{"mutual function", "#define f(x) g(x)\n#define g(x) f(x)\nf(1)", "f(1)"},
		{"name in argument", "#define foo(x) bar x\nfoo(foo) (2)", "bar foo (2)"},
		{"called twice", "#define m() m\nm()()", "m()"},
		{"argument names guarded", "#define F(x) x\n#define A F(A)\nA", "A"},
		{"guard through arguments", "#define AA BB\n#define BB AA\n#define F(x) x\nF(AA) AA", "AA AA"},
		{"name from argument stays guarded", "#define F(x) x\n#define G F\nG(G)(1)", "F (1)"},
		{"expands after invocation ends", "#define F(x) x\nF(F)(1) F(1)", "F (1) 1"},
		{"object macro to function", "#define F(x) [x]\n#define G F\nG(1)", "[1]"},
		{"object macro to function, args later", "#define F(x) [x]\n#define G F\nG\n(1)", "[1]"},
		{"technique", "#define TECHNIQUE(name, vsname, psname ) \\\n\ttechnique name { pass { VertexShader = compile vs_2_0 vsname (); } }\nTECHNIQUE(Basic, VSBasic, PSBasic)",
			"technique Basic { pass { VertexShader = compile vs_2_0 VSBasic (); } }"},
		{"register", "#define _vs(r)  : register(vs, r)\nfloat4 x _vs(c0);", "float4 x : register(vs, c0);"},
		{"macro defined between name and paren", "#define F(x) <x>\nF\n#define Y 2\n(Y)", "<2>"},
		{"directive inside arguments", "#define F(x) <x>\nF(a\n#ifdef NOPE\nb\n#else\nc\n#endif\n)", "<a c>"},
		{"param shadows macro", "#define x 5\n#define F(x) x\nF(1)", "1"},
	})
}

// TestPPStandardExamples checks the examples of C11 6.10.3.5.
func TestPPStandardExamples(t *testing.T) {
	t.Run("example 3", func(t *testing.T) {
		src := `#define x 3
#define f(a) f(x * (a))
#undef x
#define x 2
#define g f
#define z z[0]
#define h g(~
#define m(a) a(w)
#define w 0,1
#define t(a) a
#define p() int
#define q(x) x
#define r(x,y) x ## y
#define str(x) # x
f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);
g(x+(3,4)-w) | h 5) & m
(f)^m(m);
p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };
char c[2][6] = { str(hello), str() };
`
		want := `f(2 * (y+1)) + f(2 * (f(2 * (z[0])))) % f(2 * (0)) + t(1);
f(2 * (2+(3,4)-0,1)) | f(2 * (~ 5)) & f(2 * (0,1))^m(0,1);
int i[] = { 1, 23, 4, 5, };
char c[2][6] = { "hello", "" };`
		expectPP(t, src, want)
	})
	t.Run("example 4", func(t *testing.T) {
		src := `#define str(s) # s
#define xstr(s) str(s)
#define debug(s, t) printf("x" # s "= %d, x" # t "= %s", \
 x ## s, x ## t)
#define INCFILE(n) vers ## n
#define glue(a, b) a ## b
#define xglue(a, b) glue(a, b)
#define HIGHLOW "hello"
#define LOW LOW ", world"
debug(1, 2);
fputs(str(strncmp("abc\0d", "abc", '\4') // this goes away
 == 0) str(: @\n), s);
xstr(INCFILE(2).h)
glue(HIGH, LOW);
xglue(HIGH, LOW)
`
		res, errs := runPP(src, nil)
		require.Empty(t, errs)
		want := []string{
			`printf`, `(`, `"x"`, `"1"`, `"= %d, x"`, `"2"`, `"= %s"`, `,`, `x1`, `,`, `x2`, `)`, `;`,
			`fputs`, `(`, `"strncmp(\"abc\\0d\", \"abc\", '\\4') == 0"`, `": @\n"`, `,`, `s`, `)`, `;`,
			`"vers2.h"`,
			`"hello"`, `;`,
			`"hello"`, `", world"`,
		}
		assert.Equal(t, strings.Join(want, " "), ppText(res.Tokens))
	})
	t.Run("example 5 placemarkers", func(t *testing.T) {
		expectPP(t, "#define t(x,y,z) x ## y ## z\nint j[] = { t(1,2,3), t(,4,5), t(6,,7), t(8,9,),\n t(10,,), t(,11,), t(,,12), t(,,) };",
			"int j[] = { 123, 45, 67, 89, 10, 11, 12, };")
	})
	t.Run("example 7 variadic", func(t *testing.T) {
		src := `#define debug(...) fprintf(stderr, __VA_ARGS__)
#define showlist(...) puts(#__VA_ARGS__)
#define report(test, ...) ((test)?puts(#test): printf(__VA_ARGS__))
debug("Flag");
debug("X = %d\n", x);
showlist(The first, second, and third items.);
report(x>y, "x is %d but y is %d", x, y);
`
		want := `fprintf(stderr, "Flag");
fprintf(stderr, "X = %d\n", x);
puts("The first, second, and third items.");
((x>y)?puts("x>y"): printf("x is %d but y is %d", x, y));`
		expectPP(t, src, want)
	})
}

func TestPPStringify(t *testing.T) {
	cases := []struct{ src, want string }{
		{"#define S(x) #x\nS(a)", `"a"`},
		{"#define S(x) #x\nS(  a   +  b  )", `"a + b"`},
		{"#define S(x) #x\nS(a+b)", `"a+b"`},
		{"#define S(x) #x\nS(a\n   b)", `"a b"`},
		{"#define S(x) #x\nS(a /* c */ b)", `"a b"`},
		{"#define S(x) #x\nS()", `""`},
		{"#define S(x) #x\nS(\"a\\n\")", `"\"a\\n\""`},
		{"#define S(x) #x\nS('\"')", `"'\"'"`},
		{"#define S(x) #x\nS(p = \"\\\\\")", `"p = \"\\\\\""`},
		{"#define S(x) # x\n#define A 1\nS(A)", `"A"`},
		{"#define S(x) #x\n#define X(x) S(x)\n#define A 1\nX(A)", `"1"`},
		{"#define S(...) #__VA_ARGS__\nS(a, b ,c)", `"a, b ,c"`},
	}
	for _, c := range cases {
		res, errs := runPP(c.src, nil)
		require.Empty(t, errs, c.src)
		require.Len(t, res.Tokens, 2, c.src)
		assert.Equal(t, TokString, res.Tokens[0].Kind, c.src)
		assert.Equal(t, c.want, res.Tokens[0].Text, c.src)
	}
}

func TestPPPaste(t *testing.T) {
	runPPCases(t, []ppCase{
		{"idents", "#define P(a,b) a##b\nP(x,y)", "xy"},
		{"numbers", "#define P(a,b) a##b\nP(1,2) P(x,1)", "12 x1"},
		{"operators", "#define P(a,b) a##b\nP(+,=) P(-,>) P(<<,=)", "+= -> <<="},
		{"spaced", "#define P(a,b) a ## b\nP(x , y)", "xy"},
		{"three", "#define P(a,b,c) a##b##c\nP(x,y,z)", "xyz"},
		{"literal lhs", "#define P(a) s##a\nP(0) P(12)", "s0 s12"},
		{"literal both", "#define P t##n\nP", "tn"},
		{"not expanded before paste", "#define A 1\n#define P(a) a##2\nP(A)", "A2"},
		{"result rescanned", "#define AB 7\n#define P(a,b) a##b\nP(A,B)", "7"},
		{"multi-token args", "#define P(a,b) a##b\nP(x y, z w)", "x yz w"},
		{"empty lhs", "#define P(a,b) [a##b]\nP(,y)", "[y]"},
		{"empty rhs", "#define P(a,b) [a##b]\nP(x,)", "[x]"},
		{"empty both", "#define P(a,b) [a##b]\nP(,)", "[ ]"},
		{"invalid keeps tokens", "#define P(a,b) a##b\nP(+,-) P(/,/) P(x,\"s\")", "+ - / / x \"s\""},
		{"declare texture", "#define DECLARE_TEXTURE(Name, index) \\\n    Texture2D<float4> Name : register(t##index); \\\n    sampler Name##Sampler : register(s##index)\nDECLARE_TEXTURE(Tex, 0);",
			"Texture2D<float4> Tex : register(t0); sampler TexSampler : register(s0);"},
		{"va args paste", "#define V(a, ...) a##__VA_ARGS__\nV(x, y) V(x)", "xy x"},
		{"pasted hash", "#define P(a,b) a##b\nP(#,#)", "##"},
	})
}

func TestPPVariadic(t *testing.T) {
	runPPCases(t, []ppCase{
		{"none", "#define V(...) f(__VA_ARGS__)\nV()", "f()"},
		{"one", "#define V(...) f(__VA_ARGS__)\nV(1)", "f(1)"},
		{"two", "#define V(...) f(__VA_ARGS__)\nV(1,2)", "f(1,2)"},
		{"named and rest", "#define V(a, ...) a: __VA_ARGS__\nV(1,2,3)", "1: 2,3"},
		{"rest omitted", "#define V(a, ...) a: __VA_ARGS__\nV(1)", "1:"},
		{"nested parens", "#define V(...) [__VA_ARGS__]\nV((a,b),c)", "[(a,b),c]"},
	})
}

func TestPPMacroErrors(t *testing.T) {
	cases := []struct{ name, src, want, err string }{
		{"too few", "#define F(x, y) x\nF(1)", "", `main.fx:2:1: error: macro "F" requires 2 arguments, but 1 given`},
		{"too many", "#define F(x, y) x\na F(1,2,3) b", "a b", `main.fx:2:3: error: macro "F" requires 2 arguments, but 3 given`},
		{"none wanted", "#define G() 1\nG(1)", "", `main.fx:2:1: error: macro "G" requires 0 arguments, but 1 given`},
		{"one wanted", "#define H(x) x\nH(1,2)", "", `main.fx:2:1: error: macro "H" requires 1 argument, but 2 given`},
		{"variadic too few", "#define V(a,b,...) x\nV(1)", "", `main.fx:2:1: error: macro "V" requires at least 2 arguments, but 1 given`},
		{"unterminated", "#define F(x) x\nq F(1, (2)\n", "q", `main.fx:2:3: error: unterminated argument list invoking macro "F"`},
		{"unterminated in body", "#define F(x) x\n#define G F(\nG", "", `main.fx:3:1: error: unterminated argument list invoking macro "F"`},
		{"no name", "#define\nx", "x", `main.fx:1:1: error: missing macro name in #define`},
		{"bad name", "#define 1 2\nx", "x", `main.fx:1:1: error: macro name must be an identifier, not "1"`},
		{"defined", "#define defined 1\nx", "x", `main.fx:1:1: error: "defined" cannot be used as a macro name`},
		{"duplicate param", "#define F(x,x) x\nx", "x", `main.fx:1:1: error: duplicate parameter "x" of macro "F"`},
		{"missing comma", "#define F(x y) x\nx", "x", `main.fx:1:1: error: expected "," or ")" in parameter list of macro "F", found "y"`},
		{"missing paren", "#define F(x\nx", "x", `main.fx:1:1: error: missing ")" in parameter list of macro "F"`},
		{"bad param", "#define F(1) x\nx", "x", `main.fx:1:1: error: expected a parameter name in macro "F", found "1"`},
		{"ellipsis not last", "#define F(..., a) x\nx", "x", `main.fx:1:1: error: expected ")" after "..." in parameter list of macro "F", found ","`},
		{"va args as param", "#define F(__VA_ARGS__) x\nx", "x", `main.fx:1:1: error: "__VA_ARGS__" cannot be a parameter name of macro "F"`},
		{"hash without param", "#define F(x) #y\nx", "x", `main.fx:1:1: error: "#" is not followed by a macro parameter in macro "F"`},
		{"paste at start", "#define F(x) ## x\nx", "x", `main.fx:1:1: error: "##" cannot appear at either end of macro "F"`},
		{"paste at end", "#define A x ##\nA", "A", `main.fx:1:1: error: "##" cannot appear at either end of macro "A"`},
		{"undef without name", "#undef\nx", "x", `main.fx:1:1: error: missing macro name in #undef`},
		{"undef bad name", "#undef \"s\"\nx", "x", `main.fx:1:1: error: macro name must be an identifier, not "s"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectPPErr(t, c.src, nil, c.want, c.err) })
	}
}

func TestPPConditionals(t *testing.T) {
	runPPCases(t, []ppCase{
		{"if true", "#if 1\na\n#else\nb\n#endif", "a"},
		{"if false", "#if 0\na\n#else\nb\n#endif", "b"},
		{"elif taken", "#if 0\na\n#elif 1\nb\n#else\nc\n#endif", "b"},
		{"else taken", "#if 0\na\n#elif 0\nb\n#else\nc\n#endif", "c"},
		{"elif chain", "#define V 3\n#if V == 1\na\n#elif V == 2\nb\n#elif V == 3\nc\n#elif V == 3\nd\n#else\ne\n#endif", "c"},
		{"elif not evaluated after taken", "#if 1\na\n#elif 1/0\nb\n#endif", "a"},
		{"ifdef", "#define X\n#ifdef X\na\n#endif\n#ifdef Y\nb\n#endif", "a"},
		{"ifndef", "#define X\n#ifndef X\na\n#endif\n#ifndef Y\nb\n#endif", "b"},
		{"defined forms", "#define X 0\n#if defined X && defined(X) && defined ( X ) && !defined Y\na\n#endif", "a"},
		{"defined not expanded", "#define X Y\n#if defined(X) && !defined(Y)\na\n#endif", "a"},
		{"defined from macro", "#define D defined(X)\n#define X\n#if D\na\n#endif", "a"},
		{"defined in argument", "#define F(x) x\n#if F(defined(X))\na\n#else\nb\n#endif", "b"},
		{"macro in expression", "#define N 3\n#if N > 2\na\n#endif", "a"},
		{"function macro in expression", "#define F(x) ((x)*2)\n#if F(2) == 4\na\n#endif", "a"},
		{"unknown identifiers are zero", "#if FOO == 0 && !BAR\na\n#endif", "a"},
		{"true and false", "#if true && !false\na\n#endif", "a"},
		{"nested skipped", "#if 0\n#if 1\na\n#else\nb\n#endif\nc\n#endif\nd", "d"},
		{"nested active", "#if 1\n#if 0\na\n#elif 1\nb\n#endif\n#endif", "b"},
		{"skipped elif in skipped group", "#if 0\n#if 1\na\n#elif 1\nb\n#else\nc\n#endif\n#elif 1\nd\n#endif", "d"},
		{"skipped group with garbage", "#if 0\n#foo bar\n' unterminated\n\"also\n@@ `$ ####\n#error no\n#include \"missing.fxh\"\n#pragma pack_matrix(bad)\n#if 1/0\n#endif\n#line x\n#define\n#else\nok\n#endif", "ok"},
		{"skipped else branch", "#if 1\na\n#else\n#error no\n#endif", "a"},
		{"ifdef builtin", "#ifdef __FILE__\na\n#endif\n#ifdef __LINE__\nb\n#endif\n#ifdef __SHPACK__\nc\n#endif", "a b c"},
		{"if with comment", "#if 1 // comment\na\n#endif /* x */", "a"},
		{"continued if", "#if 1 && \\\n 0\na\n#else\nb\n#endif", "b"},
	})
}

func TestPPIfExpressions(t *testing.T) {
	cases := []struct {
		expr string
		val  string
	}{
		{"1+2*3", "7"}, {"(1+2)*3", "9"}, {"7/2", "3"}, {"-7/2", "-3"}, {"7%3", "1"}, {"-7%3", "-1"},
		{"1<<4", "16"}, {"256>>4", "16"}, {"-16>>2", "-4"}, {"1<<62", "4611686018427387904"}, {"-1>>63", "-1"},
		{"2<3", "1"}, {"3<2", "0"}, {"2<=2", "1"}, {"3>=4", "0"}, {"2>1", "1"}, {"1>2", "0"},
		{"1==1", "1"}, {"1!=1", "0"}, {"6&3", "2"}, {"6^3", "5"}, {"6|3", "7"},
		{"1&&0", "0"}, {"1&&2", "1"}, {"1||0", "1"}, {"0||0", "0"},
		{"!0", "1"}, {"!5", "0"}, {"~0", "-1"}, {"-(-3)", "3"}, {"+4", "4"}, {"- -4", "4"},
		{"1?2:3", "2"}, {"0?2:3", "3"}, {"0?1:0?2:3", "3"}, {"1?0?4:5:6", "5"},
		{"0x10", "16"}, {"0X1f", "31"}, {"010", "8"}, {"0", "0"}, {"10u", "10"}, {"10UL", "10"}, {"10ll", "10"}, {"0x10L", "16"},
		{"'a'", "97"}, {"'\\n'", "10"}, {"'\\x41'", "65"}, {"'\\0'", "0"}, {"'\\''", "39"}, {"'\\101'", "65"},
		{"true", "1"}, {"false", "0"}, {"UNDEFINED", "0"}, {"UNDEFINED(1, (2))", "0"}, {"UNDEFINED() + 1", "1"},
		{"defined(__SHPACK__)", "1"}, {"defined __FILE__", "1"}, {"defined NOPE", "0"}, {"__LINE__", "1"},
		{"1 - 1 - 1", "-1"}, {"2*3%4", "2"}, {"1 + 2 << 1", "6"}, {"1 < 2 == 1", "1"}, {"1 | 2 ^ 3 & 4", "3"},
		{"1 || 0 && 0", "1"}, {"(1 || 0) && 0", "0"},
		{"0 && 1/0", "0"}, {"1 || 1%0", "1"}, {"0 ? 1/0 : 5", "5"}, {"1 ? 5 : 1/0", "5"},
		{"-9223372036854775807 - 1 < 0", "1"},
		{"0 && (1<<64)", "0"}, {"1 ? 2 : 9223372036854775807 * 2", "2"},
	}
	for _, c := range cases {
		t.Run(c.expr, func(t *testing.T) {
			expectPP(t, fmt.Sprintf("#if (%s) == (%s)\nyes\n#else\nno\n#endif", c.expr, c.val), "yes")
			// And not equal to a neighbour, so that a broken == cannot pass.
			expectPP(t, fmt.Sprintf("#if (%s) == (%s) + 1\nyes\n#else\nno\n#endif", c.expr, c.val), "no")
		})
	}
}

func TestPPConditionalErrors(t *testing.T) {
	deep := "#if " + strings.Repeat("(", 3000) + "1" + strings.Repeat(")", 3000) + "\n#endif"
	deepNot := "#if " + strings.Repeat("!", 3000) + "1\n#endif"
	cases := []struct{ name, src, want, err string }{
		{"div", "#if 1/0\na\n#endif\nb", "b", `main.fx:1:1: error: division by zero in #if`},
		// C leaves these undefined or out of range: errors, never a wrapped value.
		{"shift 64", "#if 1<<64\n#endif", "", `main.fx:1:1: error: shift count 64 is outside 0..63 in #if`},
		{"shift negative", "#if 1<<-1\n#endif", "", `main.fx:1:1: error: shift count -1 is outside 0..63 in #if`},
		{"shift right 70", "#if -1>>70\n#endif", "", `main.fx:1:1: error: shift count 70 is outside 0..63 in #if`},
		{"left shift overflow", "#if 3<<62\n#endif", "", `main.fx:1:1: error: integer overflow in #if`},
		{"add overflow", "#if 9223372036854775807 + 1\n#endif", "", `main.fx:1:1: error: integer overflow in #if`},
		{"mul overflow", "#if 4294967296 * 4294967296\n#endif", "", `main.fx:1:1: error: integer overflow in #if`},
		{"div overflow", "#if (-9223372036854775807 - 1) / -1\n#endif", "", `main.fx:1:1: error: integer overflow in #if`},
		{"literal beyond int64", "#if 0xFFFFFFFFFFFFFFFF\n#endif", "", `main.fx:1:1: error: invalid #if expression: invalid integer literal "0xFFFFFFFFFFFFFFFF"`},
		{"Go digit separator", "#if 1_0\n#endif", "", `main.fx:1:1: error: invalid #if expression: invalid integer literal "1_0"`},
		{"Go binary", "#if 0b11\n#endif", "", `main.fx:1:1: error: invalid #if expression: invalid integer literal "0b11"`},
		{"Go octal", "#if 0o7\n#endif", "", `main.fx:1:1: error: invalid #if expression: invalid integer literal "0o7"`},
		{"mod", "#if 1%0\na\n#endif", "", `main.fx:1:1: error: division by zero in #if`},
		{"div elif", "#if 0\n#elif 2/(1-1)\na\n#else\nb\n#endif", "b", `main.fx:2:1: error: division by zero in #elif`},
		{"empty", "#if\na\n#endif", "", `main.fx:1:1: error: invalid #if expression: missing expression`},
		{"empty after expansion", "#define E\n#if E\na\n#endif", "", `main.fx:2:1: error: invalid #if expression: missing expression`},
		{"trailing operator", "#if 1 +\n#endif", "", `main.fx:1:1: error: invalid #if expression: unexpected end of expression`},
		{"unclosed paren", "#if (1\n#endif", "", `main.fx:1:1: error: invalid #if expression: missing ")"`},
		{"two values", "#if 1 2\n#endif", "", `main.fx:1:1: error: invalid #if expression: unexpected "2" after expression`},
		{"float", "#if 1.5 > 1\n#endif", "", `main.fx:1:1: error: invalid #if expression: floating-point literal "1.5"`},
		{"float suffix", "#if 1f\n#endif", "", `main.fx:1:1: error: invalid #if expression: floating-point literal "1f"`},
		{"missing colon", "#if 1 ? 2\n#endif", "", `main.fx:1:1: error: invalid #if expression: missing ":" in conditional expression`},
		{"string", "#if \"s\"\n#endif", "", `main.fx:1:1: error: invalid #if expression: unexpected string literal`},
		{"assignment", "#if 1 = 1\n#endif", "", `main.fx:1:1: error: invalid #if expression: unexpected "=" after expression`},
		{"stray operator", "#if * 1\n#endif", "", `main.fx:1:1: error: invalid #if expression: unexpected "*"`},
		{"defined alone", "#if defined\n#endif", "", `main.fx:1:1: error: invalid #if expression: operator "defined" requires an identifier`},
		{"defined number", "#if defined(1)\n#endif", "", `main.fx:1:1: error: invalid #if expression: operator "defined" requires an identifier`},
		{"defined unclosed", "#if defined(X\n#endif", "", `main.fx:1:1: error: invalid #if expression: missing ")" after "defined"`},
		{"bad octal", "#if 09\n#endif", "", `main.fx:1:1: error: invalid #if expression: invalid integer literal "09"`},
		{"bad suffix", "#if 12ab\n#endif", "", `main.fx:1:1: error: invalid #if expression: invalid integer literal "12ab"`},
		{"too large", "#if 99999999999999999999\n#endif", "", `main.fx:1:1: error: invalid #if expression: invalid integer literal "99999999999999999999"`},
		{"bad char", "#if '\\q'\n#endif", "", `main.fx:1:1: error: invalid #if expression: invalid character constant "'\q'"`},
		{"deep parens", deep, "", `main.fx:1:1: error: invalid #if expression: nested too deeply`},
		{"deep unary", deepNot, "", `main.fx:1:1: error: invalid #if expression: nested too deeply`},
		{"else without if", "#else\nx", "x", `main.fx:1:1: error: #else without #if`},
		{"endif without if", "x\n#endif", "x", `main.fx:2:1: error: #endif without #if`},
		{"elif without if", "#elif 1\nx", "x", `main.fx:1:1: error: #elif without #if`},
		{"else after else", "#if 1\na\n#else\nb\n#else\nc\n#endif", "a", `main.fx:5:1: error: #else after #else`},
		{"elif after else", "#if 0\na\n#else\nb\n#elif 1\nc\n#endif", "b", `main.fx:5:1: error: #elif after #else`},
		{"else after else skipped", "#if 0\n#if 1\n#else\n#else\n#endif\n#endif\nx", "x", `main.fx:4:1: error: #else after #else`},
		{"unterminated", "x\n#if 1\ny", "x y", `main.fx:2:1: error: unterminated #if (no #endif before the end of the file)`},
		{"unterminated nested", "#ifdef A\n  #if 1\n#else\n#endif\ny", "", "main.fx:1:1: error: unterminated #ifdef (no #endif before the end of the file)"},
		{"unterminated two", "#if 1\n#ifndef B\ny", "y", "main.fx:1:1: error: unterminated #if (no #endif before the end of the file)\nmain.fx:2:1: error: unterminated #ifndef (no #endif before the end of the file)"},
		{"ifdef without name", "#ifdef\na\n#endif", "", `main.fx:1:1: error: missing macro name in #ifdef`},
		{"ifndef without name", "#ifndef\na\n#endif", "", `main.fx:1:1: error: missing macro name in #ifndef`},
		{"ifdef number", "#ifdef 3\na\n#endif", "", `main.fx:1:1: error: macro name must be an identifier, not "3"`},
		{"unterminated string used", "#if 0\n'\n#endif\n\"abc", "-", `main.fx:4:1: error: unterminated string`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectPPErr(t, c.src, nil, c.want, c.err) })
	}
}

func TestPPIncludes(t *testing.T) {
	files := map[string]string{
		"src/inc/a.fxh":       "A1\n#include \"b.fxh\"\nA2",
		"src/inc/b.fxh":       "B",
		"include/c.fxh":       "C",
		"src/d.fxh":           "D_local",
		"include/d.fxh":       "D_include",
		"include/sas/sas.fxh": "SAS",
		"src/hdr.fxh":         "HDR",
	}
	opts := &PPOptions{ReadFile: ppFS(files), IncludeDirs: []string{"include"}}
	cases := []struct{ name, src, want string }{
		{"relative dir", "#include \"inc/a.fxh\"\nM", "A1 B A2 M"},
		{"include dir", "#include \"c.fxh\"", "C"},
		{"angle", "#include <c.fxh>", "C"},
		{"quoted prefers local", "#include \"d.fxh\"", "D_local"},
		{"angle ignores local", "#include <d.fxh>", "D_include"},
		{"backslash", "#include <sas\\sas.fxh>", "SAS"},
		{"macro string", "#define H \"hdr.fxh\"\n#include H", "HDR"},
		{"macro angle", "#define H <c.fxh>\n#include H", "C"},
		{"twice", "#include \"hdr.fxh\"\n#include \"hdr.fxh\"", "HDR HDR"},
		{"in skipped group", "#if 0\n#include \"nope.fxh\"\n#endif\nx", "x"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, errs := Preprocess("src/main.fx", []byte(c.src), opts)
			require.Empty(t, errs.Error())
			assert.Equal(t, c.want, ppText(res.Tokens))
			checkEOF(t, res)
		})
	}

	errCases := []struct{ name, src, want string }{
		{"missing", "#include \"nope.fxh\"\nx",
			`src/main.fx:1:1: error: cannot open include file "nope.fxh": not found (searched: src, include)`},
		{"missing angle", "x\n  #  include <nope.fxh>",
			`src/main.fx:2:3: error: cannot open include file "nope.fxh": not found (searched: include, src)`},
		{"no name", "#include\n", `src/main.fx:1:1: error: #include expects "FILENAME" or <FILENAME>`},
		{"bad name", "#include nope\n", `src/main.fx:1:1: error: #include expects "FILENAME" or <FILENAME>`},
		{"unclosed angle", "#include <c.fxh\n", `src/main.fx:1:1: error: #include expects "FILENAME" or <FILENAME>`},
		{"empty name", "#include \"\"\n", `src/main.fx:1:1: error: empty file name in #include`},
	}
	for _, c := range errCases {
		t.Run(c.name, func(t *testing.T) {
			res, errs := Preprocess("src/main.fx", []byte(c.src), opts)
			assert.Equal(t, c.want, errs.Error())
			checkEOF(t, res)
		})
	}

	t.Run("missing angle without dirs", func(t *testing.T) {
		_, errs := Preprocess("main.fx", []byte("#include <x.fxh>"), &PPOptions{ReadFile: ppFS(nil)})
		assert.Equal(t, `main.fx:1:1: error: cannot open include file "x.fxh": not found (searched: .)`, errs.Error())
	})
	t.Run("angle falls back to the including file's directory", func(t *testing.T) {
		res, errs := Preprocess("src/main.fx", []byte("#include <c.fxh>"), &PPOptions{ReadFile: ppFS(map[string]string{"src/c.fxh": "local"})})
		require.Empty(t, errs)
		assert.Equal(t, "local", ppText(res.Tokens))
	})
	t.Run("missing includes allowed", func(t *testing.T) {
		res, errs := Preprocess("main.fx", []byte("a\n#include \"x.fxh\"\nb"), &PPOptions{ReadFile: ppFS(nil), AllowMissingIncludes: true})
		require.Empty(t, errs)
		assert.Equal(t, "a b", ppText(res.Tokens))
		assert.Equal(t, `main.fx:2:1: warning: include file "x.fxh" not found (searched: .); skipped`, res.Warnings.Error())
	})
	t.Run("read error", func(t *testing.T) {
		read := func(string) ([]byte, error) { return nil, fmt.Errorf("permission denied") }
		_, errs := Preprocess("main.fx", []byte("#include \"x.fxh\""), &PPOptions{ReadFile: read})
		assert.Equal(t, `main.fx:1:1: error: cannot open include file "x.fxh": permission denied`, errs.Error())
	})
}

func TestPPIncludeContexts(t *testing.T) {
	files := map[string]string{
		"a.fxh": "a1\n#include \"b.fxh\"\na2",
		"b.fxh": "b1",
	}
	res, errs := Preprocess("main.fx", []byte("m1\n#include \"a.fxh\"\nm2\n#include \"b.fxh\"\n"), &PPOptions{ReadFile: ppFS(files)})
	require.Empty(t, errs)
	assert.Equal(t, "m1 a1 b1 a2 m2 b1", ppText(res.Tokens))
	assert.Equal(t, []string{"main.fx", "a.fxh", "b.fxh"}, res.Files)
	assert.Equal(t, []IncludeCtx{
		{File: "main.fx", Parent: -1},
		{File: "a.fxh", From: ir.Pos{File: "main.fx", Line: 2, Col: 1}, Parent: 0},
		{File: "b.fxh", From: ir.Pos{File: "a.fxh", Line: 2, Col: 1}, Parent: 1},
		{File: "b.fxh", From: ir.Pos{File: "main.fx", Line: 4, Col: 1}, Parent: 0},
	}, res.Contexts)
	var ctxs []int32
	var poss []string
	for _, tok := range res.Tokens {
		ctxs = append(ctxs, tok.Ctx)
		poss = append(poss, tok.Pos.String())
	}
	assert.Equal(t, []int32{0, 1, 2, 1, 0, 3, 0}, ctxs)
	assert.Equal(t, []string{"main.fx:1:1", "a.fxh:1:1", "b.fxh:1:1", "a.fxh:3:1", "main.fx:3:1", "b.fxh:1:1", "main.fx:5:1"}, poss)
	assert.Nil(t, res.Chain(0))
	assert.Equal(t, []ir.Pos{{File: "a.fxh", Line: 2, Col: 1}, {File: "main.fx", Line: 2, Col: 1}}, res.Chain(2))
	assert.Nil(t, res.Chain(99))
}

func TestPPIncludeErrors(t *testing.T) {
	files := map[string]string{
		"a.fxh":      "#include \"b.fxh\"",
		"b.fxh":      "#include \"a.fxh\"",
		"self.fxh":   "#include \"self.fxh\"\nS",
		"once.fxh":   "#pragma once\n#include \"once.fxh\"\nO",
		"guard.fxh":  "#ifndef G\n#define G\nG1\n#endif",
		"err.fxh":    "e1\n#error boom here\ne2",
		"deep.fxh":   "x\n#include \"err.fxh\"",
		"unterm.fxh": "#if 1\nu",
		"big.fxh":    strings.Repeat("x ", 20),
		"str.fxh":    "\"abc",
		"m.fxh":      "#include \"./main.fx\"",
		"ga.fxh":     "#ifndef GA\n#define GA\n#include \"gb.fxh\"\nA\n#endif",
		"gb.fxh":     "#ifndef GB\n#define GB\n#include \"ga.fxh\"\nB\n#endif",
	}
	for i := range 10 {
		files[fmt.Sprintf("n%d.fxh", i)] = fmt.Sprintf("#include \"n%d.fxh\"\nN%d", i+1, i)
	}
	files["n10.fxh"] = "END"
	opts := func(l Limits) *PPOptions { return &PPOptions{ReadFile: ppFS(files), Limits: l} }
	cases := []struct {
		name, src string
		lim       Limits
		want, err string
	}{
		// As in C, only the depth limit stops a file that includes itself;
		// the error names the loop and the chain of its first turn.
		{"cycle", "#include \"a.fxh\"", Limits{MaxIncludeDepth: 4}, "-",
			"b.fxh:1:1: error: #include nested too deeply (more than 4 levels): \"a.fxh\" includes itself through \"b.fxh\"\n" +
				"a.fxh:1:1: note: in file included from here\n" +
				"main.fx:1:1: note: in file included from here"},
		{"self", "#include \"self.fxh\"", Limits{MaxIncludeDepth: 3}, "S S S",
			"self.fxh:1:1: error: #include nested too deeply (more than 3 levels): \"self.fxh\" includes itself\n" +
				"main.fx:1:1: note: in file included from here"},
		{"main includes itself", "M\n#include \"main.fx\"", Limits{MaxIncludeDepth: 2}, "M M M",
			`main.fx:2:1: error: #include nested too deeply (more than 2 levels): "main.fx" includes itself`},
		{"main includes itself through a header", "M\n#include \"m.fxh\"", Limits{MaxIncludeDepth: 3}, "M M",
			"m.fxh:1:1: error: #include nested too deeply (more than 3 levels): \"main.fx\" includes itself through \"m.fxh\"\n" +
				"main.fx:2:1: note: in file included from here"},
		{"headers that include each other behind guards", "#include \"ga.fxh\"\nM", Limits{}, "B A M", ""},
		{"pragma once", "#include \"once.fxh\"\n#include \"once.fxh\"", Limits{}, "O", ""},
		{"guard", "#include \"guard.fxh\"\n#include \"guard.fxh\"", Limits{}, "G1", ""},
		{"error in include", "m\n#include \"err.fxh\"", Limits{}, "m e1 e2",
			"err.fxh:2:1: error: #error boom here\n" +
				"main.fx:2:1: note: in file included from here"},
		{"error two levels", "#include \"deep.fxh\"", Limits{}, "x e1 e2",
			"err.fxh:2:1: error: #error boom here\n" +
				"deep.fxh:2:1: note: in file included from here\n" +
				"main.fx:1:1: note: in file included from here"},
		{"unterminated if in include", "#include \"unterm.fxh\"\nm", Limits{}, "u m",
			"unterm.fxh:1:1: error: unterminated #if (no #endif before the end of the file)\n" +
				"main.fx:1:1: note: in file included from here"},
		{"scanner error in include", "#include \"str.fxh\"", Limits{}, "\"abc",
			"str.fxh:1:1: error: unterminated string\n" +
				"main.fx:1:1: note: in file included from here"},
		{"depth", "#include \"n0.fxh\"", Limits{MaxIncludeDepth: 5}, "N4 N3 N2 N1 N0",
			"n4.fxh:1:1: error: #include nested too deeply (more than 5 levels)\n" +
				"n3.fxh:1:1: note: in file included from here\n" +
				"n2.fxh:1:1: note: in file included from here\n" +
				"n1.fxh:1:1: note: in file included from here\n" +
				"n0.fxh:1:1: note: in file included from here\n" +
				"main.fx:1:1: note: in file included from here"},
		{"depth ok", "#include \"n0.fxh\"", Limits{MaxIncludeDepth: 11}, "END N9 N8 N7 N6 N5 N4 N3 N2 N1 N0", ""},
		{"too large", "#include \"big.fxh\"\nx", Limits{MaxInput: 30}, "x",
			`main.fx:1:1: error: file too large (40 bytes; limit 30)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, errs := Preprocess("main.fx", []byte(c.src), opts(c.lim))
			assert.Equal(t, c.err, errs.Error())
			if c.want != "-" {
				assert.Equal(t, c.want, ppText(res.Tokens))
			}
			checkEOF(t, res)
		})
	}
	t.Run("files once", func(t *testing.T) {
		res, errs := Preprocess("main.fx", []byte("#include \"once.fxh\"\n#include \"guard.fxh\"\n#include \"guard.fxh\"\n#include \"once.fxh\""), opts(Limits{}))
		require.Empty(t, errs)
		assert.Equal(t, []string{"main.fx", "once.fxh", "guard.fxh"}, res.Files)
	})
}

func TestPPLine(t *testing.T) {
	res, errs := runPP("a\n#line 10\nb\nc\n#line 20 \"other.fx\"\nd\n__LINE__ __FILE__\n#error here", nil)
	assert.Equal(t, "other.fx:22:1: error: #error here", errs.Error())
	var got []string
	for _, tok := range res.Tokens {
		got = append(got, tok.Text+"@"+tok.Pos.String())
	}
	assert.Equal(t, []string{"a@main.fx:1:1", "b@main.fx:10:1", "c@main.fx:11:1", "d@other.fx:20:1", "21@other.fx:21:1", `"other.fx"@other.fx:21:10`, "@other.fx:22:12"}, got)

	expectPP(t, "#line 5\n__LINE__", "5")
	expectPP(t, "#define L 7\n#line L\n__LINE__", "7")
	expectPP(t, "#line 9\n#if __LINE__ == 9\nok\n#endif", "ok")
	for _, c := range []struct{ src, err string }{
		{"#line", `main.fx:1:1: error: missing line number in #line`},
		{"#line x", `main.fx:1:1: error: invalid #line number "x"`},
		{"#line 0", `main.fx:1:1: error: invalid #line number "0"`},
		{"#line 1.5", `main.fx:1:1: error: invalid #line number "1.5"`},
		{"#line 3 x", `main.fx:1:1: error: invalid file name in #line: "x"`},
		{"#line 3 \"a\" \"b\"", `main.fx:1:1: error: extra tokens after the file name in #line: "b"`},
	} {
		expectPPErr(t, c.src, nil, "", c.err)
	}
}

func TestPPErrorDirective(t *testing.T) {
	expectPPErr(t, "#error rest of line\nx", nil, "x", `main.fx:1:1: error: #error rest of line`)
	expectPPErr(t, "  #  error\n", nil, "", `main.fx:1:3: error: #error`)
	expectPPErr(t, "#error \"quoted\"   (x) don't\n", nil, "", `main.fx:1:1: error: #error "quoted" (x) don't`)
	expectPP(t, "#warning this is fine\nx", "x")
	expectPPErr(t, "#foo\n#123\n#include_next <x>\nx", nil, "x",
		"main.fx:1:1: error: unknown preprocessor directive \"#foo\"\n"+
			"main.fx:2:1: error: unknown preprocessor directive \"#123\"\n"+
			"main.fx:3:1: error: unknown preprocessor directive \"#include_next\"")
}

func TestPPPragma(t *testing.T) {
	res, errs := runPP("#pragma pack_matrix(row_major)\nx\n  # pragma  pack_matrix ( column_major )\n#pragma warning(disable: 3571)\n#pragma def(vs, c0, 0, 0, 0, 0)\n#pragma\n#pragma foo bar\n#if 0\n#pragma pack_matrix(junk)\n#endif", nil)
	require.Empty(t, errs)
	require.Len(t, res.Tokens, 4)
	assert.Equal(t, Token{Kind: TokPragma, Text: "pack_matrix(row_major)", Pos: ir.Pos{File: "main.fx", Line: 1, Col: 1}, Expanded: true}, res.Tokens[0])
	assert.Equal(t, "x", res.Tokens[1].Text)
	assert.Equal(t, TokPragma, res.Tokens[2].Kind)
	assert.Equal(t, "pack_matrix(column_major)", res.Tokens[2].Text)
	assert.Equal(t, ir.Pos{File: "main.fx", Line: 3, Col: 3}, res.Tokens[2].Pos)

	for _, src := range []string{"#pragma pack_matrix(ROW_MAJOR)", "#pragma pack_matrix", "#pragma pack_matrix(row_major", "#pragma pack_matrix(row_major) x", "#pragma pack_matrix row_major"} {
		expectPPErr(t, src, nil, "", `main.fx:1:1: error: invalid #pragma pack_matrix: expected (row_major) or (column_major)`)
	}
}

func TestPPPositions(t *testing.T) {
	src := "#define BODY a b\n#define F(x) [x]\n#define G F(z) BODY\nBODY\n  F(y)\nG\nF(\n  w\n)\n#define P(a,b) a##b\n  P(q,r)\n#define S(x) #x\nS(s)"
	res, errs := runPP(src, nil)
	require.Empty(t, errs)
	var got []string
	for _, tok := range res.Tokens[:len(res.Tokens)-1] {
		got = append(got, tok.Text+"@"+fmt.Sprintf("%d:%d", tok.Pos.Line, tok.Pos.Col))
	}
	assert.Equal(t, []string{
		"a@4:1", "b@4:1", // body tokens at the invocation
		"[@5:3", "y@5:5", "]@5:3", // argument tokens keep their own position
		"[@6:1", "z@6:1", "]@6:1", "a@6:1", "b@6:1", // nested: the outermost invocation
		"[@7:1", "w@8:3", "]@7:1", // argument on a later line
		"qr@11:3",  // pasted
		`"s"@13:1`, // stringified
	}, got)

	// A macro defined in an included file and used in the main file takes the
	// main file's position and context.
	files := map[string]string{"m.fxh": "#define M(x) mm x\nM(inc)"}
	res, errs = Preprocess("main.fx", []byte("#include \"m.fxh\"\nM(main)"), &PPOptions{ReadFile: ppFS(files)})
	require.Empty(t, errs)
	require.Len(t, res.Tokens, 5)
	assert.Equal(t, "mm", res.Tokens[0].Text)
	assert.Equal(t, ir.Pos{File: "m.fxh", Line: 2, Col: 1}, res.Tokens[0].Pos)
	assert.Equal(t, int32(1), res.Tokens[0].Ctx)
	assert.Equal(t, ir.Pos{File: "main.fx", Line: 2, Col: 1}, res.Tokens[2].Pos)
	assert.Equal(t, int32(0), res.Tokens[2].Ctx)
	assert.Equal(t, ir.Pos{File: "main.fx", Line: 2, Col: 3}, res.Tokens[3].Pos)

	// __LINE__ in a macro body is the line of the invocation; in an
	// argument it is its own line.
	expectPP(t, "#define L __LINE__\n\nL", "3")
	expectPP(t, "#define F(x, y) x y __LINE__\nF(__LINE__,\n__LINE__)", "2 3 2")
}

func TestPPEncodings(t *testing.T) {
	res, errs := runPP("\xEF\xBB\xBF#define A 1\r\nA\r\n#define B 2 \\\r\n + 3\r\nB\r\n#ifdef A\r\nok\r\n#endif\r\n", nil)
	require.Empty(t, errs)
	assert.Equal(t, "1 2 + 3 ok", ppText(res.Tokens))
	assert.Equal(t, ir.Pos{File: "main.fx", Line: 2, Col: 1}, res.Tokens[0].Pos)
	assert.Equal(t, ir.Pos{File: "main.fx", Line: 7, Col: 1}, res.Tokens[4].Pos)
}

func TestPPDefines(t *testing.T) {
	opts := &PPOptions{Defines: []string{"A", "B=2", "C=", "F(x)=x+1", "D=1", "D=3", "E=a b"}}
	res, errs := runPP("A B C F(3) D E\n#ifdef C\nc\n#endif", opts)
	require.Empty(t, errs)
	assert.Equal(t, "1 2 3 + 1 3 a b c", ppText(res.Tokens))
	_, errs = runPP("x", &PPOptions{Defines: []string{"1X"}})
	assert.Equal(t, `<command-line>:1:1: error: macro name must be an identifier, not "1X"`, errs.Error())
}

func TestPPBuiltins(t *testing.T) {
	res, errs := Preprocess("dir/m.fx", []byte("__FILE__ __LINE__\n\n__LINE__\n#include \"i.fxh\""), &PPOptions{ReadFile: ppFS(map[string]string{"dir/i.fxh": "__FILE__"})})
	require.Empty(t, errs)
	assert.Equal(t, `"dir/m.fx" 1 3 "dir/i.fxh"`, ppText(res.Tokens))
	res, errs = Preprocess(`c:\x"y.fx`, []byte("__FILE__"), nil)
	require.Empty(t, errs)
	assert.Equal(t, `"c:\\x\"y.fx"`, res.Tokens[0].Text)
	expectPP(t, "#undef __LINE__\n__LINE__", "__LINE__")
	expectPP(t, "#define __FILE__ f\n__FILE__", "f")
}

// ppBomb builds the exponential macro X1 .. Xn over X0.
func ppBomb(n int, x0 string) string {
	var b strings.Builder
	if x0 != "-" {
		fmt.Fprintf(&b, "#define X0 %s\n", x0)
	}
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "#define X%d X%d X%d\n", i, i-1, i-1)
	}
	fmt.Fprintf(&b, "int X%d;\n", n)
	return b.String()
}

func TestPPLimits(t *testing.T) {
	t.Run("bomb default limits", func(t *testing.T) {
		res, errs := runPP(ppBomb(40, "-"), nil)
		assert.Equal(t, `main.fx:41:5: error: preprocessing too large: macro and include expansion would take more than 2097152 steps (the output is limited to 1048576 tokens)`, errs.Error())
		// The output stops before the invocation that exceeded the limit.
		assert.Equal(t, "int", ppText(res.Tokens))
		checkEOF(t, res)
	})
	t.Run("bomb small limit", func(t *testing.T) {
		res, errs := runPP(ppBomb(40, "-"), &PPOptions{Limits: Limits{MaxTokens: 1000}})
		assert.Equal(t, `main.fx:41:5: error: preprocessing too large: macro and include expansion would take more than 2000 steps (the output is limited to 1000 tokens)`, errs.Error())
		assert.Equal(t, "int", ppText(res.Tokens))
		checkEOF(t, res)
	})
	t.Run("empty bomb", func(t *testing.T) {
		res, errs := runPP(ppBomb(60, ""), &PPOptions{Limits: Limits{MaxTokens: 1000}})
		assert.Equal(t, `main.fx:62:5: error: preprocessing too large: macro and include expansion would take more than 2000 steps (the output is limited to 1000 tokens)`, errs.Error())
		assert.Equal(t, "int", ppText(res.Tokens))
	})
	t.Run("function bomb", func(t *testing.T) {
		src := "#define F(x) x x\n#define G(x) F(F(F(F(x))))\nG(G(G(G(G(G(G(G(G(G(1))))))))))"
		_, errs := runPP(src, &PPOptions{Limits: Limits{MaxTokens: 1000}})
		// Reported at the innermost invocation whose expansion passed the limit.
		assert.Equal(t, `main.fx:3:15: error: preprocessing too large: macro and include expansion would take more than 2000 steps (the output is limited to 1000 tokens)`, errs.Error())
	})
	t.Run("output", func(t *testing.T) {
		res, errs := runPP("a b c\nd e f", &PPOptions{Limits: Limits{MaxTokens: 4}})
		assert.Equal(t, `main.fx:2:3: error: preprocessing too large: the output would exceed 4 tokens`, errs.Error())
		assert.Equal(t, "a b c d", ppText(res.Tokens))
		checkEOF(t, res)
	})
	t.Run("stringify bomb", func(t *testing.T) {
		// Each level doubles the tokens and the length of every string.
		src := "#define S(x) #x #x\n#define X(x) S(x)\n" + strings.Repeat("X(", 40) + "a" + strings.Repeat(")", 40)
		res, errs := runPP(src, &PPOptions{Limits: Limits{MaxTokens: 1000}})
		assert.Equal(t, `main.fx:3:43: error: preprocessing too large: macro and include expansion would take more than 2000 steps (the output is limited to 1000 tokens)`, errs.Error())
		checkEOF(t, res)
	})
	t.Run("paste bomb", func(t *testing.T) {
		// One token whose text doubles at each level.
		src := "#define P(a) a##a\n#define Q(a) P(a)\n" + strings.Repeat("Q(", 60) + "a" + strings.Repeat(")", 60)
		res, errs := runPP(src, &PPOptions{Limits: Limits{MaxTokens: 1000}})
		assert.Equal(t, `main.fx:3:25: error: preprocessing too large: macro and include expansion would take more than 2000 steps (the output is limited to 1000 tokens)`, errs.Error())
		checkEOF(t, res)
	})
	t.Run("file name bomb", func(t *testing.T) {
		src := "#line 1 \"" + strings.Repeat("f", 100) + "\"\n" + strings.Repeat("__FILE__ ", 100)
		_, errs := runPP(src, &PPOptions{Limits: Limits{MaxTokens: 1000}})
		require.Len(t, errs, 1)
		assert.Equal(t, "preprocessing too large: macro and include expansion would take more than 2000 steps (the output is limited to 1000 tokens)", errs[0].Msg)
	})
	t.Run("long names in messages", func(t *testing.T) {
		long := strings.Repeat("n", 10000)
		_, errs := runPP("#"+long+"\n#error "+long, nil)
		require.Len(t, errs, 2)
		assert.Equal(t, `unknown preprocessor directive "#`+long[:63]+`..."`, errs[0].Msg)
		assert.Equal(t, "#error "+long[:1017]+"...", errs[1].Msg)
	})
	t.Run("nested arguments", func(t *testing.T) {
		src := "#define F(x) x\n" + strings.Repeat("F(", 300) + "1" + strings.Repeat(")", 300)
		_, errs := runPP(src, nil)
		assert.Equal(t, `main.fx:2:513: error: macro expansion nested too deeply (more than 256 levels)`, errs.Error())
		_, errs = runPP(src, &PPOptions{Limits: Limits{MaxExpansionDepth: 400}})
		assert.Empty(t, errs)
	})
	t.Run("macro chain", func(t *testing.T) {
		var b strings.Builder
		for i := range 20 {
			fmt.Fprintf(&b, "#define M%d M%d\n", i, i+1)
		}
		b.WriteString("M0\n")
		res, errs := runPP(b.String(), &PPOptions{Limits: Limits{MaxExpansionDepth: 10}})
		assert.Equal(t, `main.fx:21:1: error: macro expansion nested too deeply (more than 10 levels)`, errs.Error())
		checkEOF(t, res)
		res, errs = runPP(b.String(), nil)
		require.Empty(t, errs)
		assert.Equal(t, "M20", ppText(res.Tokens))
	})
	t.Run("main file too large", func(t *testing.T) {
		res, errs := runPP(strings.Repeat("x", 100), &PPOptions{Limits: Limits{MaxInput: 10}})
		assert.Equal(t, `main.fx: error: file too large (100 bytes; limit 10)`, errs.Error())
		assert.Len(t, res.Tokens, 1)
		checkEOF(t, res)
	})
	t.Run("include bomb", func(t *testing.T) {
		files := map[string]string{}
		for i := range 40 {
			files[fmt.Sprintf("b%d.fxh", i)] = fmt.Sprintf("#include \"b%d.fxh\"\n#include \"b%d.fxh\"\n", i+1, i+1)
		}
		files["b40.fxh"] = "#if 0\nnothing\n#endif"
		res, errs := runPP("#include \"b0.fxh\"", &PPOptions{ReadFile: ppFS(files), Limits: Limits{MaxTokens: 10000}})
		require.Len(t, errs, 1)
		assert.Contains(t, errs[0].Msg, "#include expansion too large (more than 10000 tokens)")
		assert.Less(t, len(res.Contexts), 1000)
	})
	t.Run("error cap", func(t *testing.T) {
		_, errs := runPP(strings.Repeat("#foo\n", 500), nil)
		assert.Len(t, errs, 100)
	})
}

// TestPPConcurrent runs Preprocess from several goroutines (for -race).
func TestPPConcurrent(t *testing.T) {
	files := map[string]string{"a.fxh": "#define A(x) x##x\nA(q)"}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			res, errs := Preprocess("main.fx", []byte("#include \"a.fxh\"\nA(r) __LINE__"), &PPOptions{ReadFile: ppFS(files)})
			assert.Empty(t, errs)
			assert.Equal(t, "qq rr 2", ppText(res.Tokens))
		})
	}
	wg.Wait()
}

func TestPPNilOptionsAndEmpty(t *testing.T) {
	res, errs := Preprocess("e.fx", nil, nil)
	assert.Empty(t, errs)
	require.Len(t, res.Tokens, 1)
	assert.Equal(t, TokEOF, res.Tokens[0].Kind)
	assert.Equal(t, []string{"e.fx"}, res.Files)
	assert.Equal(t, []IncludeCtx{{File: "e.fx", Parent: -1}}, res.Contexts)
}

// TestPPScannerGuard: Scan panics on a string or character constant whose
// last backslash is followed by a backslash-newline at the end of the file
// (see the report on scan.go); Preprocess must not.
func TestPPScannerGuard(t *testing.T) {
	for _, src := range []string{"x \"\\\\\n", "'\\\\\n", "#include \"s.fxh\"\ny"} {
		var res *PPResult
		var errs ir.ErrorList
		require.NotPanics(t, func() {
			res, errs = Preprocess("main.fx", []byte(src), &PPOptions{ReadFile: ppFS(map[string]string{"s.fxh": "\"\\\\\n"})})
		}, "%q", src)
		checkEOF(t, res)
		assert.NotEmpty(t, errs, "%q", src)
	}
}

func TestPPFileSystem(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	}
	write("Common.fxh", "#pragma once\nCOMMON")
	write("Sub/Inc.fxh", "#include \"../common.FXH\"\nINC")
	write("big.fxh", strings.Repeat("x", 100))
	main := filepath.Join(dir, "main.fx")
	res, errs := Preprocess(main, []byte("#include \"common.fxh\"\n#include \"sub/inc.fxh\"\n#include \"./Common.fxh\""), nil)
	require.Empty(t, errs)
	assert.Equal(t, "COMMON INC", ppText(res.Tokens))
	assert.Equal(t, []string{main, filepath.Join(dir, "Common.fxh"), filepath.Join(dir, "Sub", "Inc.fxh")}, res.Files)

	_, errs = Preprocess(main, []byte("#include \"big.fxh\"\n#include \"Sub\""), &PPOptions{Limits: Limits{MaxInput: 50}})
	require.Len(t, errs, 2)
	assert.Equal(t, "file too large (100 bytes; limit 50)", errs[0].Msg)
	assert.Equal(t, `cannot open include file "Sub": is a directory`, errs[1].Msg)
}

// ppCorpusFiles lists the shader sources of corpus-real (absolute paths)
// to seed fuzz targets, or nil if the corpus is missing: seeds are optional,
// unlike the corpus tests, which get the corpus from realcorpus.Root.
func ppCorpusFiles(t testing.TB) []string {
	root := filepath.Join(testenv.Root(t), "..", "shared", "corpus-real")
	if _, err := os.Stat(root); err != nil {
		return nil
	}
	var files []string
	for _, rel := range realcorpus.Files(t, root) {
		files = append(files, filepath.Join(root, rel))
	}
	return files
}

// ppCorpusMissing lists the corpus files whose preprocessing fails, each with
// the include files it cannot find (nothing else may fail). Without -I
// directories:
//   - <...> includes search the -I directories, then the including file's
//     directory: MSAAFilter's <SH.hlsl>, <PPIncludes.hlsl> (in
//     SampleFramework11/v1.01/Shaders) are elsewhere, and the NVIDIA SharedFx
//     <sas\sas.fxh> is not in the corpus at all;
//   - OGRE's HLSL_SM4Support.hlsl lives in ogre/Media/Main, which OGRE passes
//     as an include directory; OgreUnifiedShader.h is not in the corpus;
//   - MSAAFilter's SharedConstants.h is a C++ header shared with the app and
//     the DynamicShaderLinkage *_PSBuffers.h headers were not copied.
//
// Includes that differ from the file name only in letter case (MonoGame's
// "include.fxh" for Include.fxh, the SDK's "common.fxh" and "noise.fx") are
// found, as on Windows.
var ppCorpusMissing = map[string][]string{
	"directx-sdk-samples/C++/Direct3D11/DynamicShaderLinkage11/DynamicShaderLinkage11_PS.hlsl":     {"DynamicShaderLinkage11_PSBuffers.h"},
	"directx-sdk-samples/C++/Direct3D11/DynamicShaderLinkageFX11/DynamicShaderLinkageFX11_PS.hlsl": {"DynamicShaderLinkageFX11_PSBuffers.h"},
	"directx-sdk-samples/Media/SharedFx/BumpDirectionalLight.fx":                                   {"sas/sas.fxh"},
	"directx-sdk-samples/Media/SharedFx/BumpPointLight.fx":                                         {"sas/sas.fxh"},
	"directx-sdk-samples/Media/SharedFx/Fresnel.fx":                                                {"sas/sas.fxh"},
	"directx-sdk-samples/Media/SharedFx/Hemisphere.fx":                                             {"sas/sas.fxh"},
	"directx-sdk-samples/Media/SharedFx/MrWiggle.fx":                                               {"sas/sas.fxh"},
	"directx-sdk-samples/Media/SharedFx/earth.fx":                                                  {"sas/sas.fxh"},
	"directx-sdk-samples/Media/SharedFx/goochy_HLSL.fx":                                            {"sas/sas.fxh"},
	"directx-sdk-samples/Media/SharedFx/lambSkin.fx":                                               {"sas/sas.fxh"},
	"directx-sdk-samples/Media/SharedFx/parallaxBumpMap.fx":                                        {"sas/sas.fxh"},
	"directx-sdk-samples/Media/SharedFx/velvety.fx":                                                {"sas/sas.fxh"},
	"directx-sdk-samples/Media/SharedFx/zap.fx":                                                    {"sas/sas.fxh"},
	"msaafilter/MSAAFilter/BackgroundVelocity.hlsl":                                                {"SharedConstants.h"},
	"msaafilter/MSAAFilter/DepthReduction.hlsl":                                                    {"SharedConstants.h"},
	"msaafilter/MSAAFilter/LuminanceReduction.hlsl":                                                {"SharedConstants.h"},
	"msaafilter/MSAAFilter/Mesh.hlsl":                                                              {"SharedConstants.h", "SH.hlsl"},
	"msaafilter/MSAAFilter/PostProcessing.hlsl":                                                    {"SharedConstants.h", "PPIncludes.hlsl"},
	"msaafilter/MSAAFilter/Resolve.hlsl":                                                           {"SharedConstants.h", "Constants.hlsl"},
	"ogre/Samples/Media/DeferredShadingMedia/DeferredShading/post/Ambient_ps.cg":                   {"HLSL_SM4Support.hlsl"},
	"ogre/Samples/Media/DeferredShadingMedia/DeferredShading/post/ShowNormal_ps.cg":                {"HLSL_SM4Support.hlsl"},
	"ogre/Samples/Media/materials/programs/HLSL/ComputeCS.hlsl":                                    {"OgreUnifiedShader.h"},
	"ogre/Samples/Media/materials/programs/HLSL_Cg/Example_CelShading.cg":                          {"HLSL_SM4Support.hlsl"},
	"ogre/Samples/Media/materials/programs/HLSL_Cg/GlassFP.cg":                                     {"HLSL_SM4Support.hlsl"},
	"ogre/Samples/Media/materials/programs/HLSL_Cg/HW_VTFInstancing.cg":                            {"HLSL_SM4Support.hlsl"},
	"ogre/Samples/Media/materials/programs/HLSL_Cg/Instancing_ps.cg":                               {"HLSL_SM4Support.hlsl"},
	"ogre/Samples/Media/materials/programs/HLSL_Cg/NightVisionFP.cg":                               {"OgreUnifiedShader.h"},
	"ogre/Samples/Media/materials/programs/HLSL_Cg/OldMovieFP.cg":                                  {"HLSL_SM4Support.hlsl"},
	"ogre/Samples/Media/materials/programs/HLSL_Cg/OldTV.cg":                                       {"OgreUnifiedShader.h"},
	"ogre/Samples/Media/materials/programs/HLSL_Cg/VTFInstancing.cg":                               {"HLSL_SM4Support.hlsl"},
}

// ppCorpusAbsent are the included files that are not in the corpus at all:
// with the projects' include directories they are the only failures.
var ppCorpusAbsent = map[string]bool{
	"DynamicShaderLinkage11_PSBuffers.h":   true,
	"DynamicShaderLinkageFX11_PSBuffers.h": true,
	"sas/sas.fxh":                          true,
	"SharedConstants.h":                    true,
	"OgreUnifiedShader.h":                  true,
}

func TestPPCorpus(t *testing.T) {
	testenv.Heavy(t)
	root := realcorpus.Root(t)
	files := realcorpus.Files(t, root)
	// run preprocesses the corpus and returns, per file, the errors.
	run := func(t *testing.T, dirs []string) map[string][]string {
		tokens, nerrs, nfiles := 0, 0, 0
		failed := map[string][]string{}
		for _, rel := range files {
			path := filepath.Join(root, rel)
			src, err := os.ReadFile(path)
			require.NoError(t, err)
			res, errs := Preprocess(path, src, &PPOptions{IncludeDirs: dirs})
			checkEOF(t, res)
			tokens += len(res.Tokens)
			nerrs += len(errs)
			nfiles += len(res.Files)
			for _, e := range errs {
				failed[rel] = append(failed[rel], e.Msg)
			}
		}
		var names []string
		for rel := range failed {
			names = append(names, rel)
		}
		sort.Strings(names)
		for _, rel := range names {
			t.Logf("%s: %s", rel, strings.Join(failed[rel], "; "))
		}
		t.Logf("corpus: %d main files, %d files read, %d output tokens, %d errors in %d files", len(files), nfiles, tokens, nerrs, len(failed))
		return failed
	}
	// isMissing reports whether msg says that include inc was not found.
	isMissing := func(msg, inc string) bool {
		return strings.HasPrefix(msg, fmt.Sprintf("cannot open include file %q: not found", inc))
	}

	t.Run("no include dirs", func(t *testing.T) {
		failed := run(t, nil)
		for rel, msgs := range failed {
			for _, msg := range msgs {
				ok := false
				for _, inc := range ppCorpusMissing[rel] {
					ok = ok || isMissing(msg, inc)
				}
				assert.True(t, ok, "%s: unexpected error: %s", rel, msg)
			}
		}
		for rel, incs := range ppCorpusMissing {
			for _, inc := range incs {
				found := false
				for _, msg := range failed[rel] {
					found = found || isMissing(msg, inc)
				}
				assert.True(t, found, "%s: expected include %q to be missing (stale allow-list entry?)", rel, inc)
			}
		}
	})
	t.Run("project include dirs", func(t *testing.T) {
		dirs := []string{
			filepath.Join(root, "ogre", "Media", "Main"),
			filepath.Join(root, "msaafilter", "SampleFramework11", "v1.01", "Shaders"),
		}
		failed := run(t, dirs)
		for rel, msgs := range failed {
			for _, msg := range msgs {
				ok := false
				for _, inc := range ppCorpusMissing[rel] {
					ok = ok || (ppCorpusAbsent[inc] && isMissing(msg, inc))
				}
				assert.True(t, ok, "%s: unexpected error: %s", rel, msg)
			}
		}
	})
}

func BenchmarkPPCorpus(b *testing.B) {
	root := realcorpus.Root(b)
	files := realcorpus.Files(b, root)
	srcs := make([][]byte, len(files))
	size := 0
	for i, f := range files {
		src, err := os.ReadFile(filepath.Join(root, f))
		require.NoError(b, err)
		srcs[i] = src
		size += len(src)
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k, f := range files {
			Preprocess(f, srcs[k], nil)
		}
	}
}

// TestPPOffsets checks that every output token knows where it is spelled
// (the byte offset in its own file, untouched by #line and splices) and
// whether the preprocessor made it, which is what a source rewrite relies on.
func TestPPOffsets(t *testing.T) {
	inc := "float inc;\n"
	src := "int a;\n#line 40 \"other.fx\"\nint b\\\n;\n#define T float4\n#define ID(x) x\nT c; ID(main)\n#include \"inc.fxh\"\n"
	res, errs := runPP(src, &PPOptions{ReadFile: func(p string) ([]byte, error) { return []byte(inc), nil }})
	require.Empty(t, errs.Error())
	type tok struct {
		text     string
		ctx      int32
		spelled  bool
		expanded bool
	}
	var got []tok
	for _, tk := range res.Tokens[:len(res.Tokens)-1] {
		file := []byte(src)
		if tk.Ctx != 0 {
			file = []byte(inc)
		}
		got = append(got, tok{tk.Text, tk.Ctx, tk.Spelled(file), tk.Expanded})
	}
	assert.Equal(t, []tok{
		{"int", 0, true, false}, {"a", 0, true, false}, {";", 0, true, false},
		{"int", 0, true, false}, {"b", 0, true, false}, {";", 0, true, false}, // after #line and a splice
		{"float4", 0, false, true}, {"c", 0, true, false}, {";", 0, true, false},
		{"main", 0, true, false}, // a macro argument stays where it is spelled
		{"float", 1, true, false}, {"inc", 1, true, false}, {";", 1, true, false},
	}, got)
	assert.Equal(t, 40, res.Tokens[3].Pos.Line, "#line renumbers positions, not offsets")
	assert.Equal(t, int32(strings.Index(src, "main")), res.Tokens[9].Off)
}
