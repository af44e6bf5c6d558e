//go:build js && wasm

package main

import "syscall/js"

// main registers shpackRun(source, {strategy, profile, multiDcl}) for the
// page, returning {svg, asm, json, diagnostics, ok}, and waits.
func main() {
	js.Global().Set("shpackRun", js.FuncOf(func(this js.Value, args []js.Value) any {
		if len(args) < 2 {
			return js.ValueOf(map[string]any{"diagnostics": "shpackRun(source, options)", "ok": false})
		}
		o := args[1]
		r := Run(args[0].String(), Options{
			Strategy: o.Get("strategy").String(),
			Profile:  o.Get("profile").String(),
			MultiDcl: o.Get("multiDcl").Truthy(),
		})
		return js.ValueOf(map[string]any{"svg": r.SVG, "asm": r.Asm, "json": r.JSON, "diagnostics": r.Diagnostics, "ok": r.OK})
	}))
	js.Global().Call("shpackReady")
	select {}
}
