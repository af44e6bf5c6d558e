package main

import (
	"os"
	"runtime/debug"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/stretchr/testify/assert"
)

// TestMain lets test scripts run shpack in-process as a command.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"shpack": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the command-line scenarios in testdata/script: exit codes,
// what goes to stdout and stderr, and the files written.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		UpdateScripts:       *update,
		RequireExplicitExec: true,
	})
}

// TestVersionOf: version prints the module version, the VCS revision the
// build stamped (and whether the checkout had changes) and the Go version.
func TestVersionOf(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.25.4", Main: debug.Module{Version: "v1.2.0"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "true"},
	}}
	assert.Equal(t, "v1.2.0 0123456789ab-dirty go1.25.4", versionOf(bi))
	assert.Equal(t, "(devel) go1.26.8", versionOf(&debug.BuildInfo{GoVersion: "go1.26.8"}))
}
