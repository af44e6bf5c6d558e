package hlsl

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/ir"
)

// overviewSrc is the file doc.go walks through the front end.
const overviewSrc = `#define SETS 2
struct PS_IN {
    float4 col : COLOR0;
    float2 uv[SETS] : TEXCOORD0;
};
sampler2D Tex;
float4 ps(PS_IN i) : COLOR { return tex2D(Tex, i.uv[1]) * i.col; }
technique T { pass P { PixelShader = compile ps_3_0 ps(); } }
`

// TestOverview checks what doc.go says happens to overviewSrc, step by
// step, so that the walk stays true to the code.
func TestOverview(t *testing.T) {
	// 1. Preprocessing.
	pp, errs := Preprocess("main.fx", []byte(overviewSrc), nil)
	require.Empty(t, errs)
	toks := pp.Tokens
	require.Len(t, toks, 65)
	assert.Equal(t, "struct", toks[0].Text)
	assert.Equal(t, TokEOF, toks[64].Kind)
	assert.Equal(t, "2", toks[11].Text)
	assert.True(t, toks[11].Expanded)
	assert.Equal(t, ir.Pos{File: "main.fx", Line: 4, Col: 15}, pp.Pos(&toks[11]))

	// 2. Function bodies and parameter lists.
	u := &Unit{Name: "main.fx", PP: pp, tokens: toks}
	u.bodies, u.groups = u.functionBodies()
	assert.Equal(t, map[int32]int32{29: 47}, u.bodies)
	assert.Equal(t, map[int32]int32{23: 26}, u.groups)

	// 3. Hiding.
	u.skips = u.hiddenSkips()
	require.Len(t, u.skips, 2)
	assert.Equal(t, span{start: 18, end: 21}, u.skips[0])
	tech := u.skips[1]
	assert.Equal(t, [2]int32{48, 64}, [2]int32{tech.start, tech.end})
	assert.True(t, tech.afterBody)
	require.NotNil(t, tech.tech)
	assert.Equal(t, "T", tech.tech.Name)

	// 4. Chunking.
	assert.Equal(t, 65, u.nextCut(0, minChunk), "one chunk")
	var cuts []int
	for start := 0; start < len(toks); start = u.nextCut(start, 1) {
		cuts = append(cuts, u.nextCut(start, 1))
	}
	assert.Equal(t, []int{18, 21, 65}, cuts, "the smallest chunks")

	// 5. What participle is shown.
	tl := &tokenLexer{toks: toks, names: pp.Names, bodies: u.bodies, groups: u.groups, skips: u.skips}
	var shown []int
	for _, lt := range tl.readAll(nil) {
		shown = append(shown, lt.Pos.Offset)
	}
	assert.Equal(t, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 21, 22, 23, 26, 27, 28, 29, 47, 64}, shown)

	// 6 and 7. The declaration parse, and the hidden declarations put back.
	fp := fileGrammar.parser()
	f, whole, err := u.parseChunked(fp, minChunk)
	require.NoError(t, err)
	assert.False(t, whole)
	var decls []string
	for _, d := range f.Decls {
		switch {
		case d.Struct != nil:
			decls = append(decls, fmt.Sprint("struct@", d.Pos.Offset))
		case d.Skip != nil:
			decls = append(decls, fmt.Sprint("skip@", d.Pos.Offset))
		case d.Func != nil:
			decls = append(decls, fmt.Sprint("func@", d.Pos.Offset))
		case d.Technique != nil:
			decls = append(decls, fmt.Sprint("technique@", d.Pos.Offset))
		}
	}
	assert.Equal(t, []string{"struct@0", "skip@18", "func@21", "technique@48"}, decls)
	fn := f.Decls[2].Func
	assert.Equal(t, [4]int{23, 26, 29, 47}, [4]int{fn.Params.Pos.Offset, fn.Params.Close.Offset, fn.Body.Pos.Offset, fn.Body.Close.Offset})
	assert.Equal(t, "COLOR", fn.Sem.Semantic)
	assert.Equal(t, []string{"2"}, f.Decls[0].Struct.Body.Members[1].Decls[0].Dims[0].Expr)
	// The tree a parse of every token in one piece gives.
	all, err := (&Unit{Name: "main.fx", PP: pp, tokens: toks}).parseWhole(fp)
	require.NoError(t, err)
	assert.Equal(t, all, f)

	// 8. The fallback parse: a missing ";" fails the chunk with things
	// hidden and without, then the whole file, whose error is reported and
	// recovered from.
	bad := strings.Replace(overviewSrc, "COLOR0;", "COLOR0", 1)
	pp, errs = Preprocess("main.fx", []byte(bad), nil)
	require.Empty(t, errs)
	u = &Unit{Name: "main.fx", PP: pp, tokens: pp.Tokens}
	u.bodies, u.groups = u.functionBodies()
	u.skips = u.hiddenSkips()
	_, whole, err = u.parseChunked(fp, minChunk)
	assert.True(t, whole)
	assert.EqualError(t, err, `main.fx:3:24: error: expected ";" after "COLOR0"`)
	assert.Equal(t, 17, u.declEnd(7), "recovery resumes at sampler2D, after the struct")

	// 9. After the parse: a Skip that swallowed a declaration, and lowering.
	swallowing := strings.Replace(overviewSrc, "Tex;", "Tex", 1)
	pp, errs = Preprocess("main.fx", []byte(swallowing), nil)
	require.Empty(t, errs)
	u = &Unit{Name: "main.fx", PP: pp, tokens: pp.Tokens}
	u.bodies, u.groups = u.functionBodies()
	require.NotEmpty(t, u.hiddenSkips())
	assert.Equal(t, span{start: 18, end: 47}, u.hiddenSkips()[0], "hidden through the body's \"}\"")
	_, err = ParseFile("main.fx", []byte(swallowing), nil)
	assert.EqualError(t, err, `main.fx:6:14: error: expected ";" after "Tex" (the declaration that starts with "float4" runs into this one)`)
	pu, err := ParseFile("main.fx", []byte(overviewSrc), nil)
	require.NoError(t, err)
	var got []string
	for _, li := range pu.List() {
		require.NoError(t, li.Err)
		sig := li.Sig
		if li.Kind == "function" {
			sig = li.In
		}
		var sems []string
		for _, e := range sig.Elements {
			sems = append(sems, e.Semantic.String())
		}
		got = append(got, li.Kind+" "+li.Name+": "+strings.Join(sems, " "))
	}
	assert.Equal(t, []string{"struct PS_IN: COLOR0 TEXCOORD0 TEXCOORD1", "function ps: COLOR0 TEXCOORD0 TEXCOORD1"}, got)
	techs := pu.Techniques()
	require.Len(t, techs, 1)
	require.Len(t, techs[0].Passes, 1)
	require.Len(t, techs[0].Passes[0].PS, 1)
	assert.Equal(t, "ps", techs[0].Passes[0].PS[0].Entry)
}
