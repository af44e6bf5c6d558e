package pp

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/shpack/shpack/internal/realcorpus"
)

// ppFuzzSeeds are inputs from the unit tests and a few hostile shapes.
var ppFuzzSeeds = []string{
	"#define A 1\nA",
	"#define A B B\n#define B A A\nA",
	"#define foo foo\nfoo",
	"#define F(x, y) y x\nF(a, b) F((1,2), [3]) F\n(4, 5)",
	"#define f(x) x f\nf(1)(2)",
	"#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)",
	"#define S(x) #x\nS(  a \"b\\n\" 'c' )",
	"#define P(a,b) a##b\nP(x,y) P(+,=) P(/,/) P(,) P(1,)",
	"#define t(x,y,z) x ## y ## z\nt(1,2,3) t(,4,5) t(6,,7) t(,,)",
	"#define V(a, ...) a: __VA_ARGS__ #__VA_ARGS__\nV(1) V(1,2,3)",
	"#define x 3\n#define f(a) f(x * (a))\n#undef x\n#define x 2\n#define g f\n#define z z[0]\n#define h g(~\n#define m(a) a(w)\n#define w 0,1\n#define t(a) a\nf(y+1) + f(f(z)) % t(t(g)(0) + t)(1);\ng(x+(3,4)-w) | h 5) & m\n(f)^m(m);",
	"#if defined(A) || 1 + 2 * 3 == 7 && !0 ? 1 : 1/0\nyes\n#elif 2\n#else\n#endif",
	"#if 0\n#foo\n' \" @\n#if 1\n#else\n#else\n#endif\n#elif 1\nok\n#endif",
	"#ifdef X\n#ifndef Y\n#endif",
	"#if (1\n#endif\n#if 1.0\n#endif\n#if 1 ?\n#endif\n#if defined(\n#endif\n#if 1 % 0\n#endif",
	"#else\n#endif\n#elif\n#if\n",
	"#include \"inc/b.fxh\"\n#include <b.fxh>\n#include \"inc.fxh\"\n#include \"nope.fxh\"\n#include\n#include <x",
	"#define H \"inc/b.fxh\"\n#include H\n#define I <b.fxh>\n#include I",
	"#line 10\n__LINE__ __FILE__\n#line 20 \"other.fx\"\n#error here\n#line 0\n#line x\n#line 1 y",
	"#pragma pack_matrix(row_major)\n#pragma pack_matrix ( column_major )\n#pragma pack_matrix(x)\n#pragma once\n#pragma warning(disable: 1)",
	"#error rest of line\n#warning w\n#foo\n#\n# 12\n## x # y",
	"\xEF\xBB\xBF#define A 1\r\nA\r\n#define B 2 \\\r\n + 3\r\nB",
	"#define X1 X0 X0\n#define X2 X1 X1\n#define X3 X2 X2\n#define X4 X3 X3\n#define X5 X4 X4\n#define X6 X5 X5\n#define X7 X6 X6\n#define X8 X7 X7\n#define X9 X8 X8\n#define X10 X9 X9\n#define X11 X10 X10\n#define X12 X11 X11\n#define X13 X12 X12\n#define X14 X13 X13\n#define X15 X14 X14\n#define X16 X15 X15\n#define X17 X16 X16\nX17",
	"#define F(x) x\nF(F(F(F(F(F(F(F(F(F(F(F(1))))))))))))",
	"#define F(x) x\nF(1, (2)",
	"#define F(x,x) x\n#define G(1) x\n#define H(x) #y\n#define I(x) ## x\n#define\n#define defined\n#undef",
	"\"unterminated\n'c\n/* open",
	"#define EMPTY\n#define LPAREN (\n#define F(x) [x]\nF EMPTY (1) F LPAREN 2)",
	"#define S(x) #x #x\n#define X(x) S(x)\nX(X(X(X(X(X(X(X(X(X(a))))))))))",
	"#define P(a) a##a\n#define Q(a) P(a)\nQ(Q(Q(Q(Q(Q(Q(Q(Q(Q(a))))))))))",
	"#line 1 \"ffffffffffffffffffffffffffffffff\"\n__FILE__ __FILE__ __FILE__ __FILE__",
	"#define F(a,b,c,d,e,f,g,h,i,j) j i h g f e d c b a\nF(1,2,3,4,5,6,7,8,9,10)",
	"#include \"inc\\b.fxh\"\n#include \"INC/../inc/b.fxh\"\n#include \"./inc/./b.fxh\"\n#include <sas\\a.h>\n#include \"C:\\x.fxh\"\n#include \"/x.fxh\"",
	"\xFF\xFE#\x00d\x00e\x00f\x00",
	"\xFE\xFF\x00#\x00d",
}

// FuzzPreprocess checks that Preprocess never panics, ends its output with
// exactly one EOF, positions every error in a file it read (or at file
// level), lists each file it read once, names the path each inclusion
// opened among them, and is deterministic.
func FuzzPreprocess(f *testing.F) {
	for _, s := range ppFuzzSeeds {
		f.Add([]byte(s))
	}
	if files := realcorpus.Seeds(f); files != nil {
		for i := 0; i < len(files); i += 20 {
			if src, err := os.ReadFile(files[i]); err == nil {
				f.Add(src)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		files := map[string]string{
			"inc.fxh":      string(src), // the input can include itself
			"inc/b.fxh":    "#pragma once\n#define B(x) x##x\nB(q) __FILE__ __LINE__\n#include \"../inc.fxh\"",
			"dirs/b.fxh":   "#if B\n#error b\n#endif",
			"dirs/sas/a.h": "a",
		}
		opts := &Options{
			ReadFile:    ppFS(files),
			IncludeDirs: []string{"dirs"},
			Defines:     []string{"D=1", "E"},
			Limits:      Limits{MaxTokens: 1 << 16, MaxIncludeDepth: 16, MaxExpansionDepth: 64},
		}
		res, errs := Preprocess("main.fx", src, opts)
		if len(res.Tokens) == 0 || res.Tokens[len(res.Tokens)-1].Kind != TokEOF {
			t.Fatalf("output does not end with EOF")
		}
		if len(res.Tokens) > opts.Limits.MaxTokens+1 {
			t.Fatalf("%d output tokens, limit %d", len(res.Tokens), opts.Limits.MaxTokens)
		}
		for i, tok := range res.Tokens {
			if tok.Kind == TokEOF && i != len(res.Tokens)-1 {
				t.Fatalf("EOF at %d of %d", i, len(res.Tokens))
			}
			if tok.Ctx < 0 || int(tok.Ctx) >= len(res.Contexts) {
				t.Fatalf("token %q has context %d of %d", tok.Text, tok.Ctx, len(res.Contexts))
			}
		}
		read := map[string]bool{} // the files read, by the names they are opened and displayed by
		for _, f := range res.Files {
			if read[f] {
				t.Fatalf("%q read twice: %q", f, res.Files)
			}
			read[f] = true
		}
		for _, c := range res.Contexts {
			if !read[c.Path] {
				t.Fatalf("context %+v opened a file not among those read %q", c, res.Files)
			}
		}
		for _, c := range res.Contexts {
			read[c.File] = true
		}
		if len(res.Files) == 0 || res.Files[0] != "main.fx" {
			t.Fatalf("files %q", res.Files)
		}
		renamed := bytes.Contains(src, []byte("line")) // #line "file" may rename files
		if len(errs) > 101 {
			t.Fatalf("%d errors", len(errs))
		}
		for _, e := range errs {
			switch {
			case e.Pos.Line >= 1 && (read[e.Pos.File] || renamed || e.Pos.File == "<command-line>"):
			case e.Pos.Line == 0 && e.Pos.File != "" && read[e.Pos.File]:
			default:
				t.Fatalf("error outside the files read %q: %v", res.Files, e)
			}
			if e.Msg == "" || (strings.HasSuffix(e.Msg, ".") && !strings.HasSuffix(e.Msg, "...") && !strings.HasPrefix(e.Msg, "#error")) {
				t.Fatalf("bad message %q", e.Msg)
			}
		}
		for i := range res.Contexts {
			if c := res.Contexts[i]; i > 0 && (c.Parent < 0 || int(c.Parent) >= i) {
				t.Fatalf("context %d has parent %d", i, c.Parent)
			}
		}
		res2, errs2 := Preprocess("main.fx", src, opts)
		if errs.Error() != errs2.Error() || ppText(res.Tokens) != ppText(res2.Tokens) {
			t.Fatalf("not deterministic")
		}
	})
}
