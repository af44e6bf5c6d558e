package rewrite

import (
	"github.com/shpack/shpack/hlsl/pp"
)

// Relocate returns src, the text of a file that is to be written into
// another folder than the one it was read from, with the name of each
// #include "NAME" it spells replaced by resolve(NAME), unless that is ""
// (an include resolve leaves as it is: an absolute path, or one found
// through the build's -I folders, which the build still passes). A
// quoted include is searched first in the including file's own folder:
// a copy of the file elsewhere finds none of its neighbours unless their
// names say where they are from there. Every directive is relocated,
// also those in groups a permutation skips; #include <NAME> is never
// searched in the file's folder and stays. Nothing else changes: the
// line ends, the #line directives (which name the original file, where
// the user's code is) and the text around each name.
func Relocate(src []byte, resolve func(name string) string) []byte {
	toks, _ := pp.Scan("", src)
	var edits []Edit
	for i := 0; i+2 < len(toks); i++ {
		hash, dir, name := &toks[i], &toks[i+1], &toks[i+2]
		if !hash.BOL || hash.Kind != pp.TokPunct || hash.Text != "#" ||
			dir.BOL || dir.Kind != pp.TokIdent || dir.Text != "include" ||
			name.BOL || name.Kind != pp.TokString || len(name.Text) < 2 || !name.Spelled(src) {
			continue
		}
		to := resolve(name.Text[1 : len(name.Text)-1])
		if to == "" {
			continue
		}
		edits = append(edits, Edit{Off: int(name.Off) + 1, End: int(name.Off) + len(name.Text) - 1, Text: to})
	}
	if len(edits) == 0 {
		return src
	}
	return ApplyEdits(src, edits)
}
