package corpus

import "embed"

// The playground's examples (web/): an SDK-style effect that overflows,
// a permutation set, and a pair in two files that share a header.
//
//go:embed rewrite/sdk_effect_out_params.fx rewrite/two_files_vs.hlsl rewrite/two_files_ps.hlsl rewrite/two_files_common.fxh variants/lit.hlsl variants/lit.variants
var examples embed.FS

// Example returns one of the playground's example files by its path in
// the corpus ("rewrite/two_files_vs.hlsl"), or nil.
func Example(path string) []byte {
	b, err := examples.ReadFile(path)
	if err != nil {
		return nil
	}
	return b
}
