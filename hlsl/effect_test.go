package hlsl

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/realcorpus"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/ir"
)

func parseString(t *testing.T, src string) *Unit {
	t.Helper()
	u, err := ParseFile("main.fx", []byte(src), nil)
	require.NoError(t, err)
	return u
}

// refString is a compact form of a pass's shaders for comparisons.
func refString(refs []ir.ShaderRef) string {
	var parts []string
	for _, r := range refs {
		switch {
		case r.Null:
			parts = append(parts, "NULL")
		case r.Asm:
			parts = append(parts, "asm")
		case r.Unresolved:
			parts = append(parts, "?"+r.Var)
		default:
			s := r.Profile + " " + r.Entry + "(" + r.Args + ")"
			if r.Var != "" {
				s = r.Var + "=" + s
			}
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, "; ")
}

func TestTechniques(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string // "technique/pass: VS | PS"
	}{
		{"sdk effect", `
float4x4 m : WORLDVIEWPROJECTION < string UIName = "m"; >;
sampler s = sampler_state { Texture = <tex>; MipFilter = LINEAR; };
float4 VS(float4 p : POSITION, uniform bool b) : POSITION { return p; }
float4 PS() : COLOR0 { return 1; }
technique Lit < string Script = "Technique=Lit;"; int n = 2; >
{
    pass P0 < string Script = "Draw=geometry;"; >
    {
        ZEnable = true;
        CullMode = CCW;
        VertexShader = compile vs_3_0 VS(true);
        PixelShader  = compile ps_3_0 PS();
    }
    pass
    {
        VertexShader = compile vs_3_0 VS(false);
        PixelShader = NULL;
    }
};
TECHNIQUE Upper { PASS p { vertexshader = compile vs_2_0 VS( 1 + 2, false ); } }
`, []string{"Lit/P0: vs_3_0 VS(true) | ps_3_0 PS()", "Lit/: vs_3_0 VS(false) | NULL", "Upper/p: vs_2_0 VS(1 + 2, false) | "}},
		{"technique10", `
float4 VS() : SV_Position { return 0; }
float4 PS() : SV_Target { return 1; }
technique10 T { pass P { SetVertexShader(CompileShader(vs_4_0, VS())); SetGeometryShader(NULL); SetPixelShader(CompileShader( ps_4_0, PS() )); SetDepthStencilState(DS, 0); } }
technique11 U { pass { SetVertexShader(NULL); SetPixelShader(NULL); } }
`, []string{"T/P: vs_4_0 VS() | ps_4_0 PS()", "U/: NULL | NULL"}},
		{"shader variables", `
float4 VS(uniform int n) : POSITION { return n; }
VertexShader vsArray[2] = { compile vs_2_0 VS(1), compile vs_2_0 VS(2) };
VertexShader one = compile vs_3_0 VS(3);
PixelShader ps11 = CompileShader(ps_4_0, PS());
int i;
technique T
{
    pass A { VertexShader = (vsArray[i]); }
    pass B { VertexShader = <one>; PixelShader = (ps11); }
    pass C { VertexShader = nothere; PixelShader = asm { ps_2_0 mov oC0, c0 }; }
}
`, []string{"T/A: vsArray=vs_2_0 VS(1); vsArray=vs_2_0 VS(2) | ", "T/B: one=vs_3_0 VS(3) | ps11=ps_4_0 PS()", "T/C: ?nothere | asm"}},
		{"asm blocks", `
float4 VS() : POSITION { return 0; }
technique T { pass P { PixelShader = asm { ps_2_0 mov oC0, c0 } VertexShader = compile vs_3_0 VS(); } pass Q { } }
`, []string{"T/P: vs_3_0 VS() | asm", "T/Q:  | "}},
		{"macro technique", `
#define TECHNIQUE(name, vs, ps) technique name { pass { VertexShader = compile vs_3_0 vs(); PixelShader = compile ps_3_0 ps(); } }
TECHNIQUE(Basic, BasicVS, BasicPS)
`, []string{"Basic/: vs_3_0 BasicVS() | ps_3_0 BasicPS()"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			u := parseString(t, tc.src)
			var got []string
			for _, tech := range u.Techniques() {
				for _, p := range tech.Passes {
					got = append(got, tech.Name+"/"+p.Name+": "+refString(p.VS)+" | "+refString(p.PS))
				}
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestTechniquePositions(t *testing.T) {
	u := parseString(t, "float4 VS() : POSITION { return 0; }\ntechnique T\n{\n  pass P\n  {\n    VertexShader = compile vs_3_0 VS();\n  }\n}\n")
	techs := u.Techniques()
	require.Len(t, techs, 1)
	assert.Equal(t, ir.Pos{File: "main.fx", Line: 2, Col: 1}, techs[0].Pos)
	p := techs[0].Passes[0]
	assert.Equal(t, ir.Pos{File: "main.fx", Line: 4, Col: 3}, p.Pos)
	assert.Equal(t, ir.Pos{File: "main.fx", Line: 6, Col: 5}, p.VS[0].Pos)
	assert.Equal(t, ir.Pos{File: "main.fx", Line: 6, Col: 35}, p.VS[0].EntryPos)
}

func TestTechniqueErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"technique T { pass P { VertexShader = compile vs_3_0 VS() } }", `main.fx:1:59: error: unexpected token "}" (expected ";")`},
		{"technique T { pass P { VertexShader = compile vs_3_0 VS();", `main.fx:1:15: error: pass P has no closing "}"`},
		{"technique U { pass P { x = }; } }", "main.fx:1:28: error: unexpected token \"}\" (expected \";\")\n" +
			"main.fx:1:33: error: unexpected token \"}\""}, // the parse resumes after the technique: one "}" too many
		{"technique T { float x; }", `main.fx:1:15: error: unexpected token "float" in technique T (expected "pass" or "}")`},
		{"technique T < string a = \"x\"; ", `main.fx:1:13: error: annotations "<" have no matching ">"`},
		{"technique T pass", `main.fx:1:13: error: unexpected token "pass" in technique (expected "{")`},
		{"technique { pass { VertexShader = compile vs_3_0 VS(); } }", ""},
	}
	for _, tc := range tests {
		_, err := ParseFile("main.fx", []byte(tc.src), nil)
		if tc.want == "" {
			assert.NoError(t, err, tc.src)
			continue
		}
		require.Error(t, err, tc.src)
		assert.Equal(t, tc.want, err.Error(), tc.src)
	}
}

// TestTechniquesCorpusReal reads the techniques of every real effect file:
// every technique block in the text becomes a technique, and every pass's
// shader assignments are read (counted against a plain text scan).
func TestTechniquesCorpusReal(t *testing.T) {
	testenv.Heavy(t)
	root := realcorpus.Root(t)
	techRE := regexp.MustCompile(`(?mi)^\s*technique(9|10|11)?\s`)
	compileRE := regexp.MustCompile(`(?i)\bcompile(shader)?\s*\(?\s*[vp]s_\d`)
	compiles := 0
	files, techniques, passes, refs := 0, 0, 0, 0
	for _, rel := range realcorpus.Files(t, root) {
		src, err := os.ReadFile(filepath.Join(root, rel))
		require.NoError(t, err)
		text := stripComments(string(src))
		if !techRE.MatchString(text) {
			continue
		}
		o := realcorpus.Options(root, rel)
		u, err := ParseFile(filepath.Join(root, rel), src, &PPOptions{IncludeDirs: o.IncludeDirs, Defines: o.Defines, AllowMissingIncludes: o.AllowMissingIncludes})
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		files++
		compiles += len(compileRE.FindAllString(text, -1))
		techs := u.Techniques()
		assert.NotEmpty(t, techs, rel)
		for _, tech := range techs {
			techniques++
			for _, p := range tech.Passes {
				passes++
				for _, r := range append(append([]ir.ShaderRef{}, p.VS...), p.PS...) {
					if r.Entry != "" {
						refs++
					}
					assert.False(t, r.Unresolved, "%s: technique %s pass %s: shader variable %s", rel, tech.Name, p.Name, r.Var)
				}
			}
		}
	}
	t.Logf("%d effect files: %d techniques, %d passes, %d compiled shaders", files, techniques, passes, refs)
	assert.Greater(t, techniques, 400)
	// Compile expressions in the text that are not a pass's shader: in
	// global shader variables that no pass sets, or set twice by a pass.
	assert.LessOrEqual(t, refs, compiles+20)
	assert.GreaterOrEqual(t, refs, compiles-20)
}

// stripComments removes // and /* */ comments (roughly: strings are not
// considered) and preprocessor directives with their continuation lines,
// for text scans of the corpus.
func stripComments(s string) string {
	s = regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllString(s, "")
	s = regexp.MustCompile(`//[^\n]*`).ReplaceAllString(s, "")
	s = regexp.MustCompile(`\\\r?\n`).ReplaceAllString(s, " ")
	return regexp.MustCompile(`(?m)^\s*#.*$`).ReplaceAllString(s, "")
}
