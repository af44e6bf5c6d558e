package check_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/check"
	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/internal/runtimes"
	"github.com/shpack/shpack/internal/testenv"
)

// A proofPair is a pair the proof draws.
type proofPair struct {
	name   string
	vs, ps string // files: assembly or bytecode
	want   []float64
	// valid: the pair's linkage is valid (the READMEs' "valid" column).
	valid bool
	// problem is text a problem of the check must contain ("" for none).
	problem string
	// wine: draw on Wine (and DXVK) too, not only on MojoShader.
	wine bool
	// counted: each value the pixel shader reads is one value drawn (the
	// matrices' pairs), so the check loses as many as the runtime draws
	// wrong; elsewhere a value read may be drawn twice, or a clamp lose
	// only some (color01).
	counted bool
}

// matrixExpect is what every pair of the tools' matrices draws.
var matrixExpect = []float64{0.125, 0.25, 0.375, 0.5, 0.625, 1.25, 2.5, -3}

// matrixPairs are the tests/*.asm pairs of the two tools' results tables
// (mojoshader-gl-check/tests holds the d3d9-render-check shaders too),
// with the tables' "valid" column. Every runtime draws them all: the
// models match the runtimes on the pairs the rules call invalid too.
func matrixPairs(t *testing.T) []proofPair {
	dir := testenv.Shared(t, "tools/mojoshader-gl-check/tests")
	rows := []struct {
		vs, ps string
		valid  bool
	}{
		{"unpacked", "unpacked", true}, {"split", "split", true}, {"packed", "packed", true},
		{"packed_reversed", "packed", true}, {"packed", "split", false}, {"split", "packed", false},
		{"unpacked", "packed", false}, {"packed", "unpacked", false}, {"split", "mismatch", false},
		{"packed", "mismatch", false},
		{"unpacked_nofog", "unpacked_nofog", true}, {"split_nofog", "split_nofog", true},
		{"packed_nofog", "packed_nofog", true}, {"packed_reversed_nofog", "packed_nofog", true},
		{"packed_nofog", "unpacked_nofog", false}, {"portable", "portable", true},
	}
	var pairs []proofPair
	for _, r := range rows {
		pairs = append(pairs, proofPair{
			name: r.vs + "/" + r.ps, vs: filepath.Join(dir, "vs_"+r.vs+".asm"), ps: filepath.Join(dir, "ps_"+r.ps+".asm"),
			want: matrixExpect, valid: r.valid, wine: true, counted: true,
		})
	}
	return pairs
}

// ownPairs are the pairs of testdata/pairs (NAME.vs.asm, NAME.ps.asm),
// whose vertex shader says "; expect: VALUES" and maybe "; problem:
// TEXT". They are drawn as bytecode (d3d9.Encode), which both runtimes
// load as it is: Wine's assembler refuses r32, and the pixel shaders need
// no usage fix-up on MojoShader's side.
func ownPairs(t *testing.T) []proofPair {
	files, err := filepath.Glob(filepath.Join("testdata", "pairs", "*.vs.asm"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	tmp := testenv.TempDir(t)
	var pairs []proofPair
	for _, vsFile := range files {
		name := strings.TrimSuffix(filepath.Base(vsFile), ".vs.asm")
		p := proofPair{name: name, valid: true, wine: true}
		src, err := os.ReadFile(vsFile)
		require.NoError(t, err)
		for _, ln := range strings.Split(string(src), "\n") {
			if rest, ok := strings.CutPrefix(ln, "; expect:"); ok {
				for _, f := range strings.Fields(rest) {
					v, err := strconv.ParseFloat(f, 64)
					require.NoError(t, err, vsFile)
					p.want = append(p.want, v)
				}
			}
			if rest, ok := strings.CutPrefix(ln, "; problem:"); ok {
				p.problem = strings.TrimSpace(rest)
			}
		}
		require.NotEmpty(t, p.want, "%s: no '; expect:' line", vsFile)
		for i, f := range []string{vsFile, strings.TrimSuffix(vsFile, ".vs.asm") + ".ps.asm"} {
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			prog, err := d3d9.Parse(f, src)
			require.NoError(t, err)
			data, err := d3d9.Encode(prog)
			require.NoError(t, err)
			out := filepath.Join(tmp, name+[]string{".vso", ".pso"}[i])
			require.NoError(t, os.WriteFile(out, data, 0o644))
			if i == 0 {
				p.vs = out
			} else {
				p.ps = out
			}
		}
		pairs = append(pairs, p)
	}
	return pairs
}

func readProgram(t *testing.T, file string) *d3d9.Program {
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	p, err := d3d9.Read(file, data)
	require.NoError(t, err)
	return p
}

// refusedByModel reports whether a model says the runtime does not take
// the pair at all.
func refusedByModel(lost []check.Lost) bool {
	for _, l := range lost {
		if strings.HasPrefix(l.Why, "the program does not link") || strings.HasPrefix(l.Why, "the pixel shader does not compile") {
			return true
		}
	}
	return false
}

// TestCheckAgreesWithRuntimes is the proof: for every pair of the two
// tools' matrices and of testdata/pairs, the check runs before anything
// draws, then the pair is drawn on MojoShader's GL path and on Wine (DXVK
// too when D3D9CHECK_DLL names its d3d9.dll), with the values the pair
// writes. For a pair without a problem, valid linkage or not, each
// runtime's list of lost values is empty exactly when the runtime draws
// every value right, and for the matrices' pairs it counts the values the
// runtime draws wrong; for one whose
// linkage is valid, MojoShader's model says "does not link/compile"
// exactly when MojoShader refused the pair. An invalid pair has a
// linkage problem; a pair whose file says "; problem:" has that problem.
func TestCheckAgreesWithRuntimes(t *testing.T) {
	testenv.Heavy(t)
	pairs := append(matrixPairs(t), ownPairs(t)...)
	table := make([]string, len(pairs))
	var wineDraws atomic.Int32
	t.Cleanup(func() {
		t.Logf("%d pairs, %d draws on Wine:\n%-38s %-8s  per runtime: values the check says are lost, what the runtime drew\n%s",
			len(pairs), wineDraws.Load(), "pair", "check", strings.Join(table, "\n"))
		assert.LessOrEqual(t, wineDraws.Load(), int32(26), "keep the Wine set small (3 s a pair)")
	})
	for i, p := range pairs {
		t.Run(p.name, func(t *testing.T) {
			t.Parallel()
			rep := check.Programs(readProgram(t, p.vs), readProgram(t, p.ps), p.vs, p.ps)
			switch {
			case !p.valid:
				linkage := false
				for _, e := range rep.Problems {
					linkage = linkage || e.Pos.File == p.ps && strings.Contains(e.Msg, "the vertex shader")
				}
				assert.True(t, linkage, "an invalid pair has a linkage problem: %v", rep.Problems)
			case p.problem != "":
				assert.Contains(t, rep.Problems.Error(), p.problem)
			default:
				assert.Empty(t, rep.Problems)
			}
			kind := "valid"
			switch {
			case !p.valid:
				kind = "linkage"
			case p.problem != "":
				kind = "problem"
			}
			row := fmt.Sprintf("%-38s %-8s", p.name, kind)
			for _, rt := range runtimes.All() {
				if rt.Name != check.MojoShader && !p.wine {
					continue
				}
				lost := rep.Lost(rt.Name)
				if rt.Name == check.Wined3d {
					wineDraws.Add(1)
				}
				res := rt.Draw(t, p.vs, p.ps, p.want)
				row += fmt.Sprintf("  %s: check lost %d, %s", rt.Name, countLost(lost), drawn(res))
				if p.problem != "" {
					continue // the runtimes' lists model the declarations only
				}
				// Value for value, valid linkage or not: what the check
				// says is lost is what the runtime drew wrong.
				assert.Equal(t, res.Pass, len(lost) == 0, "%s: the check says %v; the runtime drew %s:\n%s", rt.Name, lost, drawn(res), res.Output)
				if !res.Failed && p.counted {
					assert.Equal(t, res.Total-res.Matched, countLost(lost), "%s: the check says %v; the runtime drew %s", rt.Name, lost, drawn(res))
				}
				if rt.Name == check.MojoShader && p.valid {
					assert.Equal(t, res.Failed, refusedByModel(lost), "%s: refused by the runtime / by the model (%v):\n%s", rt.Name, lost, res.Output)
				}
			}
			table[i] = row
		})
	}
}

func countLost(lost []check.Lost) int {
	n := 0
	for _, l := range lost {
		n += len(l.Components)
	}
	return n
}

func drawn(res runtimes.Result) string {
	switch {
	case res.Failed:
		return "refused"
	case res.Pass:
		return fmt.Sprintf("PASS %d/%d", res.Matched, res.Total)
	}
	return fmt.Sprintf("FAIL %d/%d", res.Matched, res.Total)
}
