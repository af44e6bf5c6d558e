package compile

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLayoutFlags: a layout file's flags on a line whose profile they do
// not apply to are a problem of the command line (shpack fxc exits 2
// before reading anything; the adversarial pass found them reported as
// bad input, exit 1).
func TestLayoutFlags(t *testing.T) {
	for _, tc := range []struct {
		profile     string
		layout, out bool
		want        string
	}{
		{"vs_3_0", false, true, ""},
		{"ps_3_0", true, false, ""},
		{"vs_3_0", true, false, ""},
		{"fx_2_0", false, false, ""},
		{"fx_2_0", false, true, "--layout-out applies to one stage (/T vs_3_0 or ps_3_0), not an effect (/T fx_2_0)"},
		{"vs_2_a", true, false, "--layout applies to vs_3_0 and ps_3_0, not vs_2_a"},
		{"ps_3_0", false, true, "--layout-out records a vertex shader's layout; a pixel shader applies one (--layout)"},
	} {
		err := LayoutFlags(&Args{Profile: tc.profile}, tc.layout, tc.out)
		if tc.want == "" {
			assert.NoError(t, err, tc.profile)
			continue
		}
		assert.EqualError(t, err, tc.want)
	}
}
