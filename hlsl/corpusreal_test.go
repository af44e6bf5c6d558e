package hlsl

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/realcorpus"
	"github.com/shpack/shpack/internal/testenv"
)

// realExceptions lists the corpus files that cannot be read at all, with the
// reason and a substring of the error that proves it. A new failure, or an
// exception that starts to pass, fails the test.
var realExceptions = map[string]struct{ reason, err string }{
	"directx-sdk-samples/C++/Direct3D/SkinnedMesh/skinmesh1.vsh": {"vs.1.1 shader assembly, not HLSL", "shader assembly"},
	"directx-sdk-samples/C++/Direct3D/SkinnedMesh/skinmesh2.vsh": {"vs.1.1 shader assembly, not HLSL", "shader assembly"},
	"directx-sdk-samples/C++/Direct3D/SkinnedMesh/skinmesh3.vsh": {"vs.1.1 shader assembly, not HLSL", "shader assembly"},
	"directx-sdk-samples/C++/Direct3D/SkinnedMesh/skinmesh4.vsh": {"vs.1.1 shader assembly, not HLSL", "shader assembly"},
}

// realLowerExceptions are structs and functions that fail to lower, by
// "file|name", with the reason and an error substring.
var realLowerExceptions = map[string]struct{ reason, err string }{
	"directx-sdk-samples/C++/Direct3D10/SubD10/SubDtoBezier.fx|VS_INPUT_EXTRA":            {"MAX_POINTS is defined by the host application (needs -D)", "MAX_POINTS is not a constant"},
	"directx-sdk-samples/C++/Direct3D10/SubD10/SubDtoBezier.fx|VS_OUTPUT":                 {"PATCH_STRIDE is defined by the host application (needs -D)", "PATCH_STRIDE is not a constant"},
	"directx-sdk-samples/C++/Direct3D10/SubD10/SubDtoBezier.fx|VSConvertToBezierB_Extra":  {"MAX_POINTS is defined by the host application (needs -D)", "MAX_POINTS is not a constant"},
	"directx-sdk-samples/C++/Direct3D10/SubD10/SubDtoBezier.fx|VSConvertToBezierUV_Extra": {"MAX_POINTS is defined by the host application (needs -D)", "MAX_POINTS is not a constant"},
	"directx-sdk-samples/C++/Direct3D10/SubD10/SubDtoBezier.fx|VSConvertToBezierB_Reg":    {"PATCH_STRIDE is defined by the host application (needs -D)", "PATCH_STRIDE is not a constant"},
	"directx-sdk-samples/C++/Direct3D/IrradianceVolume/PRT.fx|PRTDiffuseVS":               {"NUM_PCA is defined by the host application (needs -D)", "NUM_PCA is not a constant"},
	"directx-sdk-samples/C++/Direct3D/PRTDemo/prt.fx|PRTDiffuseVS":                        {"NUM_PCA is defined by the host application (needs -D)", "NUM_PCA is not a constant"},
	"directxtk/Src/Shaders/PBRCommon.fxh|VSOut_Velocity":                                  {"a header meant to be included after Structures.fxh", "unknown type VSOutputPixelLightingTx"},
}

type manifestRow struct {
	path    string
	structs []string
	funcs   []string
}

func readManifest(t *testing.T, root string) []manifestRow {
	f, err := os.Open(filepath.Join(root, "MANIFEST.tsv"))
	require.NoError(t, err)
	defer f.Close()
	var rows []manifestRow
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	sc.Scan() // header
	split := func(s string) []string {
		if s == "" {
			return nil
		}
		return strings.Split(s, ",")
	}
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		for len(cols) < 6 {
			cols = append(cols, "")
		}
		r := manifestRow{path: cols[0], structs: split(cols[3])}
		for _, fn := range split(cols[4]) {
			if name, _, ok := strings.Cut(fn, "->"); ok {
				fn = name
			} else if name, _, ok := strings.Cut(fn, ":"); ok {
				fn = name
			}
			r.funcs = append(r.funcs, fn)
		}
		r.funcs = append(r.funcs, split(cols[5])...)
		rows = append(rows, r)
	}
	require.NoError(t, sc.Err())
	return rows
}

// TestCorpusReal lowers every struct with semantics and every entry-point
// candidate that MANIFEST.tsv names in the real-world corpus. Each must
// lower, or fail with the specific error its exception names.
func TestCorpusReal(t *testing.T) {
	testenv.Heavy(t)
	root := realcorpus.Root(t)
	rows := readManifest(t, root)
	var structs, structsOK, funcs, funcsOK, files, filesOK, withWarnings int
	seenFile := map[string]bool{}
	seenLower := map[string]bool{}
	for _, r := range rows {
		files++
		src, err := os.ReadFile(filepath.Join(root, r.path))
		require.NoError(t, err)
		missing, allowMissing := realcorpus.Missing[r.path]
		o := realcorpus.Options(root, r.path)
		u, err := ParseFile(filepath.Join(root, r.path), src, &PPOptions{
			IncludeDirs: o.IncludeDirs, Defines: o.Defines, AllowMissingIncludes: o.AllowMissingIncludes,
		})
		if ex, ok := realExceptions[r.path]; ok {
			seenFile[r.path] = true
			if assert.Error(t, err, "%s: expected to fail: %s", r.path, ex.reason) {
				assert.Contains(t, err.Error(), ex.err, r.path)
			}
			structs += len(r.structs)
			funcs += len(r.funcs)
			continue
		}
		if !assert.NoError(t, err, r.path) {
			continue
		}
		if allowMissing {
			seenFile[r.path] = true
			if assert.NotEmpty(t, u.PP.Warnings, r.path) {
				assert.Contains(t, u.PP.Warnings.Error(), fmt.Sprintf(`"%s" not found`, missing), r.path) // as written
			}
			withWarnings++
		} else {
			assert.Empty(t, u.PP.Warnings, r.path)
		}
		filesOK++
		list := u.List()
		lowered := func(kind, name string) {
			key := r.path + "|" + name
			var found *Listing
			for i := range list {
				if list[i].Kind == kind && list[i].Name == name && (found == nil || found.Err != nil) {
					found = &list[i]
				}
			}
			if found == nil {
				// The regex scan also lists functions whose semantics hide
				// behind macros that expand away, and helpers shpack does
				// not list; entries must still lower on request.
				if kind == "function" {
					_, _, err := u.Entry(name)
					found = &Listing{Err: err}
				} else {
					_, err := u.Struct(name)
					found = &Listing{Err: err}
				}
			}
			if ex, ok := realLowerExceptions[key]; ok {
				seenLower[key] = true
				if assert.Error(t, found.Err, "%s: expected to fail: %s", key, ex.reason) {
					assert.Contains(t, found.Err.Error(), ex.err, key)
				}
				return
			}
			if found.Err != nil && kind == "function" && helperFunction(found.Err) {
				// Helper functions that take semantic structs but return
				// values without semantics are not entry points.
				funcsOK++
				return
			}
			if assert.NoError(t, found.Err, key) {
				if kind == "struct" {
					structsOK++
				} else {
					funcsOK++
				}
			}
		}
		for _, s := range r.structs {
			structs++
			lowered("struct", s)
		}
		for _, f := range r.funcs {
			funcs++
			lowered("function", f)
		}
	}
	for path := range realExceptions {
		assert.True(t, seenFile[path], "exception for %s was not used", path)
	}
	for path := range realcorpus.Missing {
		assert.True(t, seenFile[path], "missing-include entry for %s was not used", path)
	}
	for key := range realLowerExceptions {
		assert.True(t, seenLower[key], "exception for %s was not used", key)
	}
	t.Logf("files: %d parsed of %d (%d with a missing include skipped); structs: %d of %d lowered (%.1f%%); functions: %d of %d",
		filesOK, files, withWarnings, structsOK, structs, 100*float64(structsOK)/float64(structs), funcsOK, funcs)
	assert.GreaterOrEqual(t, float64(structsOK)/float64(structs), 0.99, "at least 99%% of MANIFEST's structs lower")
}

// helperFunction reports whether a function failed only because its return
// value has no semantic: a helper, not an entry point.
func helperFunction(err error) bool {
	return strings.Contains(err.Error(), "error: the return value of ")
}
