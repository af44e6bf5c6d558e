package ir

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSuggest(t *testing.T) {
	types := []string{"float", "float2", "float4", "half", "int", "VS_OUTPUT"}
	tests := []struct{ word, want string }{
		{"flaot2", "float2"},
		{"Float4", ""}, // known, case aside: no hint
		{"flot", "float"},
		{"hlaf", ""}, // two edits in a short word: too far
		{"VS_OUTPTU", "VS_OUTPUT"},
		{"texture", ""},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, Suggest(tc.word, types), tc.word)
	}
	assert.Equal(t, "POSITION", SuggestSemantic("POSITON"))
	assert.Equal(t, "TEXCOORD", SuggestSemantic("TEXCORD"))
	assert.Equal(t, "", SuggestSemantic("WIBBLE"))
	assert.Equal(t, 3, editDistance("kitten", "sitting", 10))
	assert.Equal(t, 2, editDistance("kitten", "sitting", 2), "stops at the limit")
}

// TestSuggestName: a name differs from the one meant in case first, else
// by a few edits; a name the candidates hold, or nothing close, gets none.
func TestSuggestName(t *testing.T) {
	names := []string{"VS", "PS", "SceneVS", "ScenePS", "Shade"}
	for _, tc := range []struct{ name, want string }{
		{"Vs", "VS"},
		{"scenevs", "SceneVS"},
		{"ScenePs", "ScenePS"},
		{"Shadr", "Shade"},
		{"VS", ""},
		{"X", ""},
		{"Water", ""},
	} {
		assert.Equal(t, tc.want, SuggestName(tc.name, names), tc.name)
	}
}
