package driver_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOneCallPerOperation keeps the package's face small (issue 41): at
// most 12 exported functions, one per operation and what they need, and
// no function longer than 120 lines (a pass that grows is a state struct
// with a method per step, as rewriteVariantSets is).
func TestOneCallPerOperation(t *testing.T) {
	fset := token.NewFileSet()
	names, err := filepath.Glob("*.go")
	require.NoError(t, err)
	var exported []string
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		require.NoError(t, err)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			if fd.Recv == nil && fd.Name.IsExported() {
				exported = append(exported, fd.Name.Name)
			}
			lines := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1
			assert.LessOrEqual(t, lines, 120, "%s is %d lines", fd.Name.Name, lines)
		}
	}
	assert.LessOrEqual(t, len(exported), 12, "exported functions: %v", exported)
}
