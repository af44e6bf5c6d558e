package pp

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

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

// ppFS serves files from a map, as Options.ReadFile.
func ppFS(files map[string]string) func(string) ([]byte, error) {
	return func(path string) ([]byte, error) {
		if s, ok := files[filepath.ToSlash(path)]; ok {
			return []byte(s), nil
		}
		return nil, fmt.Errorf("open %s: %w", path, fs.ErrNotExist)
	}
}

func runPP(src string, opts *Options) (*Result, ir.ErrorList) {
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
func expectPPErr(t *testing.T, src string, opts *Options, want, wantErr string) {
	t.Helper()
	res, errs := runPP(src, opts)
	assert.Equal(t, wantErr, errs.Error(), "source:\n%s", src)
	if want != "-" {
		assert.Equal(t, ppNorm(t, want), ppText(res.Tokens), "source:\n%s", src)
	}
	checkEOF(t, res)
}

func checkEOF(t *testing.T, res *Result) {
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
	opts := &Options{ReadFile: ppFS(files), IncludeDirs: []string{"include"}}
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
			`src/main.fx:2:3: error: cannot open include file "nope.fxh": not found (searched: include)`},
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
		_, errs := Preprocess("main.fx", []byte("#include <x.fxh>"), &Options{ReadFile: ppFS(nil)})
		assert.Equal(t, `main.fx:1:1: error: cannot open include file "x.fxh": not found (no include directories, the only folders an #include <...> searches)`, errs.Error())
	})
	t.Run("angle does not search the including file's folder", func(t *testing.T) {
		res, errs := Preprocess("src/main.fx", []byte("#include <c.fxh>"), &Options{ReadFile: ppFS(map[string]string{"src/c.fxh": "local"}), IncludeDirs: []string{"include"}})
		assert.Equal(t, `src/main.fx:1:1: error: cannot open include file "c.fxh": not found (searched: include); it is beside the including file, where only #include "c.fxh" looks`, errs.Error())
		assert.Empty(t, ppText(res.Tokens))
		assert.Equal(t, []string{"src/main.fx"}, res.Files, "looking is not reading")
	})
	t.Run("missing includes allowed", func(t *testing.T) {
		res, errs := Preprocess("main.fx", []byte("a\n#include \"x.fxh\"\nb"), &Options{ReadFile: ppFS(nil), AllowMissingIncludes: true})
		require.Empty(t, errs)
		assert.Equal(t, "a b", ppText(res.Tokens))
		assert.Equal(t, `main.fx:2:1: warning: include file "x.fxh" not found (searched: .); skipped`, res.Warnings.Error())
	})
	t.Run("read error", func(t *testing.T) {
		read := func(string) ([]byte, error) { return nil, fmt.Errorf("permission denied") }
		_, errs := Preprocess("main.fx", []byte("#include \"x.fxh\""), &Options{ReadFile: read})
		assert.Equal(t, `main.fx:1:1: error: cannot open include file "x.fxh": permission denied`, errs.Error())
	})
}
