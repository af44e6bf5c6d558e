package compile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// TestResponseFiles: a command line too long to pass goes through
// response files, run by run, in its order; a word with a double quote,
// which no response file holds, stays on the line between them (a line
// with one, /DY="q", and a define of 200 KB was refused: the adversarial
// pass). What stays is still bounded.
func TestResponseFiles(t *testing.T) {
	dir := testenv.TempDir(t)
	big := "/DBIG=" + strings.Repeat("1", 200<<10)
	args := []string{"/T", "vs_3_0", big, `/DY="q"`, "/E", "VS", "a.hlsl"}
	out, err := responseFiles(args, dir, func(p string) string { return p })
	require.NoError(t, err)
	require.Len(t, out, 3)
	assert.Equal(t, `/DY="q"`, out[1])
	var words []string
	for _, a := range []string{out[0], out[2]} {
		require.True(t, strings.HasPrefix(a, "@"))
		data, err := os.ReadFile(a[1:])
		require.NoError(t, err)
		w, err := ResponseWords(data)
		require.NoError(t, err)
		words = append(words, w...)
		assert.Equal(t, dir, filepath.Dir(a[1:]))
	}
	assert.Equal(t, []string{"/T", "vs_3_0", big, "/E", "VS", "a.hlsl"}, words)

	_, err = responseFiles([]string{`/DY="` + strings.Repeat("q", maxCommandLine) + `"`}, dir, func(p string) string { return p })
	assert.ErrorContains(t, err, "its words with a double quote, which a response file cannot hold, are")
}
