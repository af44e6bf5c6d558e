package hlsl

import (
	"io/fs"
	"os"
	"strings"
	"testing"

	"github.com/shpack/shpack/corpus"
	"github.com/shpack/shpack/internal/realcorpus"
	"github.com/shpack/shpack/ir"
)

// parseFuzzSeeds are small inputs that reach the parser's and lowering's
// corners: skipped constructs, entry points, nested and recursive types.
var parseFuzzSeeds = []string{
	"struct S { float4 p : POSITION; float2 uv[2] : TEXCOORD0; };",
	"struct S { float4 p : POSITION\n};",
	"struct S { S s : TEXCOORD0; };",
	"struct A { float f : FOG; }; struct B { A a : TEXCOORD0; A b; }; B main(A i, out A o : COLOR0) { return (B)0; }",
	"typedef float2 T[3]; typedef T U; struct S { U u : TEXCOORD0; row_major float3x2 m : NORMAL; };",
	"static const int N = M; static const int M = N; struct S { float f[N] : FOG; };",
	"cbuffer c { float4 x; } sampler s = sampler_state { a = <b>; }; technique t { pass p { } }",
	"float4 main(float4 p : POSITION, uniform float k) : POSITION { return p; }",
	"[numthreads(1,1,1)] void cs(uint3 id : SV_DispatchThreadID) {}",
	"void gs(triangle S i[3], inout TriangleStream<S> s) {} struct S { float4 p : SV_Position; };",
	"vs.1.1\nmov oPos, v0",
	"vector<float, 5> v; matrix<int,1,9> m; struct S { vector<half,2> v : TEXCOORD0; };",
	"struct S { float a[1/0] : FOG; float b[-1] : FOG; float c[1.5] : FOG; };",
	"float f(float a = (1, 2), float b = {1}) { }",
}

// FuzzParse checks that parsing and lowering never panic, that every
// diagnostic is positioned in a file or names one, and that lowered
// elements are well-formed.
func FuzzParse(f *testing.F) {
	for _, s := range parseFuzzSeeds {
		f.Add([]byte(s))
	}
	for _, name := range corpus.Names() {
		if src, err := fs.ReadFile(corpus.FS(), name); err == nil {
			f.Add(src)
		}
	}
	if files := realcorpus.Seeds(f); files != nil {
		for i := 0; i < len(files); i += 10 {
			if src, err := os.ReadFile(files[i]); err == nil {
				f.Add(src)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		u, err := ParseFile("fuzz.hlsl", src, &PPOptions{ReadFile: func(string) ([]byte, error) { return nil, fs.ErrNotExist }})
		if err != nil {
			checkDiagnostics(t, err)
			return
		}
		for _, li := range u.List() {
			if li.Err != nil {
				checkDiagnostics(t, li.Err)
				continue
			}
			for _, sig := range []*ir.Signature{li.Sig, li.In, li.Out} {
				if sig == nil {
					continue
				}
				for _, e := range sig.Elements {
					if e.Components < 1 || e.Components > 4 || e.Pos.Line < 1 || e.Name == "" {
						t.Fatalf("malformed element %+v", e)
					}
				}
				for _, a := range sig.Arrays {
					if a.First < 0 || a.Count < 2 || a.First+a.Count > len(sig.Elements) {
						t.Fatalf("malformed array %+v of %d elements", a, len(sig.Elements))
					}
				}
			}
		}
	})
}

func checkDiagnostics(t *testing.T, err error) {
	errs := ir.Errors(err)
	if errs == nil {
		// Lookups by name return plain errors; nothing else may.
		if !strings.HasPrefix(err.Error(), "no ") {
			t.Fatalf("unpositioned error: %v", err)
		}
		return
	}
	for _, e := range errs {
		if e.Pos.File == "" || strings.Contains(e.Msg, "internal error") {
			t.Fatalf("bad diagnostic: %v", e)
		}
	}
}
