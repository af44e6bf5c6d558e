package fxcstandin

import "os"

// crash ends the stand-in with the status of an access violation
// (0xC0000005), as Windows ends a compiler that crashes.
func crash() { os.Exit(0xC0000005) }
