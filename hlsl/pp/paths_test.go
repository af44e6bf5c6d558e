package pp

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestDisplayNames checks the rule an included file's display name follows
// (paths.go): the including folder as spelled, the name as written, "."
// and ".." cleaned, each separator the one the user typed.
func TestDisplayNames(t *testing.T) {
	sep := string(filepath.Separator)
	cases := []struct{ dir, name, want string }{
		{"dir/", "i.fxh", "dir/i.fxh"},
		{`dir\`, "i.fxh", `dir\i.fxh`},
		{"", "i.fxh", "i.fxh"},
		{"", `sub\i.fxh`, `sub\i.fxh`},
		{"", "./i.fxh", "i.fxh"},
		{"Shaders/", `..\Common\Lighting.fxh`, `Common\Lighting.fxh`},
		{"Shaders/Sub/", `..\Common\Lighting.fxh`, `Shaders/Common\Lighting.fxh`},
		{`Shaders\`, "sub/x.fxh", `Shaders\sub/x.fxh`},
		{"a/b\\", `..\c.fxh`, "a/c.fxh"},
		{"a//b/", "./x.fxh", "a/b/x.fxh"},
		{"", "../x.fxh", "../x.fxh"},
		{"a/", "../../x.fxh", "../x.fxh"},
		{"/abs/", "../../../x.fxh", "/x.fxh"},
		{`C:\proj\`, `..\..\x.fxh`, `C:\x.fxh`},
		{"C:", "x.fxh", "C:x.fxh"},
		{`\\server\share\`, "x.fxh", `\\server\share\x.fxh`},
		// An absolute name stands alone.
		{"dir/", `C:\Shaders\x.fxh`, `C:\Shaders\x.fxh`},
		{"dir/", "c:/Shaders/../x.fxh", "c:/x.fxh"},
		{"dir/", "/usr/include/x.fxh", "/usr/include/x.fxh"},
		{"dir/", `\x.fxh`, `\x.fxh`},
		{"dir/", "Q:/x.fxh", "Q:/x.fxh"},
		// An include directory without a final separator: its own last
		// separator, else the name's first, else this system's.
		{"inc/sub", "x.fxh", "inc/sub/x.fxh"},
		{`C:\inc`, "x.fxh", `C:\inc\x.fxh`},
		{"inc", `sub\x.fxh`, `inc\sub\x.fxh`},
		{"inc", "sub/x.fxh", "inc/sub/x.fxh"},
		{"inc", "x.fxh", "inc" + sep + "x.fxh"},
		{"../inc", "../x.fxh", "../x.fxh"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, displayJoin(c.dir, c.name), "%q + %q", c.dir, c.name)
	}
	// A drive letter without a separator: on Windows a drive's current
	// folder, elsewhere part of a file's name.
	drive := map[bool]string{true: "C:", false: ""}[windows]
	assert.Equal(t, drive+"x.fxh", displayJoin(displayDir("C:m.fx"), "x.fxh"))
	assert.Equal(t, map[bool]string{true: "g:h.fxh", false: "dir/g:h.fxh"}[windows], displayJoin("dir/", "g:h.fxh"))
	for name, want := range map[string]string{
		"dir/m.fx": "dir/", `C:\x\m.fx`: `C:\x\`, "m.fx": "", "C:m.fx": drive, "/m.fx": "/", `a/b\m.fx`: `a/b\`,
	} {
		assert.Equal(t, want, displayDir(name), "%q", name)
	}
	for dir, want := range map[string]string{
		"": ".", "src/": "src", "src": "src", "/": "/", `C:\`: `C:\`, "a//": "a", `\\`: `\`,
	} {
		assert.Equal(t, want, dirForMessage(dir), "%q", dir)
	}
	for name, want := range map[string]string{
		"x.fxh": "x.fxh", "a/../..": "..", "/..": "/", "C:/..": "C:/", "a/..": ".", "./": ".", "C:": "C:",
	} {
		assert.Equal(t, want, cleanDisplay(name), "%q", name)
	}
}
