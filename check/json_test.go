package check

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// TestJSONDocumented: every field of the document is described in
// docs/json.md, and its schema is in the table there.
func TestJSONDocumented(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testenv.Root(t), "docs", "json.md"))
	require.NoError(t, err)
	doc := string(data)
	for _, v := range []any{JSONDoc{}, ProblemJSON{}, RuntimeJSON{}, Lost{}} {
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			tag := strings.Split(rt.Field(i).Tag.Get("json"), ",")[0]
			if tag == "" || tag == "-" {
				continue
			}
			assert.Contains(t, doc, "`"+tag+"`", "%s.%s (%q) is not described in docs/json.md", rt.Name(), rt.Field(i).Name, tag)
		}
	}
	assert.Contains(t, doc, "| `"+Schema+"` |")
	for _, name := range RuntimeNames() {
		assert.Contains(t, doc, "`"+name+"`")
	}
}

// TestWriteJSON: keys in order, lists never null, a vertex shader alone
// has no runtimes.
func TestWriteJSON(t *testing.T) {
	r := Programs(parse(t, "vs.asm", okVS), parse(t, "ps.asm", okPS+"mov r32, v0\n"), "vs.asm", "ps.asm")
	var b bytes.Buffer
	require.NoError(t, r.WriteJSON(&b))
	assert.Equal(t, `{
  "schema": "shpack.check/1",
  "problems": [
    {
      "file": "ps.asm",
      "line": 5,
      "offset": 0,
      "message": "mov r32, v0: r32 is out of range: ps_3_0 has r0 to r31"
    }
  ],
  "runtimes": {
    "wined3d": {
      "lost": [
        {
          "semantic": "TEXCOORD",
          "index": 0,
          "components": "xy",
          "why": "wined3d keeps only v0's last dcl, TEXCOORD1: this reads 0"
        }
      ]
    },
    "mojoshader": {
      "lost": []
    },
    "dxvk2": {
      "lost": [
        {
          "semantic": "TEXCOORD",
          "index": 0,
          "components": "xy",
          "why": "DXVK 2 stores each dcl's slot into all of v0, and the last, TEXCOORD1, overwrites this"
        },
        {
          "semantic": "TEXCOORD",
          "index": 1,
          "components": "zw",
          "why": "DXVK 2 moves o1.zw to the front of the slot, and the pixel shader reads it at its own letters"
        }
      ]
    },
    "dxvk3": {
      "lost": [
        {
          "semantic": "TEXCOORD",
          "index": 1,
          "components": "zw",
          "why": "DXVK 3 reads only v0's first dcl, TEXCOORD0"
        }
      ]
    }
  }
}
`, b.String())

	b.Reset()
	require.NoError(t, Programs(parse(t, "vs.asm", okVS), nil, "vs.asm", "").WriteJSON(&b))
	var doc map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b.Bytes(), &doc))
	assert.JSONEq(t, `[]`, string(doc["problems"]))
	assert.JSONEq(t, `{}`, string(doc["runtimes"]))
}
