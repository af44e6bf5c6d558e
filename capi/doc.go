// Package main (capi) is shpack as a C library: built with go build
// -buildmode=c-shared into libshpack.so, shpack.dll or libshpack.dylib,
// with the hand-written public header shpack.h, for engines that compile
// their Direct3D 9 shaders while the game runs (D3DCompile): one call
// before the compile rewrites the source and its defines into a source
// that fits vs_3_0/ps_3_0's registers (docs/c-library.md).
//
// It owns the C ABI and nothing else: reading a request out of C memory
// (export.go, shpack.c), the options string (options.go), the include
// callback (includes.go), and the results in C memory, freed only by the
// library. The work is driver's, through the few calls of calls.go.
// No panic crosses the boundary (each exported function recovers, and a
// fault on the caller's memory is a panic there), no state is kept
// between calls, and any number of threads may call at once.
//
// Without cgo (CGO_ENABLED=0, as cross builds are by default) there is
// no library to build: main then only says so.
package main
