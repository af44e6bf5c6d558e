package emit

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/report"
	"github.com/shpack/shpack/internal/testenv"
)

// TestJSONDocumented: every field of every JSON document, and every
// schema, is described in docs/json.md.
func TestJSONDocumented(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testenv.Root(t), "docs", "json.md"))
	require.NoError(t, err)
	doc := string(data)
	types := []any{
		LayoutJSON{}, ElementJSON{}, SemanticJSON{}, LinkJSONDoc{}, EffectJSONDoc{}, PassJSONLayouts{},
		VariantsJSONDoc{}, VariantJSON{}, ListJSON{}, SignatureJSON{}, ListElementJSON{}, TechniqueJSON{},
		PassJSON{}, ShaderRefJSON{},
		report.Compare{}, report.SignatureResults{}, report.Result{}, report.Summary{}, report.Failure{},
	}
	for _, v := range types {
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			tag := strings.Split(rt.Field(i).Tag.Get("json"), ",")[0]
			if tag == "" || tag == "-" {
				continue
			}
			assert.Contains(t, doc, "`"+tag+"`", "%s.%s (%q) is not described in docs/json.md", rt.Name(), rt.Field(i).Name, tag)
		}
	}
	for _, s := range []string{LayoutSchema, LinkSchema, ListSchema, EffectSchema, VariantsSchema, report.Schema} {
		assert.Contains(t, doc, "| `"+s+"` |", "schema %s is not in the table of docs/json.md", s)
	}
}
