package main

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/shpack/shpack/ir"
)

// TestHintsAreFlags: every option a hint of the library may name is a
// flag of the command of that name, so that flagHint renders it as one.
func TestHintsAreFlags(t *testing.T) {
	flags := map[string]bool{}
	for _, f := range flagTable {
		flags[f.name] = true
	}
	for _, o := range ir.HintOptions() {
		assert.True(t, flags[string(o)], "hint option %q is no flag: flagHint would print --%s", o, o)
	}
	assert.Equal(t, "--vs-entry=NAME", flagHint(ir.Hint{Option: ir.OptVSEntry, Value: "NAME"}))
	assert.Equal(t, "--all", flagHint(ir.Hint{Option: ir.OptAll}))
}
