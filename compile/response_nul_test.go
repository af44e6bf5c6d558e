package compile

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestResponseNUL: a NUL byte in a response file (UTF-16 without its
// byte order mark, a file that is not text) is refused saying where; it
// went on to the compiler's command line, which exec refuses ("invalid
// argument": the adversarial pass). WriteResponse writes none.
func TestResponseNUL(t *testing.T) {
	_, err := ResponseWords([]byte("/T vs_3_0 /D X\x00Y a.hlsl"))
	assert.EqualError(t, err, "a NUL byte at byte 14 of its text: a response file is text (UTF-16 needs its byte order mark)")
	_, err = ResponseWords([]byte{'/', 0, 'T', 0})
	assert.Error(t, err, "UTF-16 without its byte order mark")
	_, err = ParseArgs([]string{"@a.rsp"}, func(string) ([]byte, error) { return []byte("/T\x00"), nil }, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "response file a.rsp: a NUL byte at byte 2")
	_, err = WriteResponse([]string{"/DX=\x00"})
	assert.Error(t, err)
}
