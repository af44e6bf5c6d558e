package hlsl

import (
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// chunkCases are declarations whose ";" a careless cut would split: inside
// annotations, templates, parentheses, and after comparisons and shifts.
var chunkCases = []string{
	"float4x4 M : WORLD < string UIName = \"World\"; int Order = 2; >;\nfloat a;\n",
	"texture T < string ResourceName = \"a.dds\"; >;\nsampler S = sampler_state { Texture = <T>; MinFilter = LINEAR; };\nfloat b;\n",
	"struct S { float4 p : POSITION; } s1, s2;\nvector<float, 4> v;\nmatrix<float, 4, 4> m;\n",
	"static const bool B = 1 < 2;\nstatic const int N = 1 << 4;\nfloat c[N];\nstruct T { float4 p : POSITION; };\n",
	"technique Tq < string Name = \"q\"; > { pass P < int i = 1; > { VertexShader = compile vs_3_0 f(); } }\nfloat d;\n",
	"float4 f(float4 p : POSITION) : POSITION { for (int i = 0; i < 4; i++) { p.x += 1; } return p; }\nfloat e;\n",
	"static const bool G = 2 > 1;\nstruct U { float4 p : POSITION; };\nfloat g;\n",
	// Declarations to hide, and ones that must not be.
	"cbuffer C : register(b0) { float4 x; }\nfloat4x4 W : WORLD;\nfloat4 f() { return 0; }\nfloat4x4 V;\nsampler S = sampler_state { Texture = <T>; };\n;\n",
	"uniform float4 u;\nstatic const int N = 2;\nuniform const int M = 3;\nVertexShader vs = compile vs_3_0 f();\nfloat4 g(float4 p) : POSITION { return p; };\nstatic float h;\n",
	"[maxvertexcount(3)] void gs(point float4 p[1]) {}\n[flatten] float k;\nPixelShader ps;\ntechnique10 T { pass P { } }\nTechnique t2 { }\n",
	"[a; b] float4 fa(float4 p : POSITION) : POSITION { return p; }\nfloat4x4 Z;\n",
	"A A((0){}){}\n", // a parameter list inside one: hidden only with the outer one checked
	"static const int N = g() {1} float4x4 W; float4 f() : POSITION { return 0; } float4x4 X;\n",
	"float4 f() { return 0; } struct S { float4 p : POSITION; };\n#pragma pack_matrix(row_major)\nfloat4x4 Y;\n",
	// A parameter list hidden in what then reads as a Skip: over every
	// token the function lookahead stops inside it and takes a function.
	"A < B ( x > f ( y ) ) { }\n",
	// Parentheses in declarations Skip takes, and in ones it must not.
	"float4 x : register(c13);\nfloat4 D = float4(1, 1, 1, 1);\nsampler2D s : register(s0);\nfloat4 (y);\nstatic const float4 K = float4(0, 0, 0, 1);\n" +
		"float4 f(float4 p : POSITION) : POSITION { return p; }\nvector<float, 4> g(float4 p) { return p; }\nstatic inline float4 h(float4 p);\n" +
		"VertexShader v = compile vs_3_0 f(0);\nfloat z = min(1; 2);\n[numthreads(1, 1, 1)] void cs() {}\nfloat3 w : register(vs, c7) : register(ps, c1);\n",
}

// TestFuncAheadReaders holds the function lookahead to one rule on both
// token readers: at every token of both corpora and of chunkCases,
// funcAhead over the unit's tokens (what skipDecl asks) answers what it
// answers over participle's lexer (what FuncLookahead asks).
func TestFuncAheadReaders(t *testing.T) {
	files := chunkTestFiles(t)
	starts := 0
	for set, fs := range files {
		for _, f := range fs {
			pp, errs := Preprocess(f.name, f.src, f.opts)
			if len(errs) > 0 {
				continue
			}
			toks := (&tokenLexer{toks: pp.Tokens, names: pp.Names}).readAll(nil)
			require.Len(t, toks, len(pp.Tokens))
			for i := range pp.Tokens {
				want := funcAhead(&peekingReader{lex: peekingOver(toks[i:])})
				if got := funcAhead(&unitReader{toks: pp.Tokens, i: i}); got != want {
					t.Fatalf("%s %s: token %d (%s): funcAhead is %v over the unit's tokens, %v over participle's", set, f.name, i, pp.Pos(&pp.Tokens[i]), got, want)
				}
				if want {
					starts++
				}
			}
		}
	}
	assert.Greater(t, starts, 1000, "functions found")
}

// chunkTestFiles are both corpora (benchSets) and chunkCases, as "cases".
func chunkTestFiles(t *testing.T) map[string][]benchFile {
	files := benchSets(t)
	for i, c := range chunkCases {
		files["cases"] = append(files["cases"], benchFile{name: fmt.Sprintf("case%d.hlsl", i), src: []byte(c), opts: &PPOptions{}})
	}
	return files
}

// TestParseChunkedSameTree checks that parsing a file in chunks (cut after
// every safe ";", the smallest chunks there can be) and without the tokens
// of function bodies gives the syntax tree a parse of every token of the
// whole file gives, on both corpora and on the cases above,
// and that no cut of a file without syntax errors falls in the middle of a
// declaration (which the fallback to a whole parse would hide).
func TestParseChunkedSameTree(t *testing.T) {
	files := chunkTestFiles(t)
	fp := fileGrammar.parser()
	compared, cut, bodies, skips := 0, 0, 0, 0
	for set, fs := range files {
		for _, f := range fs {
			pp, errs := Preprocess(f.name, f.src, f.opts)
			if len(errs) > 0 {
				continue
			}
			u := &Unit{Name: f.name, PP: pp, tokens: pp.Tokens}
			whole, werr := u.parseWhole(fp) // every token, in one piece
			u.bodies, u.groups = u.functionBodies()
			if u.bodies != nil {
				bodies++
			}
			u.skips = u.hiddenSkips()
			if u.skips != nil {
				skips++
			}
			chunked, again, cerr := u.parseChunked(fp, 1)
			require.Equal(t, werr, cerr, "%s %s", set, f.name)
			if werr == nil {
				assert.False(t, again, "%s %s: a chunk of a file without syntax errors did not parse: a cut in the middle of a declaration", set, f.name)
			}
			assert.Equal(t, whole, chunked, "%s %s: the chunks' tree differs from the whole file's", set, f.name)
			compared++
			if werr == nil && u.nextCut(0, 1) < len(u.tokens) {
				cut++
			}
		}
	}
	t.Logf("%d files parsed both ways, %d of them cut into chunks, %d with function bodies and %d with skipped declarations hidden from participle", compared, cut, bodies, skips)
	assert.Greater(t, skips, 250, "most files have declarations to skip")
	assert.Greater(t, cut, 200, "most files are cut")
	assert.Greater(t, bodies, 300, "most files have function bodies")
}

// FuzzHidingSameTree holds the parse participle is given least of (the
// smallest chunks, function bodies, skipped declarations and techniques
// hidden) to a parse of every token in one piece, on any input: the one
// parses exactly when the other does, to the same tree.
func FuzzHidingSameTree(f *testing.F) {
	for _, c := range chunkCases {
		f.Add([]byte(c))
	}
	for _, c := range parseFuzzSeeds {
		f.Add([]byte(c))
	}
	fp := fileGrammar.parser()
	f.Fuzz(func(t *testing.T, src []byte) {
		pp, errs := Preprocess("fuzz.hlsl", src, &PPOptions{ReadFile: func(string) ([]byte, error) { return nil, fs.ErrNotExist }})
		if len(errs) > 0 {
			return
		}
		u := &Unit{Name: "fuzz.hlsl", PP: pp, tokens: pp.Tokens}
		whole, werr := u.parseWhole(fp)
		u.bodies, u.groups = u.functionBodies()
		u.skips = u.hiddenSkips()
		chunked, _, cerr := u.parseChunked(fp, 1)
		require.Equal(t, werr == nil, cerr == nil, "whole: %v\nhidden: %v", werr, cerr)
		if werr == nil {
			require.Equal(t, whole, chunked)
		}
	})
}

// TestDeclKinds pins which alternative of Decl takes a declaration where
// the order of the alternatives once decided it (functions are now tried
// first, and FuncLookahead refuses what the others take), and leaves that
// read what the grammar rules they replaced read.
func TestDeclKinds(t *testing.T) {
	tests := []struct{ src, want string }{
		{"static VertexShader GetVS() { return 0; }", "func"},
		{"VertexShader<int> f() {}", "func"},
		{"VertexShader vs = compile vs_3_0 f();", "shadervar"},
		{"VertexShader f();", "shadervar"},
		{"struct S f();", "error"},
		{"technique <x> T() {}", "error"},
		{"technique T { pass P { } }", "technique"},
		{"typedef float2 T;", "typedef"},
		{"static const int N = 4;", "const"},
		{"struct S { float x : register; };", "struct"}, // a semantic named register, as before
	}
	for _, tc := range tests {
		u, err := ParseFile("x.hlsl", []byte(tc.src), nil)
		got := "error"
		if err == nil {
			require.Len(t, u.syntax.Decls, 1, tc.src)
			d := u.syntax.Decls[0]
			switch {
			case d.Func != nil:
				got = "func"
			case d.ShaderVar != nil:
				got = "shadervar"
			case d.Technique != nil:
				got = "technique"
			case d.Typedef != nil:
				got = "typedef"
			case d.Const != nil:
				got = "const"
			case d.Struct != nil:
				got = "struct"
				assert.Equal(t, "register", d.Struct.Body.Members[0].Decls[0].Anns[0].Semantic)
			default:
				got = "skip"
			}
		}
		assert.Equal(t, tc.want, got, tc.src)
	}
}

// declFailureCases are declarations that fail, within Decl's lookahead
// and past it, with what they report (or which alternatives take them).
var declFailureCases = []struct{ src, want string }{
	{"typedef 5;", `ERR x.hlsl:1:9: error: unexpected token "5" (expected (TypedefStruct | typeNode) nameNode dim* ";")`},
	{"typedef float;", `ERR x.hlsl:1:14: error: unexpected token ";" (expected nameNode dim* ";")`},
	{"struct X {", `ERR x.hlsl:1:11: error: unexpected end of file (expected "}")`},
	{"struct 5", `ERR x.hlsl:1:8: error: unexpected token "5" (expected ";")`},
	{"struct X { float4 p : POSITION; }", `ERR x.hlsl:1:34: error: unexpected end of file (expected ";")`},
	{"float4 f( : X", `ERR x.hlsl:1:9: error: "(" has no matching ")"`},
	{"float4 f() : {}", `ERR x.hlsl:1:12: error: unexpected token ":" (expected (block | ";"))`},
	{"float4 f() : register(c0) {}", `func`},
	{"static const int N = ;", `ERR x.hlsl:1:22: error: unexpected token ";" (expected expr MoreConst* ";")`},
	{"static const int N = 4", `ERR x.hlsl:1:23: error: unexpected end of file in expression`},
	{"typedef struct { float x; } ;", `ERR x.hlsl:1:29: error: unexpected token ";" (expected nameNode dim* ";")`},
	{"struct S { float4 p : POSITION; } s = 5;", `ERR x.hlsl:1:37: error: unexpected token "=" (expected ";")`},
	{"[numthreads(1,1,1)] void f() : ;", `ERR x.hlsl:1:30: error: unexpected token ":" (expected (block | ";"))`},
	{"struct S { float x : ; };", `ERR x.hlsl:1:22: error: unexpected token ";" after ":" (expected a semantic, register or packoffset)`},
	{"struct S { float x : 5; };", `ERR x.hlsl:1:22: error: unexpected token "5" after ":" (expected a semantic, register or packoffset)`},
	{"technique T { pass P { VertexShader = compile vs_3_0 f(); }", `ERR x.hlsl:1:1: error: technique T has no closing "}"`},
	{"VertexShader vs = ", `ERR x.hlsl:1:19: error: unexpected end of file (expected ";")`},
	{"float4 f() {} struct", `ERR x.hlsl:1:21: error: unexpected end of file (expected ";")`},
	{"#pragma pack_matrix(row_major)\nstruct S { float x; }", `ERR x.hlsl:2:22: error: unexpected end of file (expected ";")`},
	{"static const float4 c = {1,2,3,4}; struct S { float x : TEXCOORD0 }", `ERR x.hlsl:1:67: error: unexpected token "}" (expected ";")`},
}

// TestDeclFailures pins what declarations that fail, within Decl's
// lookahead and past it, report (or which alternatives take them): the
// messages and positions the grammar gave when Decl was one participle
// rule, which Decl.Parse and the grammars built per kind of declaration
// keep (the same on both corpora, and on 40,500 mutants of them, when
// they were split).
func TestDeclFailures(t *testing.T) {
	for _, tc := range declFailureCases {
		u, err := ParseFile("x.hlsl", []byte(tc.src), nil)
		if err != nil {
			assert.Equal(t, tc.want, "ERR "+err.Error(), tc.src)
			continue
		}
		var kinds []string
		for _, d := range u.syntax.Decls {
			switch {
			case d.Func != nil:
				kinds = append(kinds, "func")
			case d.Struct != nil:
				kinds = append(kinds, "struct")
			default:
				kinds = append(kinds, "other")
			}
		}
		assert.Equal(t, tc.want, strings.Join(kinds, " "), tc.src)
	}
}
