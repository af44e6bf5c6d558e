package main

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// TestPublicAPIHidesParticiple: go doc of every library package shows the
// domain (units, entry points, signatures, layouts, programs, errors),
// none of participle's types (issue 29): the grammar's node types and
// their Parse methods are the front end's own, so a change to the grammar
// is no change to the API.
func TestPublicAPIHidesParticiple(t *testing.T) {
	testenv.Heavy(t)
	goTool := testenv.LinuxTool(t, "go", "that go doc of every library package names none of participle's types")
	t.Chdir(testenv.Root(t))
	for _, pkg := range []string{"hlsl", "hlsl/pp", "ir", "pack", "emit", "driver", "rewrite", "layoutfile", "d3d9", "repack", "check", "compile"} {
		out, err := exec.Command(goTool, "doc", "-all", "./"+pkg).CombinedOutput()
		require.NoError(t, err, "%s: %s", pkg, out)
		for _, ref := range []string{"lexer.", "participle.", "PeekingLexer"} {
			assert.NotContains(t, string(out), ref, "go doc %s", pkg)
		}
		for _, line := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(line, "func (") && strings.Contains(line, ") Parse(lex") {
				t.Errorf("go doc %s: %s", pkg, line)
			}
		}
	}
}
