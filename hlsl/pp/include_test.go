package pp

import (
	"fmt"
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

// Includes, #line, #error, #pragma and positions.

func TestPPIncludeContexts(t *testing.T) {
	files := map[string]string{
		"a.fxh": "a1\n#include \"b.fxh\"\na2",
		"b.fxh": "b1",
	}
	res, errs := Preprocess("main.fx", []byte("m1\n#include \"a.fxh\"\nm2\n#include \"b.fxh\"\n"), &Options{ReadFile: ppFS(files)})
	require.Empty(t, errs)
	assert.Equal(t, "m1 a1 b1 a2 m2 b1", ppText(res.Tokens))
	assert.Equal(t, []string{"main.fx", "a.fxh", "b.fxh"}, res.Files)
	assert.Equal(t, []IncludeCtx{
		{File: "main.fx", Path: "main.fx", Parent: -1},
		{File: "a.fxh", Path: "a.fxh", From: ir.Pos{File: "main.fx", Line: 2, Col: 1}, FromOff: 3, Parent: 0},
		{File: "b.fxh", Path: "b.fxh", From: ir.Pos{File: "a.fxh", Line: 2, Col: 1}, FromOff: 3, Parent: 1},
		{File: "b.fxh", Path: "b.fxh", From: ir.Pos{File: "main.fx", Line: 4, Col: 1}, FromOff: 23, Parent: 0},
	}, res.Contexts)
	var ctxs []int32
	var poss []string
	for _, tok := range res.Tokens {
		ctxs = append(ctxs, tok.Ctx)
		poss = append(poss, res.Pos(&tok).String())
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
	opts := func(l Limits) *Options { return &Options{ReadFile: ppFS(files), Limits: l} }
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
		got = append(got, tok.Text+"@"+res.Pos(&tok).String())
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
	assert.Equal(t, Token{Kind: TokPragma, Text: "pack_matrix(row_major)", line: 1, col: 1, Expanded: true}, res.Tokens[0])
	assert.Equal(t, ir.Pos{File: "main.fx", Line: 1, Col: 1}, res.Pos(&res.Tokens[0]))
	assert.Equal(t, "x", res.Tokens[1].Text)
	assert.Equal(t, TokPragma, res.Tokens[2].Kind)
	assert.Equal(t, "pack_matrix(column_major)", res.Tokens[2].Text)
	assert.Equal(t, ir.Pos{File: "main.fx", Line: 3, Col: 3}, res.Pos(&res.Tokens[2]))

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
		got = append(got, tok.Text+"@"+fmt.Sprintf("%d:%d", tok.Line(), tok.Col()))
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
	res, errs = Preprocess("main.fx", []byte("#include \"m.fxh\"\nM(main)"), &Options{ReadFile: ppFS(files)})
	require.Empty(t, errs)
	require.Len(t, res.Tokens, 5)
	assert.Equal(t, "mm", res.Tokens[0].Text)
	assert.Equal(t, ir.Pos{File: "m.fxh", Line: 2, Col: 1}, res.Pos(&res.Tokens[0]))
	assert.Equal(t, int32(1), res.Tokens[0].Ctx)
	assert.Equal(t, ir.Pos{File: "main.fx", Line: 2, Col: 1}, res.Pos(&res.Tokens[2]))
	assert.Equal(t, int32(0), res.Tokens[2].Ctx)
	assert.Equal(t, ir.Pos{File: "main.fx", Line: 2, Col: 3}, res.Pos(&res.Tokens[3]))

	// __LINE__ in a macro body is the line of the invocation; in an
	// argument it is its own line.
	expectPP(t, "#define L __LINE__\n\nL", "3")
	expectPP(t, "#define F(x, y) x y __LINE__\nF(__LINE__,\n__LINE__)", "2 3 2")
}

func TestPPEncodings(t *testing.T) {
	res, errs := runPP("\xEF\xBB\xBF#define A 1\r\nA\r\n#define B 2 \\\r\n + 3\r\nB\r\n#ifdef A\r\nok\r\n#endif\r\n", nil)
	require.Empty(t, errs)
	assert.Equal(t, "1 2 + 3 ok", ppText(res.Tokens))
	assert.Equal(t, ir.Pos{File: "main.fx", Line: 2, Col: 1}, res.Pos(&res.Tokens[0]))
	assert.Equal(t, ir.Pos{File: "main.fx", Line: 7, Col: 1}, res.Pos(&res.Tokens[4]))
}

func TestPPDefines(t *testing.T) {
	opts := &Options{Defines: []string{"A", "B=2", "C=", "F(x)=x+1", "D=1", "D=3", "E=a b"}}
	res, errs := runPP("A B C F(3) D E\n#ifdef C\nc\n#endif", opts)
	require.Empty(t, errs)
	assert.Equal(t, "1 2 3 + 1 3 a b c", ppText(res.Tokens))
	_, errs = runPP("x", &Options{Defines: []string{"1X"}})
	assert.Equal(t, `<command-line>:1:1: error: macro name must be an identifier, not "1X"`, errs.Error())
}

func TestPPBuiltins(t *testing.T) {
	res, errs := Preprocess("dir/m.fx", []byte("__FILE__ __LINE__\n\n__LINE__\n#include \"i.fxh\""), &Options{ReadFile: ppFS(map[string]string{"dir/i.fxh": "__FILE__"})})
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
		res, errs := runPP(ppBomb(40, "-"), &Options{Limits: Limits{MaxTokens: 1000}})
		assert.Equal(t, `main.fx:41:5: error: preprocessing too large: macro and include expansion would take more than 2000 steps (the output is limited to 1000 tokens)`, errs.Error())
		assert.Equal(t, "int", ppText(res.Tokens))
		checkEOF(t, res)
	})
	t.Run("empty bomb", func(t *testing.T) {
		res, errs := runPP(ppBomb(60, ""), &Options{Limits: Limits{MaxTokens: 1000}})
		assert.Equal(t, `main.fx:62:5: error: preprocessing too large: macro and include expansion would take more than 2000 steps (the output is limited to 1000 tokens)`, errs.Error())
		assert.Equal(t, "int", ppText(res.Tokens))
	})
	t.Run("function bomb", func(t *testing.T) {
		src := "#define F(x) x x\n#define G(x) F(F(F(F(x))))\nG(G(G(G(G(G(G(G(G(G(1))))))))))"
		_, errs := runPP(src, &Options{Limits: Limits{MaxTokens: 1000}})
		// Reported at the innermost invocation whose expansion passed the limit.
		assert.Equal(t, `main.fx:3:15: error: preprocessing too large: macro and include expansion would take more than 2000 steps (the output is limited to 1000 tokens)`, errs.Error())
	})
	t.Run("output", func(t *testing.T) {
		res, errs := runPP("a b c\nd e f", &Options{Limits: Limits{MaxTokens: 4}})
		assert.Equal(t, `main.fx:2:3: error: preprocessing too large: the output would exceed 4 tokens`, errs.Error())
		assert.Equal(t, "a b c d", ppText(res.Tokens))
		checkEOF(t, res)
	})
	t.Run("stringify bomb", func(t *testing.T) {
		// Each level doubles the tokens and the length of every string.
		src := "#define S(x) #x #x\n#define X(x) S(x)\n" + strings.Repeat("X(", 40) + "a" + strings.Repeat(")", 40)
		res, errs := runPP(src, &Options{Limits: Limits{MaxTokens: 1000}})
		assert.Equal(t, `main.fx:3:43: error: preprocessing too large: macro and include expansion would take more than 2000 steps (the output is limited to 1000 tokens)`, errs.Error())
		checkEOF(t, res)
	})
	t.Run("paste bomb", func(t *testing.T) {
		// One token whose text doubles at each level.
		src := "#define P(a) a##a\n#define Q(a) P(a)\n" + strings.Repeat("Q(", 60) + "a" + strings.Repeat(")", 60)
		res, errs := runPP(src, &Options{Limits: Limits{MaxTokens: 1000}})
		assert.Equal(t, `main.fx:3:25: error: preprocessing too large: macro and include expansion would take more than 2000 steps (the output is limited to 1000 tokens)`, errs.Error())
		checkEOF(t, res)
	})
	t.Run("file name bomb", func(t *testing.T) {
		src := "#line 1 \"" + strings.Repeat("f", 100) + "\"\n" + strings.Repeat("__FILE__ ", 100)
		_, errs := runPP(src, &Options{Limits: Limits{MaxTokens: 1000}})
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
		_, errs = runPP(src, &Options{Limits: Limits{MaxExpansionDepth: 400}})
		assert.Empty(t, errs)
	})
	t.Run("macro chain", func(t *testing.T) {
		var b strings.Builder
		for i := range 20 {
			fmt.Fprintf(&b, "#define M%d M%d\n", i, i+1)
		}
		b.WriteString("M0\n")
		res, errs := runPP(b.String(), &Options{Limits: Limits{MaxExpansionDepth: 10}})
		assert.Equal(t, `main.fx:21:1: error: macro expansion nested too deeply (more than 10 levels)`, errs.Error())
		checkEOF(t, res)
		res, errs = runPP(b.String(), nil)
		require.Empty(t, errs)
		assert.Equal(t, "M20", ppText(res.Tokens))
	})
	t.Run("main file too large", func(t *testing.T) {
		res, errs := runPP(strings.Repeat("x", 100), &Options{Limits: Limits{MaxInput: 10}})
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
		res, errs := runPP("#include \"b0.fxh\"", &Options{ReadFile: ppFS(files), Limits: Limits{MaxTokens: 10000}})
		require.Len(t, errs, 1)
		assert.Contains(t, errs[0].Msg, "#include expansion too large (more than 10000 tokens)")
		assert.Less(t, len(res.Contexts), 1000)
	})
	t.Run("comments cost no work", func(t *testing.T) {
		// A guarded header that is mostly a licence comment, included 40
		// times: what an inclusion costs is its tokens, not its bytes.
		files := map[string]string{"big.fxh": "#ifndef BIG\n#define BIG\n/*" + strings.Repeat("licence text ", 20000) + "*/\nfloat b;\n#endif\n"}
		res, errs := runPP(strings.Repeat("#include \"big.fxh\"\n", 40), &Options{ReadFile: ppFS(files), Limits: Limits{MaxTokens: 10000}})
		require.Empty(t, errs)
		assert.Equal(t, "float b ;", ppText(res.Tokens))
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
			res, errs := Preprocess("main.fx", []byte("#include \"a.fxh\"\nA(r) __LINE__"), &Options{ReadFile: ppFS(files)})
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
	assert.Equal(t, []IncludeCtx{{File: "e.fx", Path: "e.fx", Parent: -1}}, res.Contexts)
}

// TestPPScannerGuard: Scan panics on a string or character constant whose
// last backslash is followed by a backslash-newline at the end of the file
// (see the report on scan.go); Preprocess must not.
func TestPPScannerGuard(t *testing.T) {
	for _, src := range []string{"x \"\\\\\n", "'\\\\\n", "#include \"s.fxh\"\ny"} {
		var res *Result
		var errs ir.ErrorList
		require.NotPanics(t, func() {
			res, errs = Preprocess("main.fx", []byte(src), &Options{ReadFile: ppFS(map[string]string{"s.fxh": "\"\\\\\n"})})
		}, "%q", src)
		checkEOF(t, res)
		assert.NotEmpty(t, errs, "%q", src)
	}
}

// TestPPFileSystem: a file is one file however its includes spell it
// (letter case, '\\' or '/', "..", a symbolic link): #pragma once and
// include guards hold through every spelling, and Result.Files lists it
// once, by the path that first opened it; each inclusion is displayed as
// written and knows the path it was opened by.
func TestPPFileSystem(t *testing.T) {
	dir := testenv.TempDir(t)
	write := func(name, text string) {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	}
	write("Common.fxh", "#pragma once\nCOMMON")
	write("Guard.fxh", "#ifndef GUARD\n#define GUARD\nGUARDED __FILE__\n#endif")
	write("Sub/Inc.fxh", "#include \"../common.FXH\"\n#include \"..\\GUARD.fxh\"\nINC __FILE__")
	write("big.fxh", strings.Repeat("x", 100))
	main := filepath.Join(dir, "main.fx")
	at := func(name string) string { return displayDir(main) + name } // as displayed
	src := "#include \"common.fxh\"\n#include \"sub/inc.fxh\"\n#include \"./Common.fxh\"\n#include \"Sub\\..\\Common.fxh\"\n#include \"guard.fxh\"\n#include \"Guard.fxh\"\nM"
	res, errs := Preprocess(main, []byte(src), nil)
	require.Empty(t, errs)
	want := "COMMON GUARDED " + ppQuote(at("GUARD.fxh")) + " INC " + ppQuote(at("sub/inc.fxh")) + " M"
	assert.Equal(t, want, ppText(res.Tokens))
	// Opened as written where the file system finds it so (Windows), by
	// the disk's letter case where it does not.
	opened := func(written, disk string) string {
		if foldCase {
			return filepath.Join(dir, disk)
		}
		return filepath.Join(dir, written)
	}
	assert.Equal(t, []string{main, opened("common.fxh", "Common.fxh"), opened("sub/inc.fxh", "Sub/Inc.fxh"), opened("GUARD.fxh", "Guard.fxh")}, res.Files)
	var files, paths []string
	for _, c := range res.Contexts[1:] {
		files = append(files, c.File)
		paths = append(paths, c.Path)
	}
	// Files that #pragma once skips are not entered; guarded ones are.
	assert.Equal(t, []string{at("common.fxh"), at("sub/inc.fxh"), at("GUARD.fxh"), at("guard.fxh"), at("Guard.fxh")}, files)
	assert.Equal(t, []string{
		opened("common.fxh", "Common.fxh"), opened("sub/inc.fxh", "Sub/Inc.fxh"), opened("GUARD.fxh", "Guard.fxh"), opened("guard.fxh", "Guard.fxh"), opened("Guard.fxh", "Guard.fxh"),
	}, paths)

	t.Run("symbolic link", func(t *testing.T) {
		link := filepath.Join(dir, "link.fxh")
		if err := os.Symlink(filepath.Join(dir, "Common.fxh"), link); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
		if _, err := os.ReadFile(link); err != nil {
			t.Skipf("no symbolic links here (Wine makes one it cannot open): %v", err)
		}
		res, errs := Preprocess(main, []byte("#include \"link.fxh\"\n#include \"Common.fxh\"\n#include \"guard.fxh\""), nil)
		require.Empty(t, errs)
		assert.Equal(t, "COMMON GUARDED "+ppQuote(at("guard.fxh")), ppText(res.Tokens))
		assert.Equal(t, []string{main, filepath.Join(dir, "link.fxh"), opened("guard.fxh", "Guard.fxh")}, res.Files)
	})
	t.Run("the main file", func(t *testing.T) {
		write("main.fx", "#pragma once\n#include \"MAIN.FX\"\nM")
		res, errs := Preprocess(main, []byte("#pragma once\n#include \"MAIN.FX\"\nM"), nil)
		require.Empty(t, errs)
		assert.Equal(t, "M", ppText(res.Tokens))
		assert.Equal(t, []string{main}, res.Files)
	})
	t.Run("a cache shared by runs", func(t *testing.T) {
		cache := NewScanCache()
		for range 2 {
			res, errs := Preprocess(main, []byte(src), &Options{Cache: cache})
			require.Empty(t, errs)
			assert.Equal(t, want, ppText(res.Tokens))
			assert.Len(t, res.Files, 4)
		}
		assert.Len(t, cache.ids, 3, "each header once, the main file not at all")
	})
	t.Run("errors", func(t *testing.T) {
		_, errs := Preprocess(main, []byte("#include \"big.fxh\"\n#include \"Sub\""), &Options{Limits: Limits{MaxInput: 50}})
		require.Len(t, errs, 2)
		assert.Equal(t, "file too large (100 bytes; limit 50)", errs[0].Msg)
		assert.Equal(t, `cannot open include file "Sub": is a directory`, errs[1].Msg)
	})
}

// TestPPAbsoluteInclude: an absolute name is opened as it is, with either
// separator; a drive letter names a folder on Windows only.
func TestPPAbsoluteInclude(t *testing.T) {
	dir := testenv.TempDir(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Abs.fxh"), []byte("ABS"), 0o644))
	for _, name := range []string{filepath.Join(dir, "Abs.fxh"), filepath.ToSlash(filepath.Join(dir, "sub", "..", "abs.fxh"))} {
		res, errs := Preprocess("main.fx", []byte("#include \""+name+"\""), nil)
		require.Empty(t, errs, name)
		assert.Equal(t, "ABS", ppText(res.Tokens))
		assert.Equal(t, cleanDisplay(name), res.Contexts[1].File)
		assert.Len(t, res.Files, 2)
	}
	res, errs := Preprocess("main.fx", []byte("#include \"Q:\\no\\such\\x.fxh\""), &Options{ReadFile: ppFS(nil)})
	if windows {
		assert.Equal(t, `main.fx:1:1: error: cannot open include file "Q:\no\such\x.fxh": not found`, errs.Error())
	} else {
		assert.Equal(t, `main.fx:1:1: error: cannot open include file "Q:\no\such\x.fxh": not found (a Windows path: its drive letter names no folder on this system)`, errs.Error())
	}
	checkEOF(t, res)
	if !windows {
		// Elsewhere a colon is a file name's letter like another.
		require.NoError(t, os.WriteFile(filepath.Join(dir, "g:h.fxh"), []byte("GH"), 0o644))
		main := filepath.Join(dir, "main.fx")
		res, errs := Preprocess(main, []byte("#include \"g:h.fxh\""), nil)
		require.Empty(t, errs)
		assert.Equal(t, "GH", ppText(res.Tokens))
		assert.Equal(t, IncludeCtx{File: main[:len(main)-len("main.fx")] + "g:h.fxh", Path: filepath.Join(dir, "g:h.fxh"), From: ir.Pos{File: main, Line: 1, Col: 1}}, res.Contexts[1])
	}
}

// TestPPIncludeSearch: "file" is looked for beside the including file,
// then beside each file that included it, innermost first, then in the
// include directories; <file> in the include directories only. Each
// folder is searched once, and the error lists them in order.
func TestPPIncludeSearch(t *testing.T) {
	files := map[string]string{
		"src/a/mid.fxh":       "#include \"b/inner.fxh\"",
		"src/a/b/inner.fxh":   "#include INC",
		"src/a/level.fxh":     "A_LEVEL __FILE__",
		"src/level.fxh":       "SRC_LEVEL",
		"src/common.fxh":      "SRC_COMMON __FILE__",
		"include/level.fxh":   "INCLUDE_LEVEL",
		"include/only.fxh":    "ONLY __FILE__",
		"include/common.fxh":  "INCLUDE_COMMON",
		"src/a/b/beside.fxh":  "BESIDE",
		"src/a/b/main.fx":     "unused",
		"include/sub/x.fxh":   "X __FILE__",
		"src/a/b/../same.fxh": "unused",
	}
	cases := []struct{ name, inc, want, err string }{
		{"innermost includer that has it", `"level.fxh"`, `A_LEVEL "src/a/level.fxh"`, ""},
		{"the main file's folder", `"common.fxh"`, `SRC_COMMON "src/common.fxh"`, ""},
		{"then the include directories", `"only.fxh"`, "ONLY " + ppQuote("include"+string(filepath.Separator)+"only.fxh"), ""},
		{"the include directory's separator", `"sub\x.fxh"`, `X "include\\sub\\x.fxh"`, ""},
		{"angle: include directories only", "<common.fxh>", "INCLUDE_COMMON", ""},
		{"angle: not beside the includers", "<beside.fxh>", "",
			`src/a/b/inner.fxh:1:1: error: cannot open include file "beside.fxh": not found (searched: include); it is beside the including file, where only #include "beside.fxh" looks`},
		{"not found", `"nope.fxh"`, "",
			`src/a/b/inner.fxh:1:1: error: cannot open include file "nope.fxh": not found (searched: src/a/b, src/a, src, include)`},
		{"angle not found", "<nope.fxh>", "",
			`src/a/b/inner.fxh:1:1: error: cannot open include file "nope.fxh": not found (searched: include)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, errs := Preprocess("src/main.fx", []byte("#define INC "+c.inc+"\n#include \"a/mid.fxh\""), &Options{ReadFile: ppFS(files), IncludeDirs: []string{"include"}})
			want := c.err
			if want != "" {
				want += "\nsrc/a/mid.fxh:1:1: note: in file included from here\nsrc/main.fx:2:1: note: in file included from here"
			}
			assert.Equal(t, want, errs.Error())
			assert.Equal(t, c.want, ppText(res.Tokens))
			checkEOF(t, res)
		})
	}
	t.Run("a folder once", func(t *testing.T) {
		files := map[string]string{"a.fxh": "#include \"b.fxh\"", "b.fxh": "#include \"nope.fxh\""}
		_, errs := Preprocess("main.fx", []byte("#include \"a.fxh\""), &Options{ReadFile: ppFS(files), IncludeDirs: []string{"inc", ".", "inc/"}})
		require.Len(t, errs, 1)
		assert.Equal(t, `cannot open include file "nope.fxh": not found (searched: ., inc)`, errs[0].Msg)
	})
	t.Run("warning", func(t *testing.T) {
		res, errs := Preprocess("src/main.fx", []byte("#define INC \"nope.fxh\"\n#include \"a/mid.fxh\"\nM"), &Options{ReadFile: ppFS(files), AllowMissingIncludes: true})
		require.Empty(t, errs)
		assert.Equal(t, "M", ppText(res.Tokens))
		assert.Equal(t, "src/a/b/inner.fxh:1:1: warning: include file \"nope.fxh\" not found (searched: src/a/b, src/a, src); skipped\n"+
			"src/a/mid.fxh:1:1: note: in file included from here\nsrc/main.fx:2:1: note: in file included from here", res.Warnings.Error())
	})
}

// TestPPDisplayNames: __FILE__, the positions and IncludeCtx.File spell an
// included file as the user did; IncludeCtx.Path as this system opens it.
func TestPPDisplayNames(t *testing.T) {
	files := map[string]string{
		"Common/Lighting.fxh": "__FILE__\n#include \"sub/x.fxh\"",
		"Common/sub/x.fxh":    "__FILE__ __LINE__\n#error here",
	}
	res, errs := Preprocess("Shaders/m.fx", []byte("#include \"..\\Common\\Lighting.fxh\""), &Options{ReadFile: ppFS(files)})
	assert.Equal(t, "Common\\sub/x.fxh:2:1: error: #error here\n"+
		"Common\\Lighting.fxh:2:1: note: in file included from here\n"+
		"Shaders/m.fx:1:1: note: in file included from here", errs.Error())
	assert.Equal(t, `"Common\\Lighting.fxh" "Common\\sub/x.fxh" 1`, ppText(res.Tokens))
	assert.Equal(t, []string{"Shaders/m.fx", filepath.FromSlash("Common/Lighting.fxh"), filepath.FromSlash("Common/sub/x.fxh")}, res.Files)
	assert.Equal(t, []IncludeCtx{
		{File: "Shaders/m.fx", Path: "Shaders/m.fx", Parent: -1},
		{File: `Common\Lighting.fxh`, Path: filepath.FromSlash("Common/Lighting.fxh"), From: ir.Pos{File: "Shaders/m.fx", Line: 1, Col: 1}, Parent: 0},
		{File: `Common\sub/x.fxh`, Path: filepath.FromSlash("Common/sub/x.fxh"), From: ir.Pos{File: `Common\Lighting.fxh`, Line: 2, Col: 1}, FromOff: 9, Parent: 1},
	}, res.Contexts)
	assert.Equal(t, []string{`Common\Lighting.fxh`, `Common\sub/x.fxh`, "Shaders/m.fx"}, res.Names)
}

// TestPPUTF16: fxc refuses a source that starts with a UTF-16 byte-order
// mark (X3000), and so does Preprocess, main file or include, with the
// include chain; a UTF-8 one is skipped.
func TestPPUTF16(t *testing.T) {
	files := map[string]string{
		"le.fxh":   "\xFF\xFEL\x00E\x00",
		"be.fxh":   "\xFE\xFF\x00B\x00E",
		"a.fxh":    "#include \"le.fxh\"\nA",
		"utf8.fxh": "\xEF\xBB\xBFU8",
	}
	const refuse = `%s:1:1: error: "%s" is UTF-16 %s (its byte-order mark says so); fxc reads UTF-8 and ANSI sources only: save it as UTF-8`
	cases := []struct{ name, src, want, err string }{
		{"main LE", "\xFF\xFE#\x00", "", fmt.Sprintf(refuse, "main.fx", "main.fx", "LE")},
		{"main BE", "\xFE\xFF\x00#", "", fmt.Sprintf(refuse, "main.fx", "main.fx", "BE")},
		{"include LE", "#include \"a.fxh\"\n#include \"le.fxh\"\nM", "A M",
			fmt.Sprintf(refuse, "le.fxh", "le.fxh", "LE") + "\na.fxh:1:1: note: in file included from here\nmain.fx:1:1: note: in file included from here"},
		{"include BE", "M\n#include \"be.fxh\"", "M", fmt.Sprintf(refuse, "be.fxh", "be.fxh", "BE") + "\nmain.fx:2:1: note: in file included from here"},
		{"include UTF-8", "#include \"utf8.fxh\"", "U8", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, errs := Preprocess("main.fx", []byte(c.src), &Options{ReadFile: ppFS(files)})
			assert.Equal(t, c.err, errs.Error())
			assert.Equal(t, c.want, ppText(res.Tokens))
			checkEOF(t, res)
		})
	}
	t.Run("file system", func(t *testing.T) {
		dir := testenv.TempDir(t)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "w.fxh"), []byte("\xFF\xFE#\x00"), 0o644))
		main := filepath.Join(dir, "m.fx")
		res, errs := Preprocess(main, []byte("#include \"w.fxh\""), nil)
		w := displayDir(main) + "w.fxh"
		assert.Equal(t, fmt.Sprintf(refuse, w, w, "LE")+"\n"+main+":1:1: note: in file included from here", errs.Error())
		assert.Equal(t, []string{main, filepath.Join(dir, "w.fxh")}, res.Files, "a file read, for the depfile")
	})
}

// ppCorpusMissing lists the corpus files whose preprocessing fails, each with
// the include files it cannot find (nothing else may fail). Without -I
// directories:
//   - <...> includes search the -I directories only (fxc's rule):
//     MSAAFilter's <SH.hlsl>, <PPIncludes.hlsl>, <Constants.hlsl> (in
//     SampleFramework11/v1.01/Shaders, beside SH.hlsl and Skybox.hlsl,
//     whose own <Constants.hlsl> is not found either: the project passes
//     that folder as an include directory), and the NVIDIA SharedFx
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
	"directx-sdk-samples/Media/SharedFx/BumpDirectionalLight.fx":                                   {`sas\sas.fxh`},
	"directx-sdk-samples/Media/SharedFx/BumpPointLight.fx":                                         {`sas\sas.fxh`},
	"directx-sdk-samples/Media/SharedFx/Fresnel.fx":                                                {`sas\sas.fxh`},
	"directx-sdk-samples/Media/SharedFx/Hemisphere.fx":                                             {`sas\sas.fxh`},
	"directx-sdk-samples/Media/SharedFx/MrWiggle.fx":                                               {`sas\sas.fxh`},
	"directx-sdk-samples/Media/SharedFx/earth.fx":                                                  {`sas\sas.fxh`},
	"directx-sdk-samples/Media/SharedFx/goochy_HLSL.fx":                                            {`sas\sas.fxh`},
	"directx-sdk-samples/Media/SharedFx/lambSkin.fx":                                               {`sas\sas.fxh`},
	"directx-sdk-samples/Media/SharedFx/parallaxBumpMap.fx":                                        {`sas\sas.fxh`},
	"directx-sdk-samples/Media/SharedFx/velvety.fx":                                                {`sas\sas.fxh`},
	"directx-sdk-samples/Media/SharedFx/zap.fx":                                                    {`sas\sas.fxh`},
	"msaafilter/MSAAFilter/BackgroundVelocity.hlsl":                                                {"SharedConstants.h"},
	"msaafilter/MSAAFilter/DepthReduction.hlsl":                                                    {"SharedConstants.h"},
	"msaafilter/MSAAFilter/LuminanceReduction.hlsl":                                                {"SharedConstants.h"},
	"msaafilter/MSAAFilter/Mesh.hlsl":                                                              {"SharedConstants.h", "SH.hlsl"},
	"msaafilter/MSAAFilter/PostProcessing.hlsl":                                                    {"SharedConstants.h", "PPIncludes.hlsl"},
	"msaafilter/MSAAFilter/Resolve.hlsl":                                                           {"SharedConstants.h", "Constants.hlsl"},
	"msaafilter/SampleFramework11/v1.01/Shaders/SH.hlsl":                                           {"Constants.hlsl"},
	"msaafilter/SampleFramework11/v1.01/Shaders/Skybox.hlsl":                                       {"Constants.hlsl"},
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
	`sas\sas.fxh`:                          true,
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
			res, errs := Preprocess(path, src, &Options{IncludeDirs: dirs})
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
		return strings.HasPrefix(msg, fmt.Sprintf("cannot open include file %s: not found", ppQ(inc)))
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
	opts := make([]*Options, len(files))
	size := 0
	for i, f := range files {
		src, err := os.ReadFile(filepath.Join(root, f))
		require.NoError(b, err)
		srcs[i] = src
		size += len(src)
		// As the front end runs them: by their path, with the include
		// directories and definitions their projects give (MANIFEST.tsv).
		o := realcorpus.Options(root, f)
		opts[i] = &Options{IncludeDirs: o.IncludeDirs, Defines: o.Defines, AllowMissingIncludes: o.AllowMissingIncludes}
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k, f := range files {
			Preprocess(filepath.Join(root, f), srcs[k], opts[k])
		}
	}
}

// TestPPOffsets checks that every output token knows where it is spelled
// (the byte offset in its own file, untouched by #line and splices) and
// whether the preprocessor made it, which is what a source rewrite relies on.
func TestPPOffsets(t *testing.T) {
	inc := "float inc;\n"
	src := "int a;\n#line 40 \"other.fx\"\nint b\\\n;\n#define T float4\n#define ID(x) x\nT c; ID(main)\n#include \"inc.fxh\"\n"
	res, errs := runPP(src, &Options{ReadFile: func(p string) ([]byte, error) { return []byte(inc), nil }})
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
	assert.Equal(t, 40, res.Tokens[3].Line(), "#line renumbers positions, not offsets")
	assert.Equal(t, int32(strings.Index(src, "main")), res.Tokens[9].Off)
}

// TestDirCacheListsOnce: a run lists a directory once for its case-folded
// lookups, however many includes it misses there (the listing is the
// run's: a file removed after it is still found by it).
func TestDirCacheListsOnce(t *testing.T) {
	dir := testenv.TempDir(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "Common.FXH"), []byte("x"), 0o644))
	var c dirCache
	for i := range 100 {
		_, ok := c.fold(filepath.Join(dir, fmt.Sprintf("missing%d.h", i)), 0)
		require.False(t, ok)
	}
	require.NoError(t, os.Remove(filepath.Join(dir, "Common.FXH")))
	got, ok := c.fold(filepath.Join(dir, "common.fxh"), 0)
	require.True(t, ok, "found from the listing the run made")
	assert.Equal(t, filepath.Join(dir, "Common.FXH"), got)
	assert.Len(t, c.dirs, 1)
	// Once a folder is listed, a name it lacks is missing without a
	// call to the file system (where names are folded at all).
	assert.Equal(t, foldCase, c.missing(filepath.Join(dir, "missing0.h")))
	assert.False(t, c.missing(filepath.Join(dir, "COMMON.fxh")))
	// A folder that does not exist is looked for once.
	for i := range 100 {
		_, ok := c.fold(filepath.Join(dir, "nope", "sub", fmt.Sprintf("missing%d.h", i)), 0)
		require.False(t, ok)
	}
	assert.Equal(t, map[string]string{}, c.dirs[filepath.Join(dir, "nope")])
	assert.Equal(t, map[string]string{}, c.dirs[filepath.Join(dir, "nope", "sub")])
	assert.Equal(t, foldCase, c.missing(filepath.Join(dir, "nope", "sub", "x.h")))
	assert.Len(t, c.dirs, 3)
}
