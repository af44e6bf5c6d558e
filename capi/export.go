//go:build cgo

package main

/*
#define SHPACK_BUILDING
#include <stdlib.h>
#include "shpack.h"
#include "internal.h"
*/
import "C"

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"unsafe"

	"github.com/shpack/shpack/internal/version"
)

// The C ABI: shpack.c's public functions call these, which read the C
// request into Go (request.go does the work) and copy what it made into
// C memory. None lets a panic through: a fault on the caller's memory (a
// bad pointer) is a panic here too (debug.SetPanicOnFault), recovered
// into a diagnostic and code 2; a panic while the source is worked on is
// code 1 (request.go).

// fixedRequestSize is the size of shpack_rewrite_request's first version:
// everything up to options, which a caller's struct_size must cover.
const fixedRequestSize = unsafe.Offsetof(C.shpack_rewrite_request{}.options) + unsafe.Sizeof(C.shpack_rewrite_request{}.options)

// main is not called: the package is built as a C library.
func main() {}

// shpackgo_rewrite is shpack_rewrite, which shpack.c declares with its
// const pointers.
//
//export shpackgo_rewrite
func shpackgo_rewrite(creq unsafe.Pointer, cout *unsafe.Pointer) (code C.int) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if recover() != nil { // out points nowhere: nothing can be handed out
			code = codeBadRequest
		}
	}()
	if cout == nil {
		return codeBadRequest
	}
	*cout = nil
	resp := guarded(codeBadRequest, func() response {
		req, bad := readRequest((*C.shpack_rewrite_request)(creq))
		if bad != nil {
			return *bad
		}
		return req.rewrite()
	})
	res := C.shpack_new_result()
	if res == nil {
		return codeBadRequest
	}
	ok := true
	if resp.text != nil {
		res.text, res.text_size = copyOut(resp.text), C.size_t(len(resp.text))
		ok = res.text != nil
	}
	res.diagnostics = copyOut(resp.diagnostics)
	ok = ok && res.diagnostics != nil
	if resp.layout != nil {
		res.layout = copyOut(resp.layout)
		ok = ok && res.layout != nil
	}
	if !ok { // out of memory: nothing half made
		C.shpack_result_free(res)
		return codeBadRequest
	}
	*cout = unsafe.Pointer(res)
	return C.int(resp.code)
}

// readRequest reads the C request, checking what C cannot: sizes and
// pointers that must be set. A request it cannot run is a response.
func readRequest(c *C.shpack_rewrite_request) (*request, *response) {
	bad := func(format string, args ...any) (*request, *response) {
		r := badRequest(format, args...)
		return nil, &r
	}
	switch {
	case c == nil:
		return bad("the request is NULL")
	case uintptr(c.struct_size) < fixedRequestSize:
		return bad("the request's struct_size is %d, less than the first version's %d bytes: set it to sizeof(shpack_rewrite_request)", c.struct_size, fixedRequestSize)
	case c.source == nil && c.source_size > 0:
		return bad("the request's source is NULL and its source_size %d", c.source_size)
	case uint64(c.source_size) > 1<<31:
		return bad("the request's source_size %d is more than 2 GiB", c.source_size)
	}
	size := uintptr(c.struct_size)
	if known := unsafe.Sizeof(*c); size > known {
		// A newer header's struct: fields this library does not know
		// must be zero, or the caller asks for something it cannot do.
		extra := unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(c), known)), size-known)
		if !bytes.Equal(extra, make([]byte, len(extra))) {
			return bad("the request sets fields past the %d bytes this library knows (struct_size %d): they need a newer shpack library than %s", known, size, version.String())
		}
	}
	r := &request{
		source:  bytes.Clone(unsafe.Slice((*byte)(unsafe.Pointer(c.source)), int(c.source_size))),
		name:    goString(c.source_name),
		vsEntry: goString(c.vs_entry),
		psEntry: goString(c.ps_entry),
		options: goString(c.options),
	}
	if r.source == nil {
		r.source = []byte{}
	}
	if c.defines != nil {
		for i, d := 0, c.defines; d.name != nil || d.value != nil; i, d = i+1, (*C.shpack_define)(unsafe.Add(unsafe.Pointer(d), unsafe.Sizeof(*d))) {
			name := C.GoString(d.name)
			switch {
			case d.name == nil:
				return bad("defines[%d] has a value and no name (a list ends with {NULL, NULL})", i)
			case name == "" || strings.ContainsAny(name, "= \t\r\n"):
				return bad("defines[%d]: %q is not a macro name", i, name)
			case d.value == nil:
				r.defines = append(r.defines, name)
			default:
				r.defines = append(r.defines, name+"="+C.GoString(d.value))
			}
		}
	}
	if c.open != nil {
		r.open = opener(c.open, c.open_ctx)
	}
	layoutEnd := unsafe.Offsetof(c.layout_size) + unsafe.Sizeof(c.layout_size)
	if size >= layoutEnd && c.layout != nil {
		switch {
		case c.layout_size == 0:
			r.layout = []byte(C.GoString(c.layout))
		case uint64(c.layout_size) > 1<<31:
			return bad("the request's layout_size %d is more than 2 GiB", c.layout_size)
		default:
			r.layout = bytes.Clone(unsafe.Slice((*byte)(unsafe.Pointer(c.layout)), int(c.layout_size)))
		}
	}
	return r, nil
}

// opener calls the request's open callback. Its bytes are copied at once:
// they need only live until the callback is called again. A size past
// 2 GiB, or bytes that cannot be read, are the callback's fault.
func opener(open C.shpack_open_fn, ctx unsafe.Pointer) func(system bool, name, parent string) ([]byte, bool, error) {
	return func(system bool, name, parent string) ([]byte, bool, error) {
		cname := C.CString(name)
		defer C.free(unsafe.Pointer(cname))
		var cparent *C.char
		if parent != "" {
			cparent = C.CString(parent)
			defer C.free(unsafe.Pointer(cparent))
		}
		sys := C.int(0)
		if system {
			sys = 1
		}
		var data *C.char
		var size C.size_t
		if C.shpack_call_open(open, ctx, sys, cname, cparent, &data, &size) != 0 {
			return nil, false, nil
		}
		switch {
		case size == 0:
			return []byte{}, true, nil
		case data == nil:
			return nil, false, fmt.Errorf("it gave %q a size of %d bytes and no data", name, size)
		case uint64(size) > 1<<31:
			return nil, false, fmt.Errorf("it gave %q a size of %d bytes", name, size)
		}
		b, err := readC(unsafe.Pointer(data), int(size))
		if err != nil {
			return nil, false, fmt.Errorf("it gave %q %v", name, err)
		}
		return b, true, nil
	}
}

// readC copies n bytes of C memory at p; memory that cannot be read is an
// error (the caller's goroutine panics on faults: SetPanicOnFault).
func readC(p unsafe.Pointer, n int) (b []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			b, err = nil, fmt.Errorf("%d bytes at %p, which cannot be read (%v)", n, p, r)
		}
	}()
	return bytes.Clone(unsafe.Slice((*byte)(p), n)), nil
}

// shpackgo_check is shpack_check (shpack.c).
//
//export shpackgo_check
func shpackgo_check(vs unsafe.Pointer, vsSize C.size_t, ps unsafe.Pointer, psSize C.size_t, report **C.char) (code C.int) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if recover() != nil { // report points nowhere
			code = codeBadRequest
		}
	}()
	var out []byte
	func() {
		defer func() {
			if p := recover(); p != nil {
				code, out = codeBadRequest, checkProblem("internal error: %v", p)
			}
		}()
		switch {
		case vs == nil:
			code, out = codeBadRequest, checkProblem("no vertex shader: vs is NULL")
			return
		case vsSize > 1<<31 || psSize > 1<<31:
			code, out = codeBadRequest, checkProblem("a program of more than 2 GiB")
			return
		}
		v := bytes.Clone(unsafe.Slice((*byte)(vs), int(vsSize)))
		if v == nil {
			v = []byte{}
		}
		var p []byte
		if ps != nil {
			if p = bytes.Clone(unsafe.Slice((*byte)(ps), int(psSize))); p == nil {
				p = []byte{}
			}
		}
		c, doc, err := callCheck(v, p)
		if err != nil {
			c, doc = codeBadRequest, checkProblem("internal error: %v", err)
		}
		code, out = C.int(c), doc
	}()
	if report != nil {
		*report = copyOut(out)
	}
	return code
}

// checkProblem is a shpack.check/1 document with one problem of the
// whole request.
func checkProblem(format string, args ...any) []byte {
	msg, _ := json.Marshal(fmt.Sprintf(format, args...))
	return fmt.Appendf(nil, "{\n  \"schema\": \"shpack.check/1\",\n  \"problems\": [\n    {\n      \"file\": \"\",\n      \"line\": 0,\n      \"offset\": 0,\n      \"message\": %s\n    }\n  ],\n  \"runtimes\": {}\n}\n", msg)
}

// versionString is shpack_version's string: made once, never freed.
var versionString = sync.OnceValue(func() *C.char { return C.CString(version.String()) })

// shpackgo_version is shpack_version (shpack.c).
//
//export shpackgo_version
func shpackgo_version() *C.char { return versionString() }

// copyOut copies b into C memory with a NUL after it (nil when memory ran
// out).
func copyOut(b []byte) *C.char {
	return C.shpack_alloc_copy(unsafe.Pointer(unsafe.SliceData(b)), C.size_t(len(b)))
}

// goString reads a C string; NULL is "".
func goString(s *C.char) string {
	if s == nil {
		return ""
	}
	return C.GoString(s)
}
