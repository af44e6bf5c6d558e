//go:build !cgo

package main

import (
	"fmt"
	"os"
)

// main says how to build the library: without cgo there is none.
func main() {
	fmt.Fprintln(os.Stderr, "capi is shpack's C library: build it with cgo, as go build -buildmode=c-shared -o libshpack.so ./capi (CGO_ENABLED=1, and CC for a cross build); docs/c-library.md")
	os.Exit(2)
}
