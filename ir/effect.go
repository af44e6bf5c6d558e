package ir

// The effect IR: what an effect file's techniques ask of its shaders. A
// front end that reads effects (hlsl) fills it in; the linker and the
// printers read it.

// A Technique is one technique of an effect, with its passes.
type Technique struct {
	Name    string // "" when unnamed
	Keyword string // technique, technique10, ...
	Pos     Pos
	Passes  []Pass
}

// A Pass is one pass of a technique and the shaders it sets.
type Pass struct {
	Name string // "" when unnamed
	Pos  Pos
	// VS and PS are the shaders the pass sets: usually one each, none when
	// the pass leaves the stage alone, several when it picks one from a
	// shader array by an index known only at run time.
	VS, PS []ShaderRef
}

// A ShaderRef is one shader a pass sets.
type ShaderRef struct {
	Stage   Stage
	Pos     Pos    // the assignment in the pass
	Null    bool   // the stage is set to NULL (fixed function)
	Asm     bool   // inline assembly
	Profile string // "vs_3_0"
	Entry   string // the function compiled
	// EntryPos is where the compile expression names the function (in
	// the pass, or in the global shader variable the pass refers to).
	EntryPos Pos
	Args     string // the arguments as written: "true, 2"
	Var      string // the shader variable the pass refers to, if any
	// Unresolved is set when the pass refers to a variable the file does
	// not define as a compiled shader.
	Unresolved bool
}
