package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
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
