//go:build js && wasm

package main

import (
	"encoding/json"
	"syscall/js"
)

// main registers shpackRun(request) for the page: request is the JSON of
// {files: [{name, text}], options: Options}, and the answer the JSON of a
// Result; and shpackExamples(), the JSON of Examples. Then it waits.
func main() {
	js.Global().Set("shpackRun", js.FuncOf(func(this js.Value, args []js.Value) any {
		var req struct {
			Files   []File  `json:"files"`
			Options Options `json:"options"`
		}
		var r Result
		if len(args) < 1 {
			r.Diagnostics = "error: shpackRun(request)\n"
		} else if err := json.Unmarshal([]byte(args[0].String()), &req); err != nil {
			r.Diagnostics = "error: " + err.Error() + "\n"
		} else {
			r = Run(req.Files, req.Options)
		}
		b, _ := json.Marshal(r)
		return string(b)
	}))
	js.Global().Set("shpackExamples", js.FuncOf(func(this js.Value, args []js.Value) any {
		b, _ := json.Marshal(Examples())
		return string(b)
	}))
	js.Global().Call("shpackReady")
	select {}
}
