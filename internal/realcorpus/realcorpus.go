// Package realcorpus describes how the projects of the real-world corpus
// (../shared/corpus-real) are built, so tests read each file the way its
// project compiles it: extra include directories, host-defined macros, and
// the includes the corpus does not have. Tests only; the corpus itself is
// read from ../shared and never copied.
package realcorpus

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/shpack/shpack/internal/testenv"
)

// includeDirs are the include directories the projects compile with (their
// build systems add them: OGRE's resource locations, the SampleFramework's
// shader folder), relative to the corpus root, by project folder.
var includeDirs = map[string][]string{
	"ogre":       {"ogre/Media/Main"},
	"msaafilter": {"msaafilter/SampleFramework11/v1.01/Shaders"},
}

// defines are the macros a sample's host program defines when it compiles a
// file (D3D10_SHADER_MACRO in the sample's C++ source).
var defines = map[string][]string{
	"directx-sdk-samples/C++/Direct3D10/MultiStreamRendering/MultiStreamRendering.fx": {"D3D10"},
	"directx-sdk-samples/C++/Direct3D10/TransparencyAA10.1/TransparencyAA10.1.fx":     {"DX10_1_ENABLED", "MSAA_SAMPLES=4"},
}

// Missing lists the corpus files that include a file the corpus does not
// have (its README: "a few sample folders lack a sibling file that an
// #include names"; C++ headers of the samples were not copied), with that
// include as written (and as the preprocessor's messages quote it). They are read with PPOptions.AllowMissingIncludes.
var Missing = map[string]string{
	"directx-sdk-samples/Media/SharedFx/BumpDirectionalLight.fx":                                   `sas\sas.fxh`,
	"directx-sdk-samples/Media/SharedFx/BumpPointLight.fx":                                         `sas\sas.fxh`,
	"directx-sdk-samples/Media/SharedFx/Fresnel.fx":                                                `sas\sas.fxh`,
	"directx-sdk-samples/Media/SharedFx/Hemisphere.fx":                                             `sas\sas.fxh`,
	"directx-sdk-samples/Media/SharedFx/MrWiggle.fx":                                               `sas\sas.fxh`,
	"directx-sdk-samples/Media/SharedFx/earth.fx":                                                  `sas\sas.fxh`,
	"directx-sdk-samples/Media/SharedFx/goochy_HLSL.fx":                                            `sas\sas.fxh`,
	"directx-sdk-samples/Media/SharedFx/lambSkin.fx":                                               `sas\sas.fxh`,
	"directx-sdk-samples/Media/SharedFx/parallaxBumpMap.fx":                                        `sas\sas.fxh`,
	"directx-sdk-samples/Media/SharedFx/velvety.fx":                                                `sas\sas.fxh`,
	"directx-sdk-samples/Media/SharedFx/zap.fx":                                                    `sas\sas.fxh`,
	"directx-sdk-samples/C++/Direct3D11/DynamicShaderLinkage11/DynamicShaderLinkage11_PS.hlsl":     "DynamicShaderLinkage11_PSBuffers.h",
	"directx-sdk-samples/C++/Direct3D11/DynamicShaderLinkageFX11/DynamicShaderLinkageFX11_PS.hlsl": "DynamicShaderLinkageFX11_PSBuffers.h",
	"msaafilter/MSAAFilter/BackgroundVelocity.hlsl":                                                "SharedConstants.h",
	"msaafilter/MSAAFilter/DepthReduction.hlsl":                                                    "SharedConstants.h",
	"msaafilter/MSAAFilter/LuminanceReduction.hlsl":                                                "SharedConstants.h",
	"msaafilter/MSAAFilter/Mesh.hlsl":                                                              "SharedConstants.h",
	"msaafilter/MSAAFilter/Resolve.hlsl":                                                           "SharedConstants.h",
	"msaafilter/MSAAFilter/PostProcessing.hlsl":                                                    "SharedConstants.h",
	"ogre/Samples/Media/materials/programs/HLSL/ComputeCS.hlsl":                                    "OgreUnifiedShader.h",
	"ogre/Samples/Media/materials/programs/HLSL_Cg/NightVisionFP.cg":                               "OgreUnifiedShader.h",
	"ogre/Samples/Media/materials/programs/HLSL_Cg/OldTV.cg":                                       "OgreUnifiedShader.h",
}

// Root returns the corpus directory (skipping the test when it is absent
// and CI is unset).
func Root(t testing.TB) string { return testenv.Shared(t, "corpus-real") }

// Settings are how a project compiles one of its files.
type Settings struct {
	IncludeDirs          []string // absolute
	Defines              []string // NAME or NAME=VALUE
	AllowMissingIncludes bool
}

// Options returns the settings the project of rel (a path relative to the
// corpus root) compiles it with.
func Options(root, rel string) Settings {
	o := Settings{Defines: defines[rel]}
	project := strings.SplitN(rel, "/", 2)[0]
	for _, d := range includeDirs[project] {
		o.IncludeDirs = append(o.IncludeDirs, filepath.Join(root, d))
	}
	_, o.AllowMissingIncludes = Missing[rel]
	return o
}

// Args returns the same settings as shpack command-line flags.
func Args(root, rel string) []string {
	o := Options(root, rel)
	var args []string
	for _, d := range o.Defines {
		args = append(args, "-D", d)
	}
	for _, d := range o.IncludeDirs {
		args = append(args, "-I", d)
	}
	if o.AllowMissingIncludes {
		args = append(args, "--allow-missing-includes")
	}
	return args
}

// ShaderExts are the file extensions of shader sources in the corpus.
var ShaderExts = map[string]bool{
	".fx": true, ".fxh": true, ".hlsl": true, ".hlsli": true, ".vsh": true, ".psh": true,
	".cg": true, ".vert": true, ".frag": true,
}

// Files returns the shader files of the corpus, relative to root, sorted.
func Files(t testing.TB, root string) []string {
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && ShaderExts[strings.ToLower(filepath.Ext(p))] {
			rel, _ := filepath.Rel(root, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// Seeds returns the corpus's shader files as absolute paths, to seed fuzz
// targets, or nil without the corpus: seeds are optional, unlike the corpus
// tests, which get the corpus from Root.
func Seeds(t testing.TB) []string {
	root := filepath.Join(testenv.Root(t), "..", "shared", "corpus-real")
	if _, err := os.Stat(root); err != nil {
		return nil
	}
	var files []string
	for _, rel := range Files(t, root) {
		files = append(files, filepath.Join(root, rel))
	}
	return files
}

// sm3Profile matches the shader profile of a compile expression of Shader
// Model 1 to 3 ("compile vs_2_0", "CompileShader( ps_2_b").
var sm3Profile = regexp.MustCompile(`(?i)(\bcompile\s+|\bcompileshader\s*\(\s*)(vs|ps)_[123]_(?:[0-9]|x|a|b|sw)\b`)

// HasSM3Profile says whether src compiles a shader of Shader Model 1 to 3
// in a technique.
func HasSM3Profile(src []byte) bool { return sm3Profile.Match(src) }

// UpgradeProfiles moves every Shader Model 1 to 3 profile a technique
// compiles with to vs_3_0/ps_3_0, where shaders are packed.
func UpgradeProfiles(src []byte) []byte { return sm3Profile.ReplaceAll(src, []byte("${1}${2}_3_0")) }
