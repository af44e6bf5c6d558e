package pack

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSummarize checks the summary's statistics on counts small enough to
// work out by hand: the mean, the empirical median (the lower of the two
// middle values for an even count, as gonum's stat.Quantile(0.5,
// Empirical) gives it), the maximum and the shares.
func TestSummarize(t *testing.T) {
	res := func(regs ...int) [][]Result {
		var out [][]Result
		for i, r := range regs {
			out = append(out, []Result{{Strategy: "s", GeneralRegisters: r, FXCRegisters: r + 1, Fits: r <= 10, Optimal: i%2 == 0, PrefixStable: true}})
		}
		return out
	}
	for _, tc := range []struct {
		name         string
		regs         []int
		mean, median float64
		max, over    int
		atOpt        float64
	}{
		{"one", []int{7}, 7, 7, 7, 0, 1},
		{"odd", []int{9, 2, 4}, 5, 4, 9, 0, 2.0 / 3},
		{"even takes the lower middle", []int{8, 1, 3, 6}, 4.5, 3, 8, 0, 0.5},
		{"overflow", []int{12, 11}, 11.5, 11, 12, 2, 0.5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := Summarize(res(tc.regs...))
			require.Len(t, s, 1)
			assert.Equal(t, "s", s[0].Strategy)
			assert.Equal(t, len(tc.regs), s[0].Signatures)
			assert.InDelta(t, tc.mean, s[0].Mean, 1e-12)
			assert.Equal(t, tc.median, s[0].Median)
			assert.Equal(t, tc.max, s[0].Max)
			assert.Equal(t, tc.over, s[0].Overflows)
			assert.InDelta(t, tc.atOpt, s[0].AtOptimum, 1e-12)
			assert.Equal(t, 1.0, s[0].PrefixStable)
			assert.Equal(t, len(tc.regs), s[0].SavedVsFXC)
		})
	}
	assert.Nil(t, Summarize(nil))
}
