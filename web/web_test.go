//go:build !js

package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// example is the source index.html opens with.
func example(t *testing.T) string {
	page, err := os.ReadFile("index.html")
	require.NoError(t, err)
	s := string(page)
	start := strings.Index(s, `<textarea id="source" spellcheck="false">`)
	end := strings.Index(s, "</textarea>")
	require.True(t, start >= 0 && end > start)
	return s[start+len(`<textarea id="source" spellcheck="false">`) : end]
}

// TestRun checks the pipeline the page calls: the example packs into 6
// general registers, a misspelt type is a positioned diagnostic with a
// caret, and an overflow shows the layout it would need and why.
func TestRun(t *testing.T) {
	r := Run(example(t), Options{Strategy: "optimal", Profile: "vs_3_0"})
	require.True(t, r.OK, r.Diagnostics)
	assert.Contains(t, r.Asm, "dcl_position o0")
	assert.Contains(t, r.SVG, "VS_OUTPUT: 6 of 10 general registers")
	assert.Contains(t, r.JSON, `"general_registers": 6`)
	assert.Empty(t, r.Diagnostics)

	bad := Run("struct S {\n    float4 p : POSITION;\n    flaot2 uv : TEXCOORD0;\n};\n", Options{Strategy: "optimal", Profile: "vs_3_0"})
	assert.False(t, bad.OK)
	assert.Contains(t, bad.Diagnostics, "input.hlsl:3:5: error:")
	assert.Contains(t, bad.Diagnostics, "did you mean")
	assert.Contains(t, bad.Diagnostics, "    3 |     flaot2 uv : TEXCOORD0;")

	fxc := Run(example(t), Options{Strategy: "fxc", Profile: "vs_3_0"})
	assert.False(t, fxc.OK)
	assert.Contains(t, fxc.Diagnostics, "too many interpolators")
	assert.Contains(t, fxc.SVG, "VS_OUTPUT: 11 of 10 general registers")

	multi := Run(example(t), Options{Strategy: "optimal", Profile: "vs_3_0", MultiDcl: true})
	assert.Contains(t, multi.Asm, "dcl_texcoord1 o")
	unknown := Run("", Options{Strategy: "best", Profile: "vs_3_0"})
	assert.Equal(t, "input.hlsl: error: unknown strategy best\n", unknown.Diagnostics)
}

// chromium returns the browser to drive, skipping the test when none is
// installed and CI is unset (.ci/run installs Debian's chromium).
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if testenv.InCI() {
		t.Fatal("chromium is not installed: .ci/run must install it")
	}
	t.Skip("chromium is not installed (CI unset)")
	return ""
}

// TestPlayground builds the page as it is published (shpack.wasm for
// GOOS=js, Go's wasm_exec.js, index.html), serves it on 127.0.0.1 and
// drives it in headless Chromium: the example is packed on load, editing
// the source repacks it, an error shows its position, and the strategy
// control takes effect. What the page shows is what Run gives.
func TestPlayground(t *testing.T) {
	testenv.Heavy(t)
	browser := chromium(t)
	dir := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(dir, "shpack.wasm"), ".")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))
	for src, dst := range map[string]string{
		filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js"): "wasm_exec.js",
		"index.html": "index.html",
	} {
		b, err := os.ReadFile(src)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, dst), b, 0o644))
	}
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser), chromedp.NoSandbox, chromedp.DisableGPU)
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 90*time.Second)
	defer cancel()

	do := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		require.NoError(t, chromedp.Do(ctx, steps...))
	}
	get := func(a chromedp.Action[string]) string {
		t.Helper()
		v, err := chromedp.Run(ctx, a)
		require.NoError(t, err)
		return v
	}
	fire := func(id, event string) {
		t.Helper()
		_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("`+id+`").dispatchEvent(new Event("`+event+`"))`))
		require.NoError(t, err)
	}

	// waitFor polls a JavaScript condition until it holds.
	waitFor := func(cond string) {
		t.Helper()
		for {
			ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](cond))
			require.NoError(t, err, "waiting for %s", cond)
			if ok {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	do(chromedp.Navigate(srv.URL+"/index.html"), chromedp.WaitVisible(chromedp.CSS(`#map svg`)))
	want := Run(example(t), Options{Strategy: "optimal", Profile: "vs_3_0"})
	assert.Equal(t, strings.TrimSpace(want.Asm), strings.TrimSpace(get(chromedp.Text(chromedp.CSS(`#asm`)))), "the example is packed on load")
	assert.Contains(t, get(chromedp.InnerHTML(chromedp.CSS(`#map`))), "VS_OUTPUT: 6 of 10 general registers")
	assert.Equal(t, "packed", get(chromedp.Text(chromedp.CSS(`#status`))))

	// edit replaces the source as typing would, and waits for run n.
	edit := func(src string, n string) {
		t.Helper()
		do(chromedp.SetValue(chromedp.CSS(`#source`), src))
		fire("source", "input")
		waitFor(`document.body.dataset.runs >= ` + n)
	}
	smaller := strings.Replace(example(t), "    float  Glow     : TEXCOORD8;\n", "", 1)
	edit(smaller, "2")
	assert.Equal(t, strings.TrimSpace(Run(smaller, Options{Strategy: "optimal", Profile: "vs_3_0"}).Asm), strings.TrimSpace(get(chromedp.Text(chromedp.CSS(`#asm`)))))
	assert.NotContains(t, get(chromedp.InnerHTML(chromedp.CSS(`#map`))), "Glow", "the map follows the edit")

	broken := strings.Replace(example(t), "float2 Tex0", "flaot2 Tex0", 1)
	edit(broken, "3")
	diags := get(chromedp.Text(chromedp.CSS(`#diagnostics`)))
	assert.Contains(t, diags, "input.hlsl:6:5: error:")
	assert.Contains(t, diags, "^")
	assert.Equal(t, "see the diagnostics", get(chromedp.Text(chromedp.CSS(`#status`))))

	edit(example(t), "4")
	do(chromedp.SetValue(chromedp.CSS(`#strategy`), "fxc"))
	fire("strategy", "change")
	waitFor(`document.getElementById("diagnostics").textContent.includes("too many interpolators")`)
	assert.Contains(t, get(chromedp.InnerHTML(chromedp.CSS(`#map`))), "VS_OUTPUT: 11 of 10 general registers", "the map shows what fxc would need")
}
