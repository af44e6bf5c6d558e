package rewrite

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/shpack/shpack/hlsl"
)

func TestMacroCondition(t *testing.T) {
	for _, tc := range []struct {
		m    hlsl.MacroState
		want string
	}{
		{hlsl.MacroState{Name: "FOG", DefinedRead: true}, "!defined(FOG)"},
		{hlsl.MacroState{Name: "FOG", Defined: true, Value: "1", DefinedRead: true}, "defined(FOG)"},
		{hlsl.MacroState{Name: "N", Defined: true, Value: "4", ValueRead: true, DefinedRead: true}, "defined(N) && (N) == 4"},
		{hlsl.MacroState{Name: "N", Defined: true, Value: "4", ValueRead: true}, "(N) == 4"},
		{hlsl.MacroState{Name: "SKINNING", ValueRead: true}, "(SKINNING) == 0"},
		{hlsl.MacroState{Name: "Q", Defined: true, Value: "high", ValueRead: true}, "defined(Q)"},
		{hlsl.MacroState{Name: "F", Defined: true, FuncLike: true, ValueRead: true}, "defined(F)"},
		{hlsl.MacroState{Name: "H", Defined: true, Value: "0x10u", ValueRead: true}, "(H) == 0x10u"},
	} {
		assert.Equal(t, tc.want, MacroCondition(tc.m), "%+v", tc.m)
	}
}

func TestGuardWrite(t *testing.T) {
	var b strings.Builder
	(*Guard)(nil).write(&b)
	assert.Empty(t, b.String(), "no guard, no lines")
	(&Guard{Cond: "(N) == 4", Message: `made for "N=4"`}).write(&b)
	assert.Equal(t, "#if !((N) == 4)\n#error \"made for \\\"N=4\\\"\"\n#endif\n", b.String())
}
