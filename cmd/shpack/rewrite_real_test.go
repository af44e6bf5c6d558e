package main

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/internal/asmcheck"
	"github.com/shpack/shpack/internal/realcorpus"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/internal/vkd3d"
)

// vkd3dTooSlow are real files vkd3d 1.17 takes over a minute to compile
// (it unrolls their loops); the test leaves them out to stay fast.
var vkd3dTooSlow = map[string]string{
	"directx-sdk-samples/C++/Direct3D/LocalDeformablePRT/LocalDeformablePRT.fx": "78 s for VS on 2 cores",
}

// realPair is one vertex/pixel pair of a real effect file.
type realPair struct {
	file   string // relative to the corpus root
	vs, ps string
}

// TestRewriteCorpusReal rewrites the real effect files of
// ../shared/corpus-real and compiles the result with vkd3d 1.17. Most
// real effects target vs_2_0/ps_2_0, and shpack rewrites vs_3_0/ps_3_0
// pairs, so each file's Shader Model 1-3 compile expressions are first
// moved to vs_3_0/ps_3_0 (what a project that outgrows vs_2_0 does; the
// file is otherwise untouched), and every pair is rewritten (--all). For
// every pass pair whose original compiles with vkd3d, the rewritten file
// must compile under the same entry names, the vertex shader must use at
// most 10 general output registers, and the pixel shader must read every
// input at a semantic and mask the vertex shader writes. Pairs that are
// left alone are counted by reason; the counts are logged (-v) and some
// are pinned below.
func TestRewriteCorpusReal(t *testing.T) {
	testenv.Heavy(t)
	vkd3d.Tool(t)
	asmcheck.Tool(t)
	root := realcorpus.Root(t)
	tmp := testenv.TempDir(t)
	origDir, newDir := filepath.Join(tmp, "orig"), filepath.Join(tmp, "new")

	reasons := map[string]int{}
	upgraded, pairs := realPairs(t, root, func(rel string) bool {
		if _, slow := vkd3dTooSlow[rel]; slow {
			reasons["left out: vkd3d takes over a minute to compile it"]++
			return false
		}
		return true
	})
	mirror(t, root, origDir, func(rel string) []byte { return upgraded[rel] })

	// Compile every pair of the originals.
	compiles := map[realPair]bool{}
	files := map[string]bool{}
	orig := compileAll(t, origDir, filepath.Join(tmp, "orig-cso"), pairs)
	for _, p := range pairs {
		if err := cmpErr(orig[job{p.file, p.vs, "vs_3_0"}].err, orig[job{p.file, p.ps, "ps_3_0"}].err); err != nil {
			reasons["original does not compile with vkd3d: "+vkd3dReason(err)]++
			continue
		}
		compiles[p] = true
		files[p.file] = true
	}

	repackReal(t, tmp, pairs, compiles, orig)

	// Rewrite the files with a pair that compiles, and compile the pairs
	// again.
	rewritten := map[string][]byte{}
	leftAlone := map[string]string{}
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		path := filepath.Join(origDir, rel)
		out := filepath.Join(tmp, "out", rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(out), 0o755))
		args := append([]string{"rewrite", "--all", "-o", out}, realcorpus.Args(root, rel)...)
		code, _, stderr := shpackRun(append(args, path)...)
		if code != exitOK {
			t.Errorf("%s: shpack rewrite --all failed:\n%s", rel, stderr)
			continue
		}
		for _, ln := range strings.Split(stderr, "\n") {
			if _, msg, ok := strings.Cut(ln, "note: left as it is (it fits with one register per semantic, and --all cannot rewrite it): "); ok {
				leftAlone[rel] = msg
			}
			if _, msg, ok := strings.Cut(ln, "note: left as it is: shpack cannot read it ("); ok {
				leftAlone[rel] = strings.TrimSuffix(msg, "), so it does not know whether its outputs fit with one register per semantic")
			}
		}
		data, err := os.ReadFile(out)
		require.NoError(t, err)
		rewritten[rel] = data
	}
	mirror(t, root, newDir, func(rel string) []byte { return rewritten[rel] })
	var again []realPair
	for _, p := range pairs {
		if data, done := rewritten[p.file]; done && compiles[p] {
			if !strings.Contains(string(data), "// Added by shpack: "+p.vs+" writes") {
				reasons["left as it is: "+leaveReason(leftAlone[p.file])]++
				continue
			}
			again = append(again, p)
		}
	}
	fresh := compileAll(t, newDir, filepath.Join(tmp, "new-cso"), again)
	ok := 0
	tempsBefore, tempsAfter := map[job]int{}, map[job]int{}
	for _, p := range again {
		vs, ps := fresh[job{p.file, p.vs, "vs_3_0"}], fresh[job{p.file, p.ps, "ps_3_0"}]
		if err := cmpErr(vs.err, ps.err); err != nil {
			t.Errorf("%s: the rewritten pair %s/%s does not compile:\n%v", p.file, p.vs, p.ps, err)
			continue
		}
		vsCSO, psCSO := vs.out, ps.out
		vsRep, err := asmcheck.CheckFile(t, vsCSO)
		require.NoError(t, err, p.file)
		psRep, err := asmcheck.CheckFile(t, psCSO)
		if err != nil && strings.Contains(err.Error(), "DCL face writemask must be full") {
			// MojoShader refuses vkd3d's vFace declaration (original too).
			reasons["rewritten and compiled; PS read back refused (vFace)"]++
			ok++
			continue
		}
		require.NoError(t, err, p.file)
		assert.LessOrEqual(t, generalOutputs(vsRep), 10, "%s: %s", p.file, p.vs)
		// The rewrite costs the program nothing: at most one temporary
		// more than the original compiled alone.
		for _, j := range []job{{p.file, p.vs, "vs_3_0"}, {p.file, p.ps, "ps_3_0"}} {
			before, after := temporaries(t, orig[j].out), temporaries(t, fresh[j].out)
			assert.LessOrEqual(t, after, before+1, "%s: %s (%s) uses %d temporaries rewritten, %d as written", p.file, j.entry, j.profile, after, before)
			tempsBefore[j], tempsAfter[j] = before, after
		}
		checkPixelInputsReal(t, p, vsRep, psRep)
		// shpack check finds nothing in the compiled rewrite that it does
		// not find in the original compiled alone (vkd3d writes constants
		// past c255 in a few of these without a word).
		if probs := checkFiles(t, vsCSO, psCSO).Problems; len(probs) > 0 {
			before := checkFiles(t, orig[job{p.file, p.vs, "vs_3_0"}].out, orig[job{p.file, p.ps, "ps_3_0"}].out).Problems
			assert.NotEmpty(t, before, "%s: shpack check rejects the compiled rewrite, not the original:\n%v", p.file, probs)
			reasons["rewritten and compiled; vkd3d compiled the original wrong already (shpack check)"]++
		}
		reasons["rewritten and compiled"]++
		ok++
	}
	var lines []string
	for r, n := range reasons {
		lines = append(lines, fmt.Sprintf("%4d  %s", n, r))
	}
	sort.Sort(sort.Reverse(sort.StringSlice(lines)))
	t.Logf("%d effect files with vs_3_0/ps_3_0 pairs after the profile upgrade, %d pairs, %d compile with vkd3d; %d files rewritten; %d pairs rewritten and compiled:\n%s",
		len(upgraded), len(pairs), len(compiles), len(rewritten), ok, strings.Join(lines, "\n"))
	more, sum := 0, [2]int{}
	for j, b := range tempsBefore {
		sum[0] += b
		sum[1] += tempsAfter[j]
		if tempsAfter[j] > b {
			more++
		}
	}
	t.Logf("temporaries over %d rewritten entry points: %d as written, %d rewritten; %d use one more", len(tempsBefore), sum[0], sum[1], more)
	assert.GreaterOrEqual(t, ok, 85, "rewritten pairs that compile (85 when this was written)")
}

// repackReal repacks the compiled originals (the bytecode vkd3d made from
// the real effect files, the input a user of shpack repack has): every
// pair must repack or fail with a positioned error, and a repacked pair
// must fit vs_3_0, use no more general registers than before, and, read
// back by MojoShader where it can read the program, link by semantic and
// mask. The counts are logged and pinned.
func repackReal(t *testing.T, tmp string, pairs []realPair, compiles map[realPair]bool, orig map[job]compiled) {
	t.Helper()
	out := filepath.Join(tmp, "repack")
	require.NoError(t, os.MkdirAll(out, 0o755))
	reasons := map[string]int{}
	repacked, saved, broken := 0, 0, 0
	for i, p := range pairs {
		if !compiles[p] {
			continue
		}
		vs, ps := orig[job{p.file, p.vs, "vs_3_0"}].out, orig[job{p.file, p.ps, "ps_3_0"}].out
		vso, pso := filepath.Join(out, fmt.Sprintf("%d.vso", i)), filepath.Join(out, fmt.Sprintf("%d.pso", i))
		code, _, stderr := shpackRun("repack", "--format=cso", "--vs-out="+vso, "--ps-out="+pso, vs, ps)
		if code != exitOK {
			require.Equal(t, exitInput, code, stderr)
			require.Regexp(t, `\.cso(:\d+:\d+)?: error: `, stderr)
			if probs := checkFiles(t, vs, ps).Problems; len(probs) > 0 {
				// A pair the compiler made wrong (vkd3d writes constants
				// past c255 without a word) is refused, as shpack check
				// refuses it.
				broken++
			} else {
				require.NotContains(t, stderr, "fails shpack check", "the repack made a program the check rejects")
			}
			msg := stderr[strings.Index(stderr, "error: ")+len("error: "):]
			if k := strings.IndexAny(msg, "\n"); k >= 0 {
				msg = msg[:k]
			}
			msg = regexp.MustCompile(`^token \d+ \([^)]*\): `).ReplaceAllString(msg, "")
			msg = regexp.MustCompile(`[ov]\d+|TEXCOORD\d+|COLOR\d+`).ReplaceAllString(msg, "#")
			reasons["not repacked: "+msg]++
			continue
		}
		before, err := asmcheck.CheckFile(t, vs)
		require.NoError(t, err)
		after, err := asmcheck.CheckFile(t, vso)
		if err != nil {
			reasons["repacked; MojoShader cannot read the bytecode back (predicates or indexed outputs)"]++
			repacked++
			continue
		}
		assert.LessOrEqual(t, generalOutputs(after), 10, "%s: %s", p.file, p.vs)
		assert.LessOrEqual(t, generalOutputs(after), generalOutputs(before), "%s: %s", p.file, p.vs)
		saved += generalOutputs(before) - generalOutputs(after)
		if psRep, err := asmcheck.CheckFile(t, pso); err == nil {
			checkPixelInputsReal(t, p, after, psRep)
			reasons["repacked and read back"]++
		} else {
			reasons["repacked; PS read back refused: "+err.Error()[strings.LastIndex(err.Error(), ":")+1:]]++
		}
		repacked++
	}
	var lines []string
	for r, n := range reasons {
		lines = append(lines, fmt.Sprintf("%4d  %s", n, r))
	}
	sort.Sort(sort.Reverse(sort.StringSlice(lines)))
	t.Logf("repack over the compiled pairs: %d of %d repacked, %d general registers saved:\n%s", repacked, len(compiles), saved, strings.Join(lines, "\n"))
	assert.GreaterOrEqual(t, repacked+broken, 90, "real pairs repacked or refused as compiled wrong (90 of 90 when this was written)")
}

// realPairs moves the Shader Model 1-3 compile expressions of the real
// effect files to vs_3_0/ps_3_0 and returns the files that have a pass
// pairing a vs_3_0 with a ps_3_0 shader after that (relative to root, with
// their new contents) and those pairs. keep filters the files.
func realPairs(t *testing.T, root string, keep func(rel string) bool) (map[string][]byte, []realPair) {
	t.Helper()
	upgraded := map[string][]byte{}
	var pairs []realPair
	for _, rel := range realcorpus.Files(t, root) {
		src, err := os.ReadFile(filepath.Join(root, rel))
		require.NoError(t, err)
		if !realcorpus.HasSM3Profile(src) || !keep(rel) {
			continue
		}
		up := realcorpus.UpgradeProfiles(src)
		o := realcorpus.Options(root, rel)
		u, err := hlsl.ParseFile(filepath.Join(root, rel), up, &hlsl.PPOptions{IncludeDirs: o.IncludeDirs, Defines: o.Defines, AllowMissingIncludes: o.AllowMissingIncludes})
		if err != nil {
			continue // files that do not parse are the front end's tests
		}
		seen := map[realPair]bool{}
		for _, tech := range u.Techniques() {
			for _, p := range tech.Passes {
				for _, vs := range p.VS {
					for _, ps := range p.PS {
						rp := realPair{rel, vs.Entry, ps.Entry}
						if vs.Profile == "vs_3_0" && ps.Profile == "ps_3_0" && vs.Entry != "" && ps.Entry != "" && !seen[rp] {
							seen[rp] = true
							pairs = append(pairs, rp)
						}
					}
				}
			}
		}
		if len(seen) > 0 {
			upgraded[rel] = up
		}
	}
	return upgraded, pairs
}

// A job is one entry point of a file to compile for a profile.
type job struct{ file, entry, profile string }

// compiled is a job's bytecode file, or the compiler's error.
type compiled struct {
	out string
	err error
}

// compileAll compiles both entry points of every pair in the mirror dir
// (each entry point once), two at a time.
func compileAll(t *testing.T, dir, outDir string, pairs []realPair) map[job]compiled {
	t.Helper()
	require.NoError(t, os.MkdirAll(outDir, 0o755))
	var jobs []job
	seen := map[job]bool{}
	for _, p := range pairs {
		for _, j := range []job{{p.file, p.vs, "vs_3_0"}, {p.file, p.ps, "ps_3_0"}} {
			if !seen[j] {
				seen[j] = true
				jobs = append(jobs, j)
			}
		}
	}
	results := make([]compiled, len(jobs))
	work := make(chan int)
	var wg sync.WaitGroup
	for range max(2, runtime.NumCPU()) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				j := jobs[i]
				out := filepath.Join(outDir, fmt.Sprintf("%d.cso", i))
				_, err := vkd3d.Compile(t, filepath.Join(dir, filepath.Dir(j.file)), filepath.Base(j.file), j.entry, j.profile, out)
				results[i] = compiled{out, err}
			}
		}()
	}
	for i := range jobs {
		work <- i
	}
	close(work)
	wg.Wait()
	m := map[job]compiled{}
	for i, j := range jobs {
		m[j] = results[i]
	}
	return m
}

// checkPixelInputsReal is checkPixelInputs for a real pair (a pixel shader
// may read nothing the vertex shader writes).
func checkPixelInputsReal(t *testing.T, p realPair, vs, ps *asmcheck.Report) {
	t.Helper()
	outs := map[string]string{}
	for _, d := range vs.Decls {
		if d.Dir == "out" {
			outs[fmt.Sprint(d.Usage, d.Index)] = d.Mask
		}
	}
	for _, d := range ps.Decls {
		if d.Dir != "in" || d.Usage == "" {
			continue
		}
		mask, ok := outs[fmt.Sprint(d.Usage, d.Index)]
		if assert.True(t, ok, "%s %s/%s: pixel input %s is written by the vertex shader", p.file, p.vs, p.ps, d) {
			assert.Equal(t, mask, d.Mask, "%s %s/%s: pixel input %s has the vertex output's mask", p.file, p.vs, p.ps, d)
		}
	}
}

// mirror makes dir a copy of the corpus, with the contents replace returns
// for a file written in its place. (Copies, not symbolic links: under
// Wine, which runs the Windows build's tests, os.Symlink makes none and
// says it did.)
func mirror(t *testing.T, root, dir string, replace func(rel string) []byte) {
	t.Helper()
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		dst := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		data := replace(filepath.ToSlash(rel))
		if data == nil {
			if data, err = os.ReadFile(p); err != nil {
				return err
			}
		}
		return os.WriteFile(dst, data, 0o644)
	})
	require.NoError(t, err)
}

func cmpErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

var vkd3dCode = regexp.MustCompile(`E\d{4}: [^.'"]*`)

// vkd3dReason reduces a compiler failure to its kind ("E5017: Aborting
// due to not yet implemented feature: SM1 ...").
func vkd3dReason(err error) string {
	msg := err.Error()
	if m := vkd3dCode.FindString(msg); m != "" {
		return strings.TrimSpace(m)
	}
	if strings.Contains(msg, "Failed to open") || strings.Contains(msg, "No such file") {
		return "an include it cannot open"
	}
	lines := strings.Split(strings.TrimSpace(msg), "\n")
	return lines[len(lines)-1]
}

var leaveWords = regexp.MustCompile(`(technique|pass|shader|shaders|function|struct) [A-Za-z_0-9]+`)

// leaveReason reduces shpack's "left as it is" note to its kind.
func leaveReason(msg string) string {
	if msg == "" {
		return "(no note)"
	}
	return leaveWords.ReplaceAllString(msg, "$1 X")
}

// temporaries is the number of temporary registers (r0 up to the highest
// used) of a compiled program.
func temporaries(t *testing.T, cso string) int {
	t.Helper()
	data, err := os.ReadFile(cso)
	require.NoError(t, err)
	prog, err := d3d9.Decode(cso, data)
	require.NoError(t, err)
	n := 0
	for _, in := range prog.Insts {
		ops := in.Srcs
		if in.Dst != nil {
			ops = append([]d3d9.Operand{*in.Dst}, ops...)
		}
		for _, o := range ops {
			if o.Type == d3d9.RegTemp {
				n = max(n, o.Num+1)
			}
		}
	}
	return n
}
