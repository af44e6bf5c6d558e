//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main explains how to build the playground: it runs in a browser only.
func main() {
	fmt.Fprintln(os.Stderr, "the playground runs in a browser: GOOS=js GOARCH=wasm go build -o web/shpack.wasm ./web (see web/index.html)")
	os.Exit(2)
}
