//go:build unix

package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/compile"
	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/internal/fxcstandin"
	"github.com/shpack/shpack/internal/testenv"
)

// The adversarial pass of issue 40: generated runs of the built shpack
// over the surfaces the issue names (text encodings, shpack fxc command
// lines and compilers, layout and variants files, mutated bytecode and
// assembly, folders), each in a folder of its own, judged by the promises
// every command makes:
//
//   - no panic, and an exit status of 0, 1 (bad input) or 2 (bad command
//     line), or the compiler's own under shpack fxc;
//   - no hang: a run ends within advTimeout (a compiler that never
//     returns is stopped by SIGTERM, as a build stops it, and then no
//     temporary folder is left);
//   - no clobbered or partial file: a run that fails changes no file (but
//     /Fe, which fxc writes on failure), a run that succeeds changes only
//     the outputs its command line names, and no run changes what it reads
//     or leaves a file in $TMPDIR;
//   - positioned errors: every error line of a run that exits 1 names its
//     file, line and column (or its token, in bytecode), unless it is one
//     of the messages about a whole file (advUnpositioned).
//
// SHPACK_ADVERSARIAL=N runs N cases per surface (default advDefault, a
// smoke test; the pass ran 1,000 per surface), with the seed
// SHPACK_ADVERSARIAL_SEED (default: the time; the log names it).

const (
	advDefault = 12
	advTimeout = 60 * time.Second
	// advSlow is more than any case takes (the largest: a source of 17
	// MiB refused, 300 inputs into --out-dir).
	advSlow = 10 * time.Second // a FIFO output waits that long for a reader
)

// advUnpositioned are the errors that have no line and column to give:
// about a whole file or a file system, or in bytecode (positioned by
// token), or the compiler's own summary.
var advUnpositioned = regexp.MustCompile(strings.Join([]string{
	`cannot read`, `cannot write`, `file too large`, `not a regular file`, `is a directory`,
	`error: token \d+`, `bytecode`, `no variants \(one a line`, `empty`,
	`no such file`, `the compiler .* (was killed|crashed|succeeded but wrote no object)`,
	`the compiled program`, `the compiler's object`, `UTF-16`, `not a layout file: no "schema"`,
	`the layout file has no "interfaces"`,
	`not a Direct3D 9 version token`, `no function named`, `no struct named`, `no listing`,
	`no struct with semantics found`, `cannot create`,
}, "|"))

// An advCase is one generated run.
type advCase struct {
	surface string
	args    []string
	env     []string
	files   map[string][]byte // the folder's files (relative names)
	fifos   []string          // FIFOs to make, that nothing reads
	// outputs are the files the command line names as outputs (a
	// folder's name ends in '/': everything under it); reads the files
	// it reads, which no run may change; onFail what a failing run may
	// write (/Fe).
	outputs, reads, onFail []string
	codes                  []int         // exit statuses allowed besides 0, 1, 2
	signal                 time.Duration // send sig this long after the start (0: none)
	sig                    syscall.Signal
	note                   string // what the case is, for the log
	// expectOK: the line is right and must succeed (an fxc line of
	// Shader Model 1, 2 or 3 that fxc compiles: items 3 and 5); crash: the
	// compiler dies by a signal, which shpack must name (item 4).
	expectOK, crash bool
}

// advResult is what a run did.
type advResult struct {
	code           int
	signaled       bool
	stdout, stderr string
	hung           bool
	took           time.Duration
}

// advTally counts a surface's runs and findings.
type advTally struct {
	runs, ok, inputErr, usage, other  int
	panics, hangs, clobbers, partials int
	leftovers, badCodes, strays, slow int
	broken                            int // promises of the case itself (expectOK, crash)
	unpositioned                      map[string]int
}

func TestAdversarial(t *testing.T) {
	testenv.Heavy(t)
	n := advDefault
	if s := os.Getenv("SHPACK_ADVERSARIAL"); s != "" {
		var err error
		n, err = strconv.Atoi(s)
		require.NoError(t, err)
	}
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("SHPACK_ADVERSARIAL_SEED"); s != "" {
		var err error
		seed, err = strconv.ParseUint(s, 10, 64)
		require.NoError(t, err)
	}
	t.Logf("seed %d (SHPACK_ADVERSARIAL_SEED), %d runs per surface (SHPACK_ADVERSARIAL)", seed, n)
	bin := buildShpack(t)
	st := standin(t)
	g := &advGen{r: rand.New(rand.NewPCG(seed, 40)), fxc: st.fxc, vkd3d: st.vkd3d, root: testenv.Root(t)}
	g.init(t)
	base := testenv.TempDir(t)
	surfaces := []struct {
		name string
		gen  func() advCase
	}{
		{"encodings", g.encodings}, {"fxc", g.fxcLine}, {"layout", g.layoutFile}, {"variants", g.variantsFile},
		{"bytecode", g.bytecode}, {"assembly", g.assembly}, {"folders", g.folders},
	}
	var table []string
	total := &advTally{unpositioned: map[string]int{}}
	for _, s := range surfaces {
		ta := &advTally{unpositioned: map[string]int{}}
		for i := range n {
			c := s.gen()
			c.surface = s.name
			dir := filepath.Join(base, fmt.Sprintf("%s-%d", s.name, i))
			res := runAdv(t, bin, dir, c)
			judgeAdv(t, dir, c, res, ta)
		}
		table = append(table, fmt.Sprintf("%-10s runs %5d  exit 0 %5d, 1 %5d, 2 %5d, other %4d  panics %d hangs %d slow %d clobbered %d partial %d leftovers %d strays %d bad-exit %d broken %d unpositioned %d",
			s.name, ta.runs, ta.ok, ta.inputErr, ta.usage, ta.other, ta.panics, ta.hangs, ta.slow, ta.clobbers, ta.partials, ta.leftovers, ta.strays, ta.badCodes, ta.broken, len(ta.unpositioned)))
		total.runs += ta.runs
		for m, k := range ta.unpositioned {
			total.unpositioned[s.name+": "+m] += k
		}
	}
	t.Logf("adversarial pass, %d runs:\n%s", total.runs, strings.Join(table, "\n"))
	var msgs []string
	for m := range total.unpositioned {
		msgs = append(msgs, m)
	}
	sort.Strings(msgs)
	assert.Empty(t, msgs, "errors without a position where one is known")
}

// runAdv makes the case's folder and runs shpack there.
func runAdv(t *testing.T, bin, dir string, c advCase) advResult {
	t.Helper()
	require.NoError(t, os.MkdirAll(dir, 0o755))
	for name, data := range c.files {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, data, 0o644))
	}
	for _, f := range c.fifos {
		require.NoError(t, syscall.Mkfifo(filepath.Join(dir, f), 0o644))
	}
	tmp := filepath.Join(dir, ".tmp")
	require.NoError(t, os.Mkdir(tmp, 0o755))
	ctx, cancel := context.WithTimeout(context.Background(), advTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, c.args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "SHPACK_FXC=", "SHPACK_STANDIN_LOG=", "SHPACK_STANDIN_MODE=", "NO_COLOR=1")
	cmd.Env = append(cmd.Env, c.env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	require.NoError(t, cmd.Start())
	if c.signal > 0 {
		time.AfterFunc(c.signal, func() { cmd.Process.Signal(c.sig) })
	}
	err := cmd.Wait()
	res := advResult{stdout: stdout.String(), stderr: stderr.String(), took: time.Since(start)}
	var exit *exec.ExitError
	switch {
	case ctx.Err() != nil:
		res.hung = true
	case errors.As(err, &exit):
		res.code = exit.ExitCode()
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			res.signaled, res.code = true, 128+int(ws.Signal())
		}
	case err != nil:
		t.Fatalf("%s: %v", c.note, err)
	}
	return res
}

// snapshot is a folder's files: contents of regular files, the target of
// links, the mode of the rest (a FIFO is never opened).
func snapshot(t *testing.T, dir string) map[string]string {
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == dir {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		info, err := d.Info()
		if err != nil {
			return nil
		}
		switch {
		case d.IsDir():
			out[rel+"/"] = "dir"
		case info.Mode()&fs.ModeSymlink != 0:
			l, _ := os.Readlink(p)
			out[rel] = "link " + l
		case info.Mode().IsRegular():
			data, _ := os.ReadFile(p)
			out[rel] = string(data)
		default:
			out[rel] = info.Mode().String()
		}
		return nil
	})
	return out
}

// judgeAdv checks a run against the promises, counting what it finds.
func judgeAdv(t *testing.T, dir string, c advCase, res advResult, ta *advTally) {
	t.Helper()
	ta.runs++
	what := fmt.Sprintf("%s: shpack %s (%s)", c.surface, strings.Join(c.args, " "), c.note)
	switch {
	case res.hung:
		ta.hangs++
		t.Errorf("%s: no end after %v", what, advTimeout)
		return
	case strings.Contains(res.stderr, "panic: ") || strings.Contains(res.stderr, "goroutine 1 ["):
		ta.panics++
		t.Errorf("%s: panic:\n%s", what, res.stderr)
	}
	switch res.code {
	case 0:
		ta.ok++
	case 1:
		ta.inputErr++
	case 2:
		ta.usage++
	default:
		ta.other++
		if !slices.Contains(c.codes, res.code) {
			ta.badCodes++
			t.Errorf("%s: exit %d:\n%s", what, res.code, res.stderr)
		}
	}
	if res.took > advSlow && c.signal == 0 && len(c.fifos) == 0 {
		ta.slow++
		t.Errorf("%s: took %v", what, res.took)
	}
	if c.expectOK && res.code != 0 {
		ta.broken++
		t.Errorf("%s: a line fxc compiles failed (exit %d):\n%s", what, res.code, res.stderr)
	}
	if c.crash && res.code == 128+9 && !strings.Contains(res.stderr, "was killed by signal 9") {
		ta.broken++
		t.Errorf("%s: the compiler was killed, and shpack did not say so:\n%s", what, res.stderr)
	}
	if c.signal > 0 {
		// A compiler stopped with shpack is no process any more (its
		// folder is the case's; the orphan's child is the other mode's).
		if pids := inFolder(dir); len(pids) > 0 {
			ta.strays++
			t.Errorf("%s: processes %v still run in the case's folder", what, pids)
			for _, pid := range pids {
				killPid(pid)
			}
		}
	}
	// Files: the case's folder before (its files as made) and after.
	after := snapshot(t, dir)
	before := map[string]string{".tmp/": "dir"}
	for name, data := range c.files {
		before[name] = string(data)
		for d := filepath.Dir(name); d != "."; d = filepath.Dir(d) {
			before[d+"/"] = "dir"
		}
	}
	for _, f := range c.fifos {
		before[f] = "FIFO"
	}
	declared := func(name string, list []string) bool {
		for _, o := range list {
			if o == "" {
				return true // anything in the folder
			}
			o = filepath.Clean(o)
			if name == o || name == o+"/" || strings.HasPrefix(name, o+"/") {
				return true
			}
		}
		return false
	}
	for name, old := range before {
		now, ok := after[name]
		if strings.HasPrefix(name, ".tmp/") {
			continue
		}
		changed := !ok || (old != now && old != "FIFO" && !strings.HasPrefix(now, "p"))
		if old == "FIFO" {
			changed = !ok || !strings.HasPrefix(now, "p")
		}
		if !changed {
			continue
		}
		switch {
		case declared(name, c.reads):
			ta.clobbers++
			t.Errorf("%s: %s, which it reads, was changed (exit %d)", what, name, res.code)
		case res.code != 0 && !declared(name, c.onFail):
			ta.clobbers++
			t.Errorf("%s: failed (exit %d) and changed %s:\n%s", what, res.code, name, res.stderr)
		case res.code == 0 && !declared(name, c.outputs):
			ta.clobbers++
			t.Errorf("%s: changed %s, which is not an output", what, name)
		}
	}
	for name := range after {
		if _, ok := before[name]; ok {
			continue
		}
		switch {
		case strings.HasPrefix(name, ".tmp/"):
			ta.leftovers++
			t.Errorf("%s: left %s in $TMPDIR (exit %d)", what, name, res.code)
		case res.code != 0 && !declared(name, c.onFail) && !strings.HasSuffix(name, "/"):
			ta.partials++
			t.Errorf("%s: failed (exit %d) and wrote %s:\n%s", what, res.code, name, res.stderr)
		case res.code == 0 && !declared(name, c.outputs) && !strings.HasSuffix(name, "/"):
			ta.partials++
			t.Errorf("%s: wrote %s, which is not an output", what, name)
		}
	}
	if os.Getenv("SHPACK_ADVERSARIAL_LOG") != "" {
		t.Logf("%s: exit %d\n%s", what, res.code, res.stderr)
	}
	if res.code == 1 {
		for _, line := range strings.Split(res.stderr, "\n") {
			if !advErrorLine.MatchString(line) || advPositioned.MatchString(line) {
				continue
			}
			if advUnpositioned.MatchString(line) {
				continue
			}
			msg := strings.ReplaceAll(line, dir+string(filepath.Separator), "")
			msg = regexp.MustCompile(`\d+`).ReplaceAllString(msg, "N")
			if ta.unpositioned[msg] == 0 {
				t.Logf("%s: an error without a position: %s", what, line)
				keepCase(t, c)
			}
			ta.unpositioned[msg]++
		}
	}
	os.RemoveAll(dir)
}

// keepCase writes a case's files and command line into a folder of
// $SHPACK_ADVERSARIAL_KEEP, to run it again by hand.
func keepCase(t *testing.T, c advCase) {
	keep := os.Getenv("SHPACK_ADVERSARIAL_KEEP")
	if keep == "" {
		return
	}
	dir, err := os.MkdirTemp(keep, c.surface+"-")
	if err != nil {
		return
	}
	for name, data := range c.files {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, data, 0o644)
	}
	os.WriteFile(filepath.Join(dir, "args"), []byte(strings.Join(c.args, "\n")+"\n"), 0o644)
	t.Logf("kept in %s", dir)
}

// inFolder lists the processes whose working folder is dir (Linux's
// /proc; none elsewhere).
func inFolder(dir string) []int {
	var pids []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if cwd, err := os.Readlink(filepath.Join("/proc", e.Name(), "cwd")); err == nil && cwd == dir {
			pids = append(pids, pid)
		}
	}
	return pids
}

var (
	advErrorLine  = regexp.MustCompile(`(^|: )error( [A-Z]+\d*)?: `)
	advPositioned = regexp.MustCompile(`^.+(:\d+:\d+|\(\d+,\d+\)|\(\d+\)): (error|warning)|: error: token \d+`)
)

// advGen makes the cases, from its random source and the fixture files.
type advGen struct {
	r                *rand.Rand
	fxc, vkd3d, root string
	pairs            [][2][]byte // the corpus/repack pairs as assembly
	lit, litVars     []byte
	layout           []byte // a layout file rewrite --layout-out wrote
}

func (g *advGen) init(t *testing.T) {
	dir := filepath.Join(g.root, "corpus", "repack")
	files, err := filepath.Glob(filepath.Join(dir, "*.vsh"))
	require.NoError(t, err)
	for _, f := range files {
		vs, err1 := os.ReadFile(f)
		ps, err2 := os.ReadFile(strings.TrimSuffix(f, ".vsh") + ".psh")
		require.NoError(t, errors.Join(err1, err2))
		g.pairs = append(g.pairs, [2][]byte{vs, ps})
	}
	g.lit, err = os.ReadFile(filepath.Join(g.root, "corpus", "variants", "lit.hlsl"))
	require.NoError(t, err)
	g.litVars, err = os.ReadFile(filepath.Join(g.root, "corpus", "variants", "lit.variants"))
	require.NoError(t, err)
	tmp := testenv.TempDir(t)
	require.NoError(t, os.WriteFile(filepath.Join(tmp, "common.fxh"), []byte(includeHeader), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(tmp, "main.fx"), []byte(includeMain), 0o644))
	code, _, stderr := shpackRun("rewrite", "--layout-out="+filepath.Join(tmp, "l.layout"), "-o", filepath.Join(tmp, "out.fx"), filepath.Join(tmp, "main.fx"))
	require.Equal(t, exitOK, code, stderr)
	g.layout, err = os.ReadFile(filepath.Join(tmp, "l.layout"))
	require.NoError(t, err)
}

func (g *advGen) pick(options ...string) string { return options[g.r.IntN(len(options))] }
func (g *advGen) chance(p float64) bool         { return g.r.Float64() < p }

// fixture is the folder every fxc and source case starts from.
func (g *advGen) fixture() map[string][]byte {
	return map[string][]byte{
		"common.fxh": []byte(includeHeader), "main.fx": []byte(includeMain), "bad.fx": []byte(fxcBad),
		"fits.hlsl": []byte(fxcFits), "ps.hlsl": []byte(fxcFitsPS), "lit.hlsl": g.lit, "lit.variants": g.litVars,
	}
}

// encode spells text in one of the encodings editors write, or damages it.
func (g *advGen) encode(text []byte) ([]byte, string) {
	utf16of := func(s []byte, big, bom bool) []byte {
		var b []byte
		if bom {
			b = append(b, 0xFF, 0xFE)
			if big {
				b[0], b[1] = 0xFE, 0xFF
			}
		}
		for _, u := range utf16.Encode([]rune(string(s))) {
			if big {
				b = append(b, byte(u>>8), byte(u))
			} else {
				b = append(b, byte(u), byte(u>>8))
			}
		}
		return b
	}
	switch k := g.r.IntN(12); k {
	case 0:
		return append([]byte("\xEF\xBB\xBF"), text...), "UTF-8 BOM"
	case 1:
		return bytes.ReplaceAll(text, []byte("\n"), []byte("\r\n")), "CRLF"
	case 2:
		return bytes.ReplaceAll(text, []byte("\n"), []byte("\r")), "CR"
	case 3:
		return utf16of(text, false, true), "UTF-16LE BOM"
	case 4:
		return utf16of(text, true, true), "UTF-16BE BOM"
	case 5:
		return utf16of(text, false, false), "UTF-16LE without BOM"
	case 6:
		return append([]byte("\xEF\xBB\xBF"), bytes.ReplaceAll(text, []byte("\n"), []byte("\r"))...), "BOM and CR"
	case 7, 8:
		b := bytes.Clone(text)
		for range 1 + g.r.IntN(3) {
			if len(b) > 0 {
				b[g.r.IntN(len(b))] = []byte{0, 0xFF, 0xC3, '\r', '"', '#', '\\', 0x80}[g.r.IntN(8)]
			}
		}
		return b, "bytes changed"
	case 9:
		if len(text) > 0 {
			return text[:g.r.IntN(len(text))], "cut short"
		}
	case 10:
		return append([]byte("// caf\xe9 (Latin-1)\n"), text...), "Latin-1 comment"
	}
	return text, "UTF-8"
}

func (g *advGen) encodings() advCase {
	files := g.fixture()
	src, enc := g.encode([]byte(g.pick(fxcFits, includeMain, string(g.lit), fxcFitsPS)))
	if g.chance(0.01) {
		src, enc = append(bytes.Repeat([]byte("// padding\n"), 17<<20/11), src...), "17 MiB"
	}
	files["src.hlsl"] = src
	hdr, henc := g.encode([]byte(includeHeader))
	if g.chance(0.3) {
		files["common.fxh"], enc = hdr, enc+", header "+henc
	}
	reads := []string{"src.hlsl", "common.fxh"}
	var args, outs []string
	switch g.r.IntN(7) {
	case 0:
		args = []string{g.pick("--struct=VS_OUT", "--entry=VS", "--entry=mainVS"), "src.hlsl"}
	case 1:
		args, outs = []string{"rewrite", "-o", "out.hlsl", "src.hlsl"}, []string{"out.hlsl"}
	case 2:
		args = []string{"link", "src.hlsl"}
	case 3:
		args = []string{"list", "src.hlsl"}
	case 4:
		args = []string{"compare", "src.hlsl"}
	case 5:
		args, outs = []string{"fxc", "--compiler=" + g.fxc, "/nologo", "/T", g.pick("vs_3_0", "ps_3_0", "fx_2_0", "vs_2_0"), "/E", g.pick("VS", "PS", "mainVS"), "/Fo", "out.vso", "src.hlsl"}, []string{"out.vso"}
	default:
		args, outs = []string{"rewrite", "--all", "--out-dir=out", "src.hlsl"}, []string{"out/"}
	}
	return advCase{args: args, files: files, outputs: outs, reads: reads, note: enc}
}

// fxcLine makes an fxc command line: profiles, entry points, outputs
// that collide or are special files, response files in every encoding,
// compilers that crash, keep their output open or never return.
func (g *advGen) fxcLine() advCase {
	files := g.fixture()
	c := advCase{files: files}
	src := g.pick("fits.hlsl", "main.fx", "ps.hlsl", "bad.fx", "missing.hlsl", "common.fxh")
	entry := g.pick("VS", "PS", "mainVS", "mainPS", "main", "nope")
	profile := g.pick("vs_3_0", "ps_3_0", "vs_2_0", "ps_2_0", "vs_2_a", "ps_2_b", "vs_1_1", "fx_2_0", "vs_3_sw", "vs_4_0", "bogus")
	compiles := g.chance(0.4)
	if compiles { // a line that compiles
		switch g.r.IntN(3) {
		case 0:
			src, entry, profile = "fits.hlsl", "VS", g.pick("vs_3_0", "vs_2_0", "vs_1_1")
		case 1:
			src, entry, profile = "ps.hlsl", "PS", g.pick("ps_3_0", "ps_2_0", "ps_2_b")
		default:
			src, entry, profile = "main.fx", "mainVS", g.pick("fx_2_0", "vs_3_0")
			if g.chance(0.5) {
				entry, profile = "mainPS", g.pick("fx_2_0", "ps_3_0")
			}
		}
	}
	c.reads = []string{src}
	if src == "main.fx" || src == "bad.fx" {
		c.reads = append(c.reads, "common.fxh")
	}
	opt := func(name, value string) []string {
		lead := g.pick("/", "-")
		if g.chance(0.3) {
			return []string{lead + name + value}
		}
		return []string{lead + name, value}
	}
	var words []string
	if g.chance(0.7) {
		words = append(words, g.pick("/nologo", "-nologo"))
	}
	if compiles || g.chance(0.95) {
		words = append(words, opt("T", profile)...)
	}
	if compiles || g.chance(0.9) {
		words = append(words, opt("E", entry)...)
	}
	if g.chance(0.3) {
		d := g.pick("FOG", "X=1", "Y=\"q\"", "=1", "F(x)=x")
		compiles = compiles && d != "=1"
		words = append(words, opt("D", d)...)
	}
	if g.chance(0.2) {
		words = append(words, opt("I", g.pick(".", "inc", "missing"))...)
	}
	targets := []string{"out.vso", "out.asm", "out.h", "err.txt", "common.fxh", "fits.hlsl", "main.fx", "out.vso", "sub/none/x.vso", "/dev/null", "fifo", "adir", "O.VSO", "ps.hlsl"}
	tame := g.chance(0.5) // outputs of their own: the compile goes through
	if tame {
		targets = []string{"out.vso", "out.asm", "out.h", "err.txt", "/dev/null"}
	}
	files["adir/keep"] = []byte("x")
	if g.chance(0.5) {
		files["out.vso"] = []byte("the object of an earlier build")
	}
	named := map[string]int{}
	for k, f := range []string{"Fo", "Fc", "Fh", "Fe"} {
		if g.chance(0.5) {
			to := g.pick(targets...)
			if tame && to != "/dev/null" {
				to = targets[k]
			}
			if f == "Fc" && (profile == "vs_1_1" || profile == "fx_2_0") {
				compiles = false // the stand-in writes no listing of them
			}
			if to == "fifo" {
				c.fifos = []string{"fifo"}
			}
			words = append(words, opt(f, to)...)
			named[to]++
		}
	}
	big := g.chance(0.1) // a define of 200 KB, longer than an argument may be: in a response file
	if big {
		words = append([]string{"/D", "BIG=" + strings.Repeat("1", 200<<10)}, words...)
	}
	words = append(words, src)
	compiles = compiles && tame
	// Some words through a response file.
	if big || g.chance(0.35) {
		k := g.r.IntN(len(words) + 1)
		if big {
			k = max(k, 2)
		}
		rsp := []byte(strings.Join(words[:k], g.pick(" ", "\n", "\r\n", "\t")))
		enc := "UTF-8"
		if !compiles || g.chance(0.5) {
			rsp, enc = g.encode(rsp)
			compiles = compiles && slices.Contains([]string{"UTF-8", "UTF-8 BOM", "CRLF", "CR", "UTF-16LE BOM", "UTF-16BE BOM", "BOM and CR"}, enc)
		}
		files["args.rsp"] = rsp
		c.reads = append(c.reads, "args.rsp")
		c.note += "response file " + enc + "; "
		words = append([]string{"@args.rsp"}, words[k:]...)
	}
	if g.chance(0.05) {
		words = append([]string{g.pick("@/dev/zero", "@missing.rsp", "@adir", "@")}, words...)
		compiles = false
	}
	compiler := g.fxc
	if g.chance(0.2) {
		compiler = g.vkd3d
	}
	// The outputs as fxc reads the line, response file and all (a damaged
	// one names others); a failing compile writes /Fe, unless another
	// output names it too (/Fe o.vso /Fo o.vso: the old object stays).
	if a, err := compile.ParseArgs(words, func(p string) ([]byte, error) {
		if data, ok := files[p]; ok {
			return data, nil
		}
		return compile.ReadResponse(p) // bounded: @/dev/zero
	}, nil); err == nil {
		for _, o := range []string{a.Fo, a.Fc, a.Fh, a.Fe} {
			if o != "" && o != a.Source {
				c.outputs = append(c.outputs, o)
			}
		}
		if a.Fe != "" && a.Fe != a.Fo && a.Fe != a.Fc && a.Fe != a.Fh {
			c.onFail = append(c.onFail, a.Fe)
		}
	}
	args := append([]string{"fxc", "--compiler=" + compiler}, words...)
	if g.chance(0.15) {
		args = append(args, "--depfile=out.d")
		c.outputs = append(c.outputs, "out.d")
		if named["out.vso"]+named["out.asm"]+named["out.h"]+named["/dev/null"] == 0 {
			compiles = false // a depfile's targets are /Fo, /Fc, /Fh
		}
	}
	if g.chance(0.1) {
		args = append(args, "--layout-out=out.layout")
		c.outputs = append(c.outputs, "out.layout")
		compiles = false
	}
	switch k := g.r.IntN(40); {
	case k < 3:
		c.env = []string{"SHPACK_STANDIN_MODE=" + fxcstandin.ModeCrash}
		c.codes = []int{128 + 9}
		c.note += "a compiler that crashes; "
		c.crash, compiles = true, false
	case k < 5:
		c.env = []string{"SHPACK_STANDIN_MODE=" + fxcstandin.ModeOrphan}
		c.note += "a compiler whose child holds its output; "
	case k < 7:
		c.env = []string{"SHPACK_STANDIN_MODE=" + fxcstandin.ModeHang}
		c.signal, c.sig = 1500*time.Millisecond, syscall.SIGTERM
		if g.chance(0.5) {
			c.sig = syscall.SIGINT
		}
		c.codes = []int{128 + int(c.sig)}
		c.note += "a compiler that never returns, stopped by " + c.sig.String() + "; "
		compiles = false
	}
	c.args, c.expectOK = args, compiles
	return c
}

// layoutFile damages the layout file one way or another and applies it.
func (g *advGen) layoutFile() advCase {
	files := g.fixture()
	l := string(g.layout)
	how := "as written"
	switch g.r.IntN(10) {
	case 0:
		l, how = regexp.MustCompile(`"general_registers": \d+`).ReplaceAllString(l, `"general_registers": `+g.pick("-1", "11", "99999999999999999999", "1.5", `"3"`, "null")), "general_registers"
	case 1:
		l, how = strings.Replace(l, `"o`, `"o`+g.pick("12", "-1", "x", "99"), 1), "register"
	case 2:
		l, how = strings.Replace(l, `"mask": "`, `"mask": "`+g.pick("xz", "q", "", "xyzwx"), 1), "mask"
	case 3:
		l, how = strings.Replace(l, `"TEXCOORD`, `"`+g.pick("TEXCOORD16", "SV_Target", "", "COLOR"), 1), "semantic"
	case 4:
		lines := strings.Split(l, "\n")
		i := g.r.IntN(len(lines))
		l, how = strings.Join(append(lines[:i:i], lines[i+1:]...), "\n"), "a line gone"
	case 5:
		if len(l) > 0 {
			l, how = l[:g.r.IntN(len(l))], "cut short"
		}
	case 6:
		l, how = strings.Replace(l, `"outputs": [`, `"outputs": [`+g.pick(`{}, `, `{"semantic":"TEXCOORD0"}, `, `1, `, `null, `), 1), "an output added"
	case 7:
		l, how = strings.Replace(l, `"interfaces": [`, `"interfaces": [`+g.pick(`{}, `, `{"vertex_shaders": ["mainVS"]}, `)+"", 1), "an interface added"
	}
	data, enc := g.encode([]byte(l))
	files["l.layout"] = data
	c := advCase{files: files, reads: []string{"l.layout", "main.fx", "common.fxh", "ps.hlsl"}, note: how + ", " + enc}
	switch g.r.IntN(4) {
	case 0:
		c.args, c.outputs = []string{"rewrite", "--ps-entry=mainPS", "--layout=l.layout", "-o", "out.fx", "main.fx"}, []string{"out.fx"}
	case 1:
		c.args = []string{"--layout=l.layout", "--profile=ps_3_0", "--struct=VS_OUT", "main.fx"}
	case 2:
		files["p.psh"] = g.pairs[0][1]
		c.args, c.outputs = []string{"repack", "--layout=l.layout", "--ps-out=o.psh", "p.psh"}, []string{"o.psh"}
	default:
		c.args, c.outputs = []string{"fxc", "--compiler=" + g.fxc, "--layout=l.layout", "/T", "ps_3_0", "/E", "mainPS", "/Fo", "o.pso", "main.fx"}, []string{"o.pso"}
	}
	return c
}

// variantsFile writes a variants file of generated lines.
func (g *advGen) variantsFile() advCase {
	files := g.fixture()
	var lines []string
	valid := g.chance(0.5) // a file that reads, or one with faults
	for i := range 1 + g.r.IntN(6) {
		name := g.pick("base", "fog", "a.b-c", "x y", "", "über", "v1", "fog", strings.Repeat("n", 300), "a/b")
		if valid {
			name = fmt.Sprint("v", i)
		}
		var defs []string
		for range g.r.IntN(4) {
			if valid {
				defs = append(defs, g.pick("-DFOG", "-D FOG", "-DSHADOW -DNUMCASCADES=2", "-DSPECULAR", "-DLIGHTMAP=1", "-DVERTEXCOLOR", "-DNUMCASCADES=4 -DSHADOW", "-DF(x)=x"))
				continue
			}
			defs = append(defs, g.pick("-DFOG", "-D FOG", "-DSHADOW -DNUMCASCADES=2", "-D=1", "-D1X", "-DX=\"abc", "-DF(x)=x", "-Ddefined", "-D", "FOG", "-DX=1/*c", "-DSPECULAR", "-DLIGHTMAP=1"))
		}
		sep := g.pick(":", ": ", " :", "")
		if valid {
			sep = ":"
		}
		line := name + sep + " " + strings.Join(defs, " ")
		if g.chance(0.2) {
			line += " # comment"
		}
		lines = append(lines, line)
	}
	data, enc := []byte(strings.Join(lines, "\n")+"\n"), "UTF-8"
	if !valid || g.chance(0.3) {
		data, enc = g.encode(data)
	}
	files["v.variants"] = data
	c := advCase{files: files, reads: []string{"v.variants", "lit.hlsl"}, note: enc}
	switch g.r.IntN(5) {
	case 0:
		c.args = []string{"--variants=v.variants", "--struct=VS_OUT", "lit.hlsl"}
	case 1:
		c.args, c.outputs = []string{"rewrite", "--variants=v.variants", "--vs-entry=VS", "--ps-entry=PS", "-o", "out.hlsl", "lit.hlsl"}, []string{"out.hlsl"}
	case 2:
		files["ps.variants"] = []byte("base: -DPSX\nfog: -DPSX -DFOG\n")
		c.args, c.outputs = []string{"rewrite", "--vs-variants=v.variants", "--ps-variants=ps.variants", "--vs-entry=VS", "--ps-entry=PS", "-o", "out.hlsl", "lit.hlsl"}, []string{"out.hlsl"}
	case 3:
		c.args = []string{"link", "--variants=v.variants", "--vs-entry=VS", "--ps-entry=PS", "lit.hlsl"}
	default:
		c.args = []string{"compare", "--variants=v.variants", "lit.hlsl"}
	}
	return c
}

// bytecode encodes a corpus pair and changes its tokens.
func (g *advGen) bytecode() advCase {
	pair := g.pairs[g.r.IntN(len(g.pairs))]
	var progs [2][]byte
	for i, src := range pair {
		p, err := d3d9.Parse("p", src)
		if err != nil {
			panic(err)
		}
		progs[i], _ = d3d9.Encode(p)
	}
	k := g.r.IntN(2)
	b := bytes.Clone(progs[k])
	n := len(b) / 4
	tok := func(i int) uint32 { return binary.LittleEndian.Uint32(b[4*i:]) }
	set := func(i int, v uint32) { binary.LittleEndian.PutUint32(b[4*i:], v) }
	how := ""
	switch g.r.IntN(7) {
	case 0: // a flow opcode without operands in place of any token
		i := 1 + g.r.IntN(n-1)
		op := []d3d9.Opcode{d3d9.OpLoop, d3d9.OpRep, d3d9.OpIf, d3d9.OpEndIf, d3d9.OpElse, d3d9.OpEndLoop, d3d9.OpEndRep, d3d9.OpBreak, d3d9.OpRet, d3d9.OpLabel, d3d9.OpCall}[g.r.IntN(11)]
		set(i, uint32(op))
		how = fmt.Sprintf("token %d a %s without operands", i, op)
	case 1:
		for range 1 + g.r.IntN(3) {
			i := g.r.IntN(n)
			set(i, tok(i)^1<<g.r.IntN(32))
		}
		how = "bits flipped"
	case 2:
		set(0, []uint32{0xFFFF0303, 0xFFFE0301, 0xFFFE0200, 0xFFFF0100, 0xFFFE03FF, 0x12345678}[g.r.IntN(6)])
		how = "version"
	case 3:
		b = b[:4*g.r.IntN(n)]
		how = "cut short"
	case 4:
		i := 1 + g.r.IntN(n-1)
		set(i, uint32(d3d9.OpComment)|uint32(g.r.IntN(0x8000))<<16)
		how = "a comment's length"
	case 5:
		i := 1 + g.r.IntN(n-1)
		set(i, tok(i)&^(0xF<<24)|uint32(g.r.IntN(16))<<24)
		how = "an instruction's length"
	default:
		b = append(b, 0, 0)
		how = "an odd length"
	}
	progs[k] = b
	c := advCase{files: map[string][]byte{"vs.vso": progs[0], "ps.pso": progs[1]}, reads: []string{"vs.vso", "ps.pso"}, note: how}
	g.programArgs(&c, "vs.vso", "ps.pso")
	return c
}

// assembly changes a corpus pair's text.
func (g *advGen) assembly() advCase {
	pair := g.pairs[g.r.IntN(len(g.pairs))]
	k := g.r.IntN(2)
	lines := strings.Split(string(pair[k]), "\n")
	i := g.r.IntN(len(lines))
	how := ""
	switch g.r.IntN(6) {
	case 0:
		lines = append(lines[:i:i], lines[i+1:]...)
		how = "a line deleted"
	case 1:
		lines = slices.Insert(lines, i, g.pick("endloop", "else", "endif", "endrep", "loop aL, i0", "rep i0", "if b0", "break", "ret", "label l0", "loop", "rep", "if", "call l3", "  endloop ; x"))
		how = "flow control inserted"
	case 2:
		for j, l := range lines {
			if strings.HasPrefix(strings.TrimSpace(l), "vs_") || strings.HasPrefix(strings.TrimSpace(l), "ps_") {
				lines[j] = g.pick("ps_3_3", "vs_3_1", "xs_3_0", "vs_2_0", "ps_3_0 extra", "", "vs_3_sw", "ps_2_b")
				break
			}
		}
		how = "version line"
	case 3:
		j := g.r.IntN(len(lines))
		lines[i], lines[j] = lines[j], lines[i]
		how = "lines swapped"
	case 4:
		lines[i] = regexp.MustCompile(`\d+`).ReplaceAllString(lines[i], g.pick("99", "4096", "2047", "-1"))
		how = "register numbers"
	default:
		lines = slices.Insert(lines, i, lines[i])
		how = "a line twice"
	}
	text, enc := g.encode([]byte(strings.Join(lines, "\n")))
	progs := pair
	progs[k] = text
	c := advCase{files: map[string][]byte{"vs.vsh": progs[0], "ps.psh": progs[1]}, reads: []string{"vs.vsh", "ps.psh"}, note: how + ", " + enc}
	g.programArgs(&c, "vs.vsh", "ps.psh")
	return c
}

func (g *advGen) programArgs(c *advCase, vs, ps string) {
	switch g.r.IntN(5) {
	case 0:
		c.args = []string{"check", vs, ps}
	case 1:
		c.args = []string{"check", "--format=json", vs}
	case 2:
		c.args = []string{"repack", vs, ps}
	case 3:
		c.args, c.outputs = []string{"repack", "--format=" + g.pick("cso", "asm"), "--vs-out=o.vso", "--ps-out=o.pso", vs, ps}, []string{"o.vso", "o.pso"}
	default:
		c.args, c.outputs = []string{"repack", "--layout-out=o.layout", "--vs-out=o.vsh", "--ps-out=o.psh", vs, ps}, []string{"o.layout", "o.vsh", "o.psh"}
	}
}

// folders makes trees of inputs: nested folders, names that collide,
// FIFOs and links among them, an output folder that is an input's.
func (g *advGen) folders() advCase {
	files := map[string][]byte{}
	var inputs []string
	count := 2 + g.r.IntN(8)
	if g.chance(0.05) {
		count = 300 // bounded work: one stat of each
	}
	for i := range count {
		dir := g.pick("", "a/", "b/", "a/deep/", "c/")
		name := dir + g.pick("s", "t", "u", fmt.Sprint("f", i)) + g.pick(".hlsl", ".fx", ".fxh", ".txt", ".HLSL")
		if count == 300 {
			name = fmt.Sprintf("%sf%d.hlsl", dir, i)
		}
		src := g.pick(fxcFits, includeHeader, fxcFitsPS, "struct broken {", includeMain)
		files[name] = []byte(src)
		inputs = append(inputs, name)
	}
	files["common.fxh"] = []byte(includeHeader)
	c := advCase{files: files, reads: slices.Clone(inputs)}
	c.reads = append(c.reads, "common.fxh")
	if g.chance(0.3) {
		c.fifos = []string{"pipe.hlsl"}
		c.note += "a FIFO among the inputs; "
	}
	out := g.pick("out", "a", "missing/out", "s.hlsl", ".")
	switch g.r.IntN(4) {
	case 0:
		c.args = []string{"compare", g.pick(".", "a", "b")}
		if g.chance(0.3) {
			c.args = append(c.args, "--summary")
		}
	case 1:
		c.args = append([]string{"--struct=VS_OUT", "--out-dir=" + out}, inputs...)
		c.outputs = []string{out + "/"}
	case 2:
		c.args = append([]string{"rewrite", "--all", "--out-dir=" + out}, inputs...)
		c.outputs = []string{out + "/"}
	default:
		c.args = append([]string{"--entry=VS", "--out-dir=" + out}, inputs...)
		c.outputs = []string{out + "/"}
	}
	if out == "." || out == "a" {
		// Outputs beside the inputs: a run may write new files there,
		// never change an input (reads).
		c.outputs = []string{""}
	}
	return c
}
