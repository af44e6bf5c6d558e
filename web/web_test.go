//go:build !js

package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/internal/testenv"
)

// run runs the pipeline on one file named input.hlsl.
func run(src string, o Options) Result {
	return Run([]File{{Name: "input.hlsl", Text: src}}, o)
}

// overflowing is a vertex shader whose outputs need 11 registers with one
// per semantic (fxc: "too many interpolators"); packed, they take 6.
const overflowing = `struct VS_OUTPUT
{
    float4 Pos      : POSITION;
    float2 Tex0     : TEXCOORD0;
    float2 Tex1     : TEXCOORD1;
    float3 Normal   : TEXCOORD2;
    float3 View     : TEXCOORD3;
    float  Fog      : TEXCOORD4;
    float4 Diffuse  : COLOR0;
    float4 Specular : COLOR1;
    float  Depth    : TEXCOORD5;
    float  Shadow   : TEXCOORD6;
    float  Rim      : TEXCOORD7;
    float  Glow     : TEXCOORD8;
};

VS_OUTPUT main(float4 p : POSITION)
{
    VS_OUTPUT o = (VS_OUTPUT)0;
    o.Pos = p;
    return o;
}
`

// TestRun checks the pipeline the page calls in pack mode: the example
// packs into 6 general registers, a misspelt type is a positioned
// diagnostic with a caret at the file's own name, and an overflow shows
// the layout it would need and why.
func TestRun(t *testing.T) {
	opt := Options{Strategy: "optimal", Profile: "vs_3_0"}
	r := run(overflowing, opt)
	require.True(t, r.OK, r.Diagnostics)
	assert.Contains(t, r.Asm, "dcl_position o0")
	assert.Contains(t, r.SVG, "VS_OUTPUT: 6 of 10 general registers")
	assert.Contains(t, r.JSON, `"general_registers": 6`)
	assert.Empty(t, r.Diagnostics)
	assert.Equal(t, []string{"VS_OUTPUT"}, r.Structs)
	assert.Equal(t, []string{"main"}, r.Functions)

	bad := Run([]File{{Name: "scene.hlsl", Text: "struct S {\n    float4 p : POSITION;\n    flaot2 uv : TEXCOORD0;\n};\n"}}, opt)
	assert.False(t, bad.OK)
	assert.Contains(t, bad.Diagnostics, "scene.hlsl:3:5: error:")
	assert.Contains(t, bad.Diagnostics, "did you mean")
	assert.Contains(t, bad.Diagnostics, "    3 |     flaot2 uv : TEXCOORD0;")

	fxc := run(overflowing, Options{Strategy: "fxc", Profile: "vs_3_0"})
	assert.False(t, fxc.OK)
	assert.Contains(t, fxc.Diagnostics, "too many interpolators")
	assert.Contains(t, fxc.SVG, "VS_OUTPUT: 11 of 10 general registers")

	multi := run(overflowing, Options{Strategy: "optimal", Profile: "vs_3_0", MultiDcl: true})
	assert.Contains(t, multi.Asm, "dcl_texcoord1 o")
	unknown := run("", Options{Strategy: "best", Profile: "vs_3_0"})
	assert.Equal(t, "error: unknown strategy \"best\" (known: fxc, prefix-stable, vertical, optimal, exact, stable-fit)\n", unknown.Diagnostics)
}

// TestRunFiles: includes are the other tabs, found by name; a missing one
// is a warning at its #include; a file no tab includes is an input.
func TestRunFiles(t *testing.T) {
	main := "#include \"common.fxh\"\nVS_OUTPUT VS(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }\n"
	hdr := strings.Replace(overflowing, "VS_OUTPUT main(float4 p : POSITION)\n{\n    VS_OUTPUT o = (VS_OUTPUT)0;\n    o.Pos = p;\n    return o;\n}\n", "", 1)
	opt := Options{Strategy: "optimal", Profile: "vs_3_0"}
	r := Run([]File{{"scene.hlsl", main}, {"common.fxh", hdr}}, opt)
	require.True(t, r.OK, r.Diagnostics)
	assert.Equal(t, []string{"scene.hlsl"}, r.Inputs)
	assert.Contains(t, r.SVG, "VS_OUTPUT: 6 of 10 general registers")

	missing := Run([]File{{"scene.hlsl", main}}, opt)
	assert.Contains(t, missing.Diagnostics, "scene.hlsl:1:")
	assert.Contains(t, missing.Diagnostics, "common.fxh")
}

// TestRunRewrite: rewrite mode gives what driver.Rewrite gives, with a
// diff against the input and both sides' maps; an entry choice and the
// examples work.
func TestRunRewrite(t *testing.T) {
	for _, ex := range Examples() {
		r := Run(ex.Files, ex.Options)
		require.True(t, r.OK, "%s: %s", ex.Title, r.Diagnostics)
		require.NotEmpty(t, r.Outputs, ex.Title)
		var srcs []driver.Source
		for _, f := range ex.Files {
			if slices.Contains(r.Inputs, f.Name) {
				srcs = append(srcs, driver.Source{Name: f.Name, Src: []byte(f.Text)})
			}
		}
		assert.Len(t, r.Outputs, len(srcs), ex.Title)
		assert.NotEmpty(t, r.Outputs[0].Diff, "%s: the rewrite changes the first input", ex.Title)
		assert.Contains(t, r.SVG, "vertex shader", ex.Title)
		assert.Contains(t, r.SVG, "pixel shader", ex.Title)
	}
	two := Examples()[2]
	r := Run(two.Files, two.Options)
	assert.Equal(t, []string{"two_files_vs.hlsl", "two_files_ps.hlsl"}, r.Inputs, "the header is included, not an input")

	// The effect example rewritten for its techniques, against the driver.
	ex := Examples()[0]
	r = Run(ex.Files, ex.Options)
	want, err := driver.Rewrite([]driver.Source{{Name: ex.Files[0].Name, Src: []byte(ex.Files[0].Text)}}, driver.RewriteOptions{})
	require.NoError(t, err)
	assert.Equal(t, string(want.Outputs[0]), r.Outputs[0].Text)
	assert.Contains(t, r.Techniques, "Scene")
	assert.Contains(t, r.Notes, "packed")

	// Pack mode: a technique's shader, for either stage.
	po := Options{Mode: "pack", Strategy: "optimal", Profile: "vs_3_0", Technique: "Fog"}
	p := Run(ex.Files, po)
	require.True(t, p.OK, p.Diagnostics)
	assert.Contains(t, p.SVG, "SceneVS: 6 of 10 general registers")
	po.Profile = "ps_3_0"
	p = Run(ex.Files, po)
	require.True(t, p.OK, p.Diagnostics)
	assert.Contains(t, p.SVG, "FogPS")
	po.Technique = "Nope"
	assert.Contains(t, Run(ex.Files, po).Diagnostics, "no technique named Nope")

	// Pack mode over a variants list: every variant's layout, one family.
	lit := Examples()[1]
	lo := lit.Options
	lo.Mode, lo.Entry, lo.Profile = "pack", "VS", "vs_3_0"
	v := Run(lit.Files, lo)
	require.True(t, v.OK, v.Diagnostics)
	assert.Contains(t, v.Notes, "6 variants share one layout")
	assert.Contains(t, v.Asm, "// variant shadow4")
	assert.Contains(t, v.SVG, "shadow4")

	one := ex.Options
	one.VSEntry = "SceneVS"
	bad := Run(ex.Files, one)
	assert.Contains(t, bad.Diagnostics, "both entry points")
}

// TestDiff checks the diff against what it must say: nothing for equal
// texts, and hunks whose lines rebuild both texts.
// TestExamplesWithoutHarness: the playground's examples show the corpus
// files as a reader should see them, without the lines that tell shpack's
// tests what to do with them; the rest of each file is the corpus's.
func TestExamplesWithoutHarness(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"harness and its blank comment", "// shpack: rewrite\n// render: A B = 1\n//\n// Prose.\nint x;\n", "// Prose.\nint x;\n"},
		{"part-of", "// shpack: part-of a.hlsl\n// The pixel shader.\n", "// The pixel shader.\n"},
		{"no harness: the file as it is", "//\n// Prose.\n", "//\n// Prose.\n"},
		{"harness lower down stays", "int x;\n// shpack: rewrite\n", "int x;\n// shpack: rewrite\n"},
	} {
		t.Run(tc.name, func(t *testing.T) { assert.Equal(t, tc.want, withoutHarness(tc.in)) })
	}
	for _, ex := range Examples() {
		for _, f := range ex.Files {
			assert.NotRegexp(t, `(?m)^// (shpack|render):`, f.Text, "%s: %s", ex.Title, f.Name)
			assert.NotEmpty(t, f.Text, "%s: %s", ex.Title, f.Name)
		}
	}
}

func TestDiff(t *testing.T) {
	assert.Empty(t, Diff("a\nb\n", "a\nb\n"))
	a := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n"
	b := "0\n1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n11\n12\n13\n15\n16\n"
	d := Diff(a, b)
	// What GNU diff -u prints for the same two files (hunks whose context
	// would overlap are one).
	assert.Equal(t, "@@ -1,8 +1,9 @@\n+0\n 1\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n@@ -11,5 +12,5 @@\n 11\n 12\n 13\n-14\n 15\n+16\n", d)
	// Property: the kept and removed lines are a's, the kept and added b's.
	for _, tc := range [][2]string{{"", "x\n"}, {"x\n", ""}, {"a\nb\nc\n", "c\nb\na\n"}, {a, b}} {
		ga, gb := scriptSides(editScript(strings.SplitAfter(tc[0], "\n")[:strings.Count(tc[0], "\n")], strings.SplitAfter(tc[1], "\n")[:strings.Count(tc[1], "\n")]))
		assert.Equal(t, tc[0], ga)
		assert.Equal(t, tc[1], gb)
	}
}

// scriptSides reads an edit script's two texts back: its kept and removed
// lines, and its kept and added lines.
func scriptSides(ops []op) (a, b string) {
	var ga, gb strings.Builder
	for _, o := range ops {
		if o.kind != '+' {
			ga.WriteString(o.line)
		}
		if o.kind != '-' {
			gb.WriteString(o.line)
		}
	}
	return ga.String(), gb.String()
}

// chromium returns the browser to drive, skipping the test when none is
// installed and CI is unset (.ci/run installs Debian's chromium), and on
// Windows (testenv.LinuxTool).
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return testenv.LinuxTool(t, "chromium", "what the playground shows in headless Chromium")
}

var update = flag.Bool("update", false, "rewrite the screenshots of the playground that README.md and docs/playground.md show")

// TestPlayground builds the page as it is published (shpack.wasm for
// GOOS=js, Go's wasm_exec.js, index.html), serves it on 127.0.0.1 and
// drives it in headless Chromium at 1400x1000: the overflowing SDK effect
// is rewritten on load (what Run gives, diff and map), an include tab
// feeds the main file and a missing one is a warning at its #include, an
// entry choice takes effect in pack mode, an error keeps the last output
// greyed with the diagnostics, and the page's URL opened in a fresh tab
// gives the same output. With -update it writes the screenshots the docs
// show.
func TestPlayground(t *testing.T) {
	testenv.Heavy(t)
	goTool := testenv.LinuxTool(t, "go", "the playground as it is published (go builds shpack.wasm)")
	browser := chromium(t)
	dir := testenv.TempDir(t)
	build := exec.Command(goTool, "build", "-o", filepath.Join(dir, "shpack.wasm"), ".")
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

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(1400, 1000))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 120*time.Second)
	defer cancel()
	page := newPage(t, ctx)
	page.open(srv.URL + "/index.html")

	// On load: the SDK effect, rewritten as Run rewrites it.
	ex := Examples()[0]
	want := Run(ex.Files, ex.Options)
	require.True(t, want.OK, want.Diagnostics)
	page.waitFor(`document.getElementById("status").textContent === "rewritten"`)
	assert.Equal(t, strings.TrimSpace(want.Outputs[0].Diff), strings.TrimSpace(page.text(`#outputs pre`)), "the diff of the rewrite")
	html := page.html(`#map`)
	assert.Contains(t, html, "vertex shader SceneVS")
	assert.Contains(t, html, "pixel shader ScenePS")
	assert.Contains(t, page.text(`#notes`), "packed")
	assert.Equal(t, ex.Files[0].Name, page.text(`#tabs button.active`))
	// The page says what it does and where the documentation is, and
	// every control says what it does when hovered.
	assert.Contains(t, page.text(`#intro`), "too many interpolators")
	assert.Contains(t, page.eval(`document.querySelector("#intro a").href`), "github.com/shpack/shpack")
	assert.Equal(t, "", page.eval(`[...document.querySelectorAll("select, input, textarea, button, summary")].filter((e) => !e.closest("[title]")).map((e) => e.id || e.outerHTML).join(", ")`), "controls without hover text")
	page.screenshot("rewrite.png")

	// The whole rewritten file, one click away.
	page.eval(`(() => { const c = document.querySelector("#outputs .whole"); c.checked = true; c.dispatchEvent(new Event("change")); return true; })()`)
	assert.Equal(t, strings.TrimSpace(want.Outputs[0].Text), strings.TrimSpace(page.text(`#outputs pre`)))

	// An error keeps the last output, greyed, with the diagnostics at the
	// file's own name and line.
	broken := strings.Replace(ex.Files[0].Text, "technique Fog\n", "technique Fog {\n", 1)
	require.NotEqual(t, broken, ex.Files[0].Text)
	// The error is on the line after "technique Fog {".
	errLine := strconv.Itoa(strings.Count(broken[:strings.Index(broken, "technique Fog {")], "\n") + 2)
	page.edit(broken)
	assert.Contains(t, page.text(`#diagnostics`), "sdk_effect_out_params.fx:"+errLine+":1: error:")
	assert.Equal(t, "see the diagnostics", page.text(`#status`))
	assert.Contains(t, page.html(`#map`), "vertex shader SceneVS", "the last map stays")
	assert.True(t, page.bool(`document.body.classList.contains("stale")`))
	assert.Contains(t, page.text(`#gutter`), "\n"+errLine+"\n", "the editor numbers its lines")
	assert.Equal(t, errLine, page.text(`#gutter .bad`), "and marks the line of the error")
	page.screenshot("error.png")

	// Includes are tabs: the pair in two files with its header.
	page.eval(`(() => { const s = document.getElementById("example"); s.value = "2"; s.dispatchEvent(new Event("change")); return true; })()`)
	page.waitFor(`document.getElementById("status").textContent === "rewritten" && document.querySelectorAll("#tabs button").length === 4`)
	two := Examples()[2]
	wantTwo := Run(two.Files, two.Options)
	assert.Equal(t, "two_files_vs.hlsl,two_files_ps.hlsl", page.eval(`[...document.querySelectorAll("#tabs button.input")].map((b) => b.textContent.replace("×", "")).join()`))
	assert.Equal(t, strings.TrimSpace(wantTwo.Outputs[1].Diff), strings.TrimSpace(page.text(`#outputs pre[data-name="two_files_ps.hlsl"]`)))
	// Without the header tab, its #include is a warning at its position.
	page.eval(`(() => { document.querySelectorAll("#tabs .close")[2].click(); return true; })()`)
	page.waitFor(`document.getElementById("diagnostics").textContent.includes("two_files_common.fxh")`)
	includeLine := strconv.Itoa(strings.Count(two.Files[0].Text[:strings.Index(two.Files[0].Text, "#include")], "\n") + 1)
	assert.Contains(t, page.text(`#diagnostics`), "two_files_vs.hlsl:"+includeLine+":")
	// A diagnostic leads to its file and line.
	page.eval(`(() => { goTo("two_files_vs.hlsl", ` + includeLine + `, 1); return true; })()`)
	assert.Equal(t, "two_files_vs.hlsl", strings.TrimSuffix(page.text(`#tabs button.active`), "×"))
	assert.Equal(t, includeLine, page.text(`#gutter .bad`))

	// Files dropped on the editor become tabs (a header again, here).
	n := page.eval(`document.body.dataset.runs`)
	header, err := json.Marshal(two.Files[2].Text)
	require.NoError(t, err)
	page.eval(`(() => {
		const dt = new DataTransfer();
		dt.items.add(new File([` + string(header) + `], "two_files_common.fxh"));
		document.getElementById("editor").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true}));
		return true; })()`)
	page.waitFor(`+document.body.dataset.runs > ` + n + ` && document.getElementById("status").textContent === "rewritten"`)
	assert.Equal(t, "two_files_common.fxh", strings.TrimSuffix(page.text(`#tabs button.active`), "×"))
	assert.Equal(t, strings.TrimSpace(wantTwo.Outputs[1].Diff), strings.TrimSpace(page.text(`#outputs pre[data-name="two_files_ps.hlsl"]`)), "the header is back")

	// Pack mode, and an entry choice.
	page.edit(overflowing)
	page.set("mode", "pack")
	page.waitFor(`document.getElementById("status").textContent === "packed"`)
	page.set("entry", "main")
	wantPack := Run([]File{{Name: "two_files_vs.hlsl", Text: overflowing}, {Name: "two_files_ps.hlsl", Text: two.Files[1].Text}}, Options{Mode: "pack", Strategy: "optimal", Profile: "vs_3_0", Semantics: "member", Entry: "main"})
	require.True(t, wantPack.OK, wantPack.Diagnostics)
	assert.Equal(t, strings.TrimSpace(wantPack.Asm), strings.TrimSpace(page.text(`#asm`)))
	assert.Contains(t, page.html(`#map`), "main: 6 of 10 general registers")

	// The URL holds the state: a fresh tab shows the same.
	page.waitFor(`document.body.dataset.saved === document.body.dataset.runs`)
	url := page.eval(`location.href`)
	require.Contains(t, url, "#s=")
	asm, mapHTML := page.text(`#asm`), page.html(`#map`)
	fresh := newPage(t, ctx)
	fresh.open(url)
	fresh.waitFor(`document.getElementById("status").textContent === "packed"`)
	assert.Equal(t, asm, fresh.text(`#asm`))
	assert.Equal(t, mapHTML, fresh.html(`#map`))
	assert.Equal(t, "pack", fresh.eval(`document.getElementById("mode").value`))
	assert.Equal(t, "main", fresh.eval(`document.getElementById("entry").value`))
}

// A page is one tab of the browser, driven by the test.
type page struct {
	t   *testing.T
	ctx context.Context
}

func newPage(t *testing.T, parent context.Context) *page {
	ctx, cancel := chromedp.NewContext(parent)
	t.Cleanup(cancel)
	return &page{t, ctx}
}

func (p *page) open(url string) {
	p.t.Helper()
	require.NoError(p.t, chromedp.Do(p.ctx, chromedp.EmulateViewport(1400, 1000), chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(`#map svg`))))
}

func (p *page) eval(js string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[any](js))
	require.NoError(p.t, err, js)
	if s, ok := v.(string); ok {
		return s
	}
	return fmt.Sprint(v)
}

func (p *page) bool(js string) bool {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](js))
	require.NoError(p.t, err, js)
	return v
}

func (p *page) text(css string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Text(chromedp.CSS(css)))
	require.NoError(p.t, err, css)
	return v
}

func (p *page) html(css string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.InnerHTML(chromedp.CSS(css)))
	require.NoError(p.t, err, css)
	return v
}

// waitFor polls a JavaScript condition until it holds.
func (p *page) waitFor(cond string) {
	p.t.Helper()
	for {
		ok, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](cond))
		require.NoError(p.t, err, "waiting for %s", cond)
		if ok {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// edit replaces the active tab's text as typing would, and waits for the
// run it starts.
func (p *page) edit(src string) {
	p.t.Helper()
	n := p.eval(`document.body.dataset.runs`)
	require.NoError(p.t, chromedp.Do(p.ctx, chromedp.SetValue(chromedp.CSS(`#source`), src)))
	p.eval(`document.getElementById("source").dispatchEvent(new Event("input"))`)
	p.waitFor(`+document.body.dataset.runs > ` + n)
}

// set sets a control and waits for the run it starts.
func (p *page) set(id, value string) {
	p.t.Helper()
	n := p.eval(`document.body.dataset.runs`)
	require.NoError(p.t, chromedp.Do(p.ctx, chromedp.SetValue(chromedp.CSS("#"+id), value)))
	p.eval(`document.getElementById("` + id + `").dispatchEvent(new Event("change"))`)
	p.waitFor(`+document.body.dataset.runs > ` + n)
}

// screenshot writes the page's screenshot to docs/playground-NAME with
// -update (the docs show them), and checks it was made either way.
func (p *page) screenshot(name string) {
	p.t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	require.NoError(p.t, err)
	require.NotEmpty(p.t, png)
	if *update {
		require.NoError(p.t, os.WriteFile(filepath.Join(testenv.Root(p.t), "docs", "playground-"+name), png, 0o644))
	}
}

// FuzzDiff holds the edit script to its definition on any two texts: its
// kept and removed lines are a's, its kept and added lines b's, and it
// is empty exactly when the texts are equal.
func FuzzDiff(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nc\nd\n")
	f.Add("", "x\n")
	f.Add(overflowing, strings.Replace(overflowing, "Glow", "Shine", 1))
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a) > 4096 || len(b) > 4096 {
			t.Skip()
		}
		lines := func(s string) []string {
			l := strings.SplitAfter(s, "\n")
			if l[len(l)-1] == "" {
				l = l[:len(l)-1]
			}
			return l
		}
		ops := editScript(lines(a), lines(b))
		ga, gb := scriptSides(ops)
		if ops == nil {
			ga, gb = a, b
		}
		require.Equal(t, a, ga)
		require.Equal(t, b, gb)
		require.Equal(t, a == b, Diff(a, b) == "", "%q %q", a, b)
	})
}

// FuzzRun feeds arbitrary files to the page's pipeline, in both jobs: it
// never panics (a panic would stop the page), and a run that fails says
// why.
func FuzzRun(f *testing.F) {
	for _, ex := range Examples() {
		f.Add(ex.Files[0].Text, "", false)
	}
	f.Add(overflowing, "#include \"input.hlsl\"\n", true)
	f.Add("", "", false)
	f.Fuzz(func(t *testing.T, main, second string, pack bool) {
		files := []File{{Name: "input.hlsl", Text: main}}
		if second != "" {
			files = append(files, File{Name: "common.fxh", Text: second})
		}
		o := Options{Strategy: "optimal", Profile: "vs_3_0", Mode: "rewrite"}
		if pack {
			o.Mode = "pack"
		}
		r := Run(files, o)
		if !r.OK && r.Diagnostics == "" {
			t.Fatalf("a failed run says nothing: %+v", r)
		}
	})
}
