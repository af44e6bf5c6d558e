package driver

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/internal/asmcheck"
	"github.com/shpack/shpack/internal/realcorpus"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/ir"
)

// TestLinkEffectCorpusReal links every pass of every real effect file, as
// written and with its Shader Model 1-3 profiles moved to vs_3_0/ps_3_0
// (where the passes are packed, and families matter). Every file either
// links or fails with positioned errors that name a technique and pass.
// Every vs_3_0/ps_3_0 pass is then checked independently: both blocks are
// assembled by MojoShader (d3dasm-check), and the declarations read back
// from the bytecode must link by the rules of "Match Semantics": each pixel
// input is a vertex output with the same semantic at the same component
// letters (its mask a subset), and inputs share a pixel register exactly
// when their outputs share a vertex register. Counts are logged (-v).
func TestLinkEffectCorpusReal(t *testing.T) {
	testenv.Heavy(t)
	asmcheck.Tool(t)
	root := realcorpus.Root(t)
	for _, mode := range []struct {
		name     string
		upgrade  bool
		portable bool
	}{{"as written", false, false}, {"moved to 3_0", true, false}, {"moved to 3_0, portable", true, true}} {
		t.Run(mode.name, func(t *testing.T) {
			files, passes, sm3, faults, failed := 0, 0, 0, 0, 0
			var costs []string
			checked := map[string]bool{}
			kinds := map[string]int{}
			for _, rel := range realcorpus.Files(t, root) {
				src, err := os.ReadFile(filepath.Join(root, rel))
				require.NoError(t, err)
				if mode.upgrade {
					src = realcorpus.UpgradeProfiles(src)
				}
				o := realcorpus.Options(root, rel)
				if !techRE.Match(src) {
					continue
				}
				res, err := linkEffect(Source{Name: filepath.Join(root, rel), Src: src}, LinkOptions{
					PP:      hlsl.PPOptions{IncludeDirs: o.IncludeDirs, Defines: o.Defines, AllowMissingIncludes: o.AllowMissingIncludes},
					Packing: Packing{Portable: mode.portable},
				})
				if errors.Is(err, errNoPasses) {
					continue
				}
				files++
				if err != nil {
					errs := ir.Errors(err)
					if !assert.NotNil(t, errs, "%s: %v", rel, err) {
						continue
					}
					failed++
					for _, e := range errs {
						faults++
						kinds[faultKind.ReplaceAllString(e.Msg, "X")]++
						if !strings.Contains(e.Msg, "technique ") && !strings.Contains(e.Msg, "pass ") {
							// Errors of the file itself (a struct that does
							// not lower) are positioned but name no pass.
							assert.NotEqual(t, 0, e.Pos.Line, "%s: %s", rel, e)
						}
					}
					continue
				}
				for _, sl := range res.Shared {
					var parts []string
					for i, vs := range sl.VS {
						parts = append(parts, fmt.Sprintf("%s %d/%d", vs, sl.Registers[i], sl.Own[i]))
					}
					costs = append(costs, rel+": "+strings.Join(parts, ", "))
				}
				for _, p := range res.Passes {
					passes++
					if p.VSLayout.File.Profile.Name != "vs_3_0" {
						continue
					}
					sm3++
					key := rel + "|" + p.VS + "|" + p.PS
					if checked[key] {
						continue
					}
					checked[key] = true
					asmcheck.MatchSemantics(t, fmt.Sprintf("%s: technique %s, pass %s", rel, p.Technique, p.Pass), p.VSLayout, p.PSLayout)
				}
			}
			sort.Strings(costs)
			var lines []string
			for k, n := range kinds {
				lines = append(lines, fmt.Sprintf("%4d  %s", n, k))
			}
			sort.Sort(sort.Reverse(sort.StringSlice(lines)))
			t.Logf("%d effect files with passes to link: %d linked (%d passes, %d of them vs_3_0/ps_3_0, %d pairs checked through MojoShader), %d with %d errors:\n%s\n%d families (vertex shader: registers in the family/alone):\n%s",
				files, files-failed, passes, sm3, len(checked), failed, faults, strings.Join(lines, "\n"), len(costs), strings.Join(costs, "\n"))
			assert.GreaterOrEqual(t, passes, 240)
		})
	}
}

// techRE finds a technique keyword at the start of a line.
var techRE = regexp.MustCompile(`(?mi)^\s*technique(9|10|11)?\b`)

// faultKind blanks the names in a message, to count messages by kind.
var faultKind = regexp.MustCompile(`[A-Z][A-Za-z_0-9]*|\b[a-z][A-Za-z0-9_]*[A-Z][A-Za-z0-9_]*\b|\d+`)
