package main

import (
	"bytes"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

// TestConcurrentUse shares one parsed unit between goroutines that lower,
// pack with every strategy and print at the same time: the library keeps no
// mutable shared state (run with -race, as .ci/run does).
func TestConcurrentUse(t *testing.T) {
	src := []byte(`struct S { float4 p : POSITION; float2 uv[2] : TEXCOORD0; float f : FOG;
  row_major float3x2 m : TEXCOORD4; float3 n : NORMAL; float4 c : COLOR0; };
S vs(float4 p : POSITION) { S s = (S)0; return s; }`)
	u, err := hlsl.ParseFile("s.hlsl", src, nil)
	require.NoError(t, err)
	var want []string
	for _, st := range pack.Strategies() {
		sig, err := u.Struct("S")
		require.NoError(t, err)
		l, err := st.Pack(sig, ir.VS30Out(), ir.Constraints{Indexed: []int{0}})
		require.NoError(t, err)
		var b bytes.Buffer
		require.NoError(t, emit.Asm(&b, l))
		want = append(want, b.String())
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k, st := range pack.Strategies() {
				_ = u.List()
				_, _, err := u.Entry("vs")
				assert.NoError(t, err)
				sig, err := u.Struct("S")
				if !assert.NoError(t, err) {
					return
				}
				l, err := st.Pack(sig, ir.VS30Out(), ir.Constraints{Indexed: []int{0}})
				if !assert.NoError(t, err) {
					return
				}
				var b bytes.Buffer
				assert.NoError(t, emit.Asm(&b, l))
				assert.Equal(t, want[k], b.String(), "goroutine %d, %s", g, st.Name())
			}
		}()
	}
	wg.Wait()
}
