package hlsl

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDoesWork(t *testing.T) {
	src := `struct S { float4 p : POSITION; float f : TEXCOORD0; };
S consts(float4 p) { S o; o.p = p; o.f = 0.5; if (p.x > 0) o.f = float(1); return (o); }
S ctor(float4 p) { S o; o.p = float4(p.xyz, 1); o.f = half2(1, 2).x; return o; }
S intrinsic(float4 p) { S o; o.p = normalize(p); o.f = 0; return o; }
S user(float4 p) { return consts(p * 2); }
S loop(float4 p) { S o = (S)0; for (int i = 0; i < 2; i++) o.f += p[i]; return o; }
S twice(float4 p) { return consts(p); }
S twice(float3 p) { return consts(p.xyzz); }
S declared(float4 p);
`
	u, err := ParseFile("w.hlsl", []byte(src), &PPOptions{})
	require.NoError(t, err)
	for name, want := range map[string]bool{
		"consts": false, "ctor": false, "declared": false, "missing": false,
		"intrinsic": true, "user": true, "loop": true, "twice": true,
	} {
		assert.Equal(t, want, u.DoesWork(name), name)
	}
}

func TestDefinition(t *testing.T) {
	u, err := ParseFile("d.hlsl", []byte("float f(float x);\nfloat f(float x) { return x; }\nfloat g(float x) { return x; }\nfloat g(float2 x) { return x.x; }\n"), &PPOptions{})
	require.NoError(t, err)
	d, ok := u.Definition("f")
	require.True(t, ok)
	assert.Equal(t, "f", d.Name.Text)
	assert.Equal(t, "{", d.Body[0].Text)
	_, ok = u.Definition("g")
	assert.False(t, ok, "overloads")
	_, ok = u.Definition("h")
	assert.False(t, ok)
}
