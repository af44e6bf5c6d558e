package ir

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIndexedArrays checks that arrays are found by member path, each once,
// and that an unknown name lists the arrays there are.
func TestIndexedArrays(t *testing.T) {
	s := &Signature{Name: "S", Arrays: []Array{{Name: "Tex"}, {Name: "o.Bones"}}}
	got, err := s.IndexedArrays("o.Bones", "Tex", "o.Bones")
	require.NoError(t, err)
	assert.Equal(t, []int{1, 0}, got)
	_, err = s.IndexedArrays("Nope")
	assert.EqualError(t, err, "S has no array named Nope (arrays: Tex, o.Bones)")
	_, err = (&Signature{Name: "E"}).IndexedArrays("x")
	assert.EqualError(t, err, "E has no array named x (arrays: none)")
}
