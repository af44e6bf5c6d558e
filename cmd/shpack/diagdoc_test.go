package main

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// sarifSchemaEnv names the SARIF 2.1.0 JSON schema (OASIS's
// sarif-schema-2.1.0.json), which this repository does not hold: where it
// is set, every SARIF document of the tests is validated against it.
const sarifSchemaEnv = "SHPACK_SARIF_SCHEMA"

// checkSARIF checks a SARIF document: always against the rules of SARIF
// 2.1.0 that shpack's output touches (version, tool, result levels,
// messages, locations as URI references with 1-based regions); with
// SHPACK_SARIF_SCHEMA, against the whole schema.
func checkSARIF(t *testing.T, doc []byte) map[string]any {
	t.Helper()
	var v map[string]any
	require.NoError(t, json.Unmarshal(doc, &v), "%s", doc)
	assert.Equal(t, "2.1.0", v["version"])
	runs := v["runs"].([]any)
	require.Len(t, runs, 1)
	run := runs[0].(map[string]any)
	assert.Equal(t, "shpack", run["tool"].(map[string]any)["driver"].(map[string]any)["name"])
	for _, r := range run["results"].([]any) {
		res := r.(map[string]any)
		assert.Contains(t, []string{"none", "note", "warning", "error"}, res["level"])
		assert.NotEmpty(t, res["message"].(map[string]any)["text"])
		for _, key := range []string{"locations", "relatedLocations"} {
			locs, _ := res[key].([]any)
			for _, l := range locs {
				phys := l.(map[string]any)["physicalLocation"].(map[string]any)
				uri := phys["artifactLocation"].(map[string]any)["uri"].(string)
				_, err := url.Parse(uri)
				assert.NoError(t, err, uri)
				if reg, ok := phys["region"].(map[string]any); ok {
					assert.GreaterOrEqual(t, reg["startLine"].(float64), 1.0)
					if c, ok := reg["startColumn"]; ok {
						assert.GreaterOrEqual(t, c.(float64), 1.0)
					}
				}
			}
		}
	}
	if path := os.Getenv(sarifSchemaEnv); path != "" {
		c := jsonschema.NewCompiler()
		sch, err := c.Compile(path)
		require.NoError(t, err)
		inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
		require.NoError(t, err)
		assert.NoError(t, sch.Validate(inst), "the SARIF 2.1.0 schema")
	} else {
		t.Logf("%s is unset: SARIF checked against the rules shpack's output touches, not the whole schema", sarifSchemaEnv)
	}
	return v
}

// TestDiagnosticsDocuments: --diagnostics-format=sarif and =json print the
// run's diagnostics (errors with their notes, notes of a run that
// succeeds) as one document on stderr, nothing else there; the exit status
// is the command's. --color colours gcc-style diagnostics on request, and
// never where they go to a file unless asked.
func TestDiagnosticsDocuments(t *testing.T) {
	t.Chdir(testenv.Root(t))
	bad := filepath.Join("corpus", "err_duplicate_semantic.hlsl")
	fx := filepath.Join("corpus", "rewrite", "sdk_effect_out_params.fx")
	out := filepath.Join(testenv.TempDir(t), "x.fx")

	code, stdout, stderr := shpackRun("--diagnostics-format=sarif", bad)
	assert.Equal(t, exitInput, code)
	assert.Empty(t, stdout)
	v := checkSARIF(t, []byte(stderr))
	res := v["runs"].([]any)[0].(map[string]any)["results"].([]any)
	require.Len(t, res, 1)
	r := res[0].(map[string]any)
	assert.Equal(t, "error", r["level"])
	assert.Contains(t, r["message"].(map[string]any)["text"], "output TEXCOORD2 used more than once")
	assert.Len(t, r["relatedLocations"], 1, "the note at the other declaration")

	code, _, stderr = shpackRun("rewrite", "--diagnostics-format=sarif", "-o", out, fx)
	assert.Equal(t, exitOK, code)
	v = checkSARIF(t, []byte(stderr))
	res = v["runs"].([]any)[0].(map[string]any)["results"].([]any)
	require.NotEmpty(t, res)
	assert.Equal(t, "note", res[0].(map[string]any)["level"])

	code, _, stderr = shpackRun("link", "--diagnostics-format=json", bad)
	assert.Equal(t, exitInput, code)
	var doc struct {
		Schema      string
		Diagnostics []struct {
			Severity, File, Message string
			Line, Column            int
			Notes                   []struct{ File, Message string }
		}
	}
	require.NoError(t, json.Unmarshal([]byte(stderr), &doc), stderr)
	assert.Equal(t, "shpack.diagnostics/1", doc.Schema)
	require.NotEmpty(t, doc.Diagnostics)
	d := doc.Diagnostics[0]
	assert.Equal(t, "error", d.Severity)
	assert.Equal(t, bad, d.File)
	assert.Positive(t, d.Line)
	assert.Positive(t, d.Column)

	code, _, stderr = shpackRun("--color=always", bad)
	assert.Equal(t, exitInput, code)
	assert.Contains(t, stderr, "\x1b[1;31merror:\x1b[0m")
	assert.Contains(t, stderr, "\x1b[1;36mnote:\x1b[0m")
	for _, args := range [][]string{{"--color=never", bad}, {bad}} {
		_, _, stderr = shpackRun(args...)
		assert.NotContains(t, stderr, "\x1b[", "%v: no colour into a file", args)
	}
	t.Setenv("NO_COLOR", "1")
	_, _, stderr = shpackRun("--color=always", bad)
	assert.Contains(t, stderr, "\x1b[", "--color=always is asked for")
	code, _, _ = shpackRun("--color=blue", bad)
	assert.Equal(t, exitUsage, code)
}
