package pp

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPPIncludeHook: Options.Include answers every #include in place of
// the search, as D3DCompile's ID3DInclude does. It is told the name as
// written, whether it was <name>, and the name it gave the including file
// ("" for the main file); the name it returns is what positions and
// Result.Files call the file, and its identity: #pragma once holds across
// two spellings it names as one file. ReadFile and the include
// directories are not consulted.
func TestPPIncludeHook(t *testing.T) {
	files := map[string]string{
		"lib/a.fxh":  "a1\n#include \"b.fxh\"\n#include <sys.fxh>\na2",
		"lib/b.fxh":  "#pragma once\nb1",
		"<sys.fxh>":  "s1 __FILE__",
		"lib/b2.fxh": "never read",
	}
	var calls []string
	opts := &Options{
		IncludeDirs: []string{"nowhere"},
		ReadFile: func(string) ([]byte, error) {
			t.Error("ReadFile called with Include set")
			return nil, fs.ErrNotExist
		},
		Include: func(name string, system bool, parent string) (string, []byte, error) {
			calls = append(calls, fmt.Sprintf("%s system=%v parent=%q", name, system, parent))
			file := name
			switch {
			case system:
				file = "<" + name + ">"
			case name == "B.FXH": // another spelling of one file
				file = "lib/b.fxh"
			case parent != "":
				file = "lib/" + name
			}
			src, ok := files[file]
			if !ok {
				return "", nil, fmt.Errorf("no %s: %w", name, fs.ErrNotExist)
			}
			return file, []byte(src), nil
		},
	}
	res, errs := Preprocess("main.fx", []byte("m1\n#include \"lib/a.fxh\"\n#include \"B.FXH\"\nm2\n"), opts)
	require.Empty(t, errs)
	assert.Equal(t, "m1 a1 b1 s1 \"<sys.fxh>\" a2 m2", ppText(res.Tokens))
	assert.Equal(t, []string{
		`lib/a.fxh system=false parent=""`,
		`b.fxh system=false parent="lib/a.fxh"`,
		`sys.fxh system=true parent="lib/a.fxh"`,
		`B.FXH system=false parent=""`,
	}, calls)
	assert.Equal(t, []string{"main.fx", "lib/a.fxh", "lib/b.fxh", "<sys.fxh>"}, res.Files)
	assert.Equal(t, "lib/b.fxh", res.Contexts[2].File)
	assert.Equal(t, "lib/b.fxh", res.Contexts[2].Path)
	var where []string
	for _, tok := range res.Tokens[:len(res.Tokens)-1] {
		where = append(where, res.Pos(&tok).String())
	}
	assert.Equal(t, []string{"main.fx:1:1", "lib/a.fxh:1:1", "lib/b.fxh:2:1", "<sys.fxh>:1:1", "<sys.fxh>:1:4", "lib/a.fxh:4:1", "main.fx:4:1"}, where)
}

// TestPPIncludeHookErrors: a file the hook does not have is missing (an
// error, or a warning under AllowMissingIncludes) saying that the callback
// has no such file; another error is reported as the hook gave it.
func TestPPIncludeHookErrors(t *testing.T) {
	hook := func(name string, system bool, parent string) (string, []byte, error) {
		switch name {
		case "broken.fxh":
			return "", nil, errors.New("the archive is damaged")
		case "big.fxh":
			return name, make([]byte, 1000), nil
		}
		return "", nil, fs.ErrNotExist
	}
	_, errs := Preprocess("main.fx", []byte("#include \"gone.fxh\"\n#include \"broken.fxh\"\n#include \"big.fxh\"\n"), &Options{Include: hook, Limits: Limits{MaxInput: 500}})
	require.Len(t, errs, 3)
	assert.Equal(t, `main.fx:1:1: error: cannot open include file "gone.fxh": not found (the include callback has no such file)`, errs[0].Error())
	assert.Equal(t, `main.fx:2:1: error: cannot open include file "broken.fxh": the archive is damaged`, errs[1].Error())
	assert.Contains(t, errs[2].Error(), "main.fx:3:1: error: ")
	assert.Contains(t, errs[2].Error(), "1000 bytes")

	res, errs := Preprocess("main.fx", []byte("#include <gone.fxh>\nx\n"), &Options{Include: hook, AllowMissingIncludes: true})
	require.Empty(t, errs)
	require.Len(t, res.Warnings, 1)
	assert.Equal(t, `main.fx:1:1: warning: include file "gone.fxh" not found (the include callback has no such file); skipped`, res.Warnings[0].Error())
}
