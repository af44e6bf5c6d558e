package ir

import (
	"fmt"
	"strings"
)

// Stage is the pipeline stage a shader profile targets.
type Stage uint8

// The two Direct3D 9 shader stages.
const (
	Vertex Stage = iota
	Pixel
)

// String returns "vertex" or "pixel".
func (s Stage) String() string {
	if s == Pixel {
		return "pixel"
	}
	return "vertex"
}

// A Profile is a Direct3D 9 shader target such as vs_3_0.
type Profile struct {
	Name  string // "vs_3_0"
	Stage Stage
	Major int
	Minor int // 0, or 'x' for the 2_x profiles
}

// Profiles lists the profiles shpack knows, in a fixed order.
func Profiles() []Profile {
	return []Profile{
		{"vs_1_1", Vertex, 1, 1},
		{"vs_2_0", Vertex, 2, 0},
		{"vs_2_x", Vertex, 2, 'x'},
		{"vs_3_0", Vertex, 3, 0},
		{"ps_2_0", Pixel, 2, 0},
		{"ps_3_0", Pixel, 3, 0},
	}
}

// ProfileNames lists the names of Profiles, for messages.
func ProfileNames() string {
	var names []string
	for _, p := range Profiles() {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}

// LookupProfile finds a profile by name, case-insensitively.
func LookupProfile(name string) (Profile, bool) {
	name = strings.ToLower(name)
	for _, p := range Profiles() {
		if p.Name == name {
			return p, true
		}
	}
	return Profile{}, false
}

// CompileProfile maps a profile as an effect's compile expression or fxc's
// /T spells it ("vs_2_a", "ps_3_sw") to the profile whose register files it
// uses: vs_2_a and vs_2_sw are vs_2_x, ps_2_a, ps_2_b, ps_2_x and ps_2_sw
// have the inputs of ps_2_0, the _sw profiles of 3_0 those of 3_0. d3d9
// says whether the name is a Direct3D 9 profile at all (Shader Models 1 to
// 3); ok is false for those shpack does not model (ps_1_x) and for every
// later model.
func CompileProfile(name string) (p Profile, d3d9, ok bool) {
	name = strings.ToLower(name)
	var stage Stage
	switch {
	case strings.HasPrefix(name, "vs_"):
		stage = Vertex
	case strings.HasPrefix(name, "ps_"):
		stage = Pixel
	default:
		return Profile{}, false, false
	}
	rest := name[3:]
	if len(rest) < 3 || rest[1] != '_' || rest[0] < '1' || rest[0] > '3' {
		return Profile{}, false, false
	}
	known := map[string]string{
		"vs_1_1": "vs_1_1", "vs_2_0": "vs_2_0", "vs_2_a": "vs_2_x", "vs_2_x": "vs_2_x", "vs_2_sw": "vs_2_x",
		"vs_3_0": "vs_3_0", "vs_3_sw": "vs_3_0",
		"ps_2_0": "ps_2_0", "ps_2_a": "ps_2_0", "ps_2_b": "ps_2_0", "ps_2_x": "ps_2_0", "ps_2_sw": "ps_2_0",
		"ps_3_0": "ps_3_0", "ps_3_sw": "ps_3_0",
	}
	if k, found := known[name]; found {
		p, _ := LookupProfile(k)
		return p, true, true
	}
	return Profile{Name: name, Stage: stage}, true, false
}

// FileMode says how elements map to the registers of a register file.
type FileMode uint8

// The three ways Direct3D 9 maps semantics to registers.
const (
	// ModePacked: several semantics may share a register with disjoint
	// masks; a strategy chooses (vs_3_0 outputs, ps_3_0 inputs).
	ModePacked FileMode = iota
	// ModeSequential: one register per element, in declaration order
	// (vertex inputs: the input assembler does not pack).
	ModeSequential
	// ModeFixed: the semantic names the register (SM1/SM2 vertex outputs,
	// ps_2_0 inputs, pixel shader outputs); nothing is packed.
	ModeFixed
)

// A RegisterFile describes the registers one side of a profile passes
// elements through.
type RegisterFile struct {
	Profile Profile
	Dir     Direction
	Mode    FileMode
	Kind    RegKind // kind of the general registers: o for vs_3_0 outputs, v for inputs
	General int     // general four-component registers usable at once
	Count   int     // register numbers that exist: Kind0 .. Kind(Count-1)
}

// Packs reports whether several semantics may share one register.
func (f *RegisterFile) Packs() bool { return f.Mode == ModePacked }

// VS30Out is the vs_3_0 output register file: twelve registers o0..o11, of
// which any ten are general four-component registers, one holds POSITION0 and
// one, optionally, the scalar PSIZE (sm3-signatures.md §3).
func VS30Out() *RegisterFile {
	return &RegisterFile{Profile: Profile{"vs_3_0", Vertex, 3, 0}, Dir: Out, Mode: ModePacked, Kind: RegO, General: 10, Count: 12}
}

// FileFor returns the register file shpack packs for a profile and a
// direction as the command line names them: direction "" is the side a
// shader of that stage packs (outputs of a vertex shader, inputs of a pixel
// shader), "in" or "out" chooses one.
func FileFor(profile, direction string) (*RegisterFile, error) {
	p, ok := LookupProfile(profile)
	if !ok {
		return nil, fmt.Errorf("unknown profile %q (known: %s)", profile, ProfileNames())
	}
	dir := Out
	if p.Stage == Pixel {
		dir = In
	}
	switch direction {
	case "":
	case "in":
		dir = In
	case "out":
		dir = Out
	default:
		return nil, fmt.Errorf("unknown direction %q (known: in, out)", direction)
	}
	return LookupRegisterFile(p.Name, dir)
}

// LookupRegisterFile returns the register file of one side of a profile.
func LookupRegisterFile(profile string, dir Direction) (*RegisterFile, error) {
	p, ok := LookupProfile(profile)
	if !ok {
		return nil, fmt.Errorf("unknown profile %q (known: %s)", profile, ProfileNames())
	}
	f := &RegisterFile{Profile: p, Dir: dir}
	switch {
	case p.Stage == Vertex && dir == In:
		// v0..v15 in every vertex shader model, one per declared element.
		f.Mode, f.Kind, f.General, f.Count = ModeSequential, RegV, 16, 16
	case p.Stage == Vertex && p.Major == 3:
		return VS30Out(), nil
	case p.Stage == Vertex:
		f.Mode, f.Kind = ModeFixed, RegOT
	case p.Major == 3 && dir == In:
		// v0..v9 plus vPos and vFace (sm3-signatures.md §4).
		f.Mode, f.Kind, f.General, f.Count = ModePacked, RegV, 10, 10
	case dir == In:
		f.Mode, f.Kind = ModeFixed, RegT
	default:
		f.Mode, f.Kind = ModeFixed, RegOC
	}
	return f, nil
}

// Role is the part an element plays in a register file.
type Role uint8

// The roles: ordinary varyings share general registers; POSITION0 and PSIZE of
// a vs_3_0 output each take a register of their own; a ps_3_0 input reads the
// pixel position and face through vPos and vFace, and cannot read POSITION0
// or PSIZE at all (they are left out of its declarations; a ps_2_0 input
// cannot read FOG either).
const (
	RoleGeneral Role = iota
	RolePosition
	RolePSize
	RoleVPos
	RoleVFace
	RoleOmitted
)

// RoleOf returns the role an element declared with usage u and index idx
// plays in f.
func (f *RegisterFile) RoleOf(u Usage, idx int) Role {
	switch {
	case f.Mode == ModeFixed && f.Profile.Stage == Pixel && f.Dir == In:
		// ps_2_0 cannot read the position, the point size or the fog
		// (fixed-function fog applies it): a shared vertex output struct
		// may carry them as long as the pixel shader does not read them.
		if u == UsagePosition && idx == 0 || u == UsagePSize || u == UsageFog {
			return RoleOmitted
		}
		return RoleGeneral
	case f.Mode != ModePacked:
		return RoleGeneral
	case f.Profile.Stage == Vertex:
		switch {
		case u == UsagePosition && idx == 0:
			return RolePosition
		case u == UsagePSize:
			return RolePSize
		}
	default:
		switch {
		case u == UsageVPos:
			return RoleVPos
		case u == UsageVFace:
			return RoleVFace
		case u == UsagePosition && idx == 0, u == UsagePSize:
			return RoleOmitted
		}
	}
	return RoleGeneral
}

// Fixed returns the register, and the mask within it, that a semantic names
// in a fixed register file (SM1/SM2 vertex outputs, ps_2_0 inputs, pixel
// outputs), or a message saying why the semantic has none there.
func (f *RegisterFile) Fixed(u Usage, idx, comps int) (Reg, Mask, string) {
	run := MaskRun(0, min(max(comps, 1), 4))
	name := f.Profile.Name
	switch {
	case f.Profile.Stage == Vertex:
		switch {
		case u == UsagePosition && idx == 0:
			if comps != 4 {
				return NoReg, 0, fmt.Sprintf("POSITION0 must have four components (float4), has %d", comps)
			}
			return Reg{RegOPos, 0}, MaskXYZW, ""
		case u == UsageColor && idx <= 1:
			return Reg{RegOD, idx}, run, ""
		case u == UsageTexCoord && idx <= 7:
			return Reg{RegOT, idx}, run, ""
		case u == UsageFog && idx == 0:
			if comps != 1 {
				return NoReg, 0, fmt.Sprintf("FOG must be a scalar in %s (oFog), has %d components", name, comps)
			}
			return Reg{RegOFog, 0}, MaskX, ""
		case u == UsagePSize && idx == 0:
			if comps != 1 {
				return NoReg, 0, fmt.Sprintf("PSIZE must be a scalar (float), has %d components", comps)
			}
			return Reg{RegOPts, 0}, MaskX, ""
		}
		return NoReg, 0, fmt.Sprintf("%s%d has no output register in %s (outputs: POSITION0, COLOR0..1, TEXCOORD0..7, FOG, PSIZE)", u, idx, name)
	case f.Dir == In:
		switch {
		case u == UsageColor && idx <= 1:
			return Reg{RegV, idx}, run, ""
		case u == UsageTexCoord && idx <= 7:
			return Reg{RegT, idx}, run, ""
		}
		return NoReg, 0, fmt.Sprintf("%s%d has no input register in %s (inputs: COLOR0..1, TEXCOORD0..7)", u, idx, name)
	default:
		switch {
		case u == UsageColor && idx <= 3:
			if comps != 4 {
				return NoReg, 0, fmt.Sprintf("COLOR%d must be a float4 (pixel shader color outputs are), has %d components", idx, comps)
			}
			return Reg{RegOC, idx}, MaskXYZW, ""
		case u == UsageDepth && idx == 0:
			if comps != 1 {
				return NoReg, 0, fmt.Sprintf("DEPTH must be a scalar (float), has %d components", comps)
			}
			return Reg{RegODepth, 0}, MaskX, ""
		}
		return NoReg, 0, fmt.Sprintf("%s%d is not a pixel shader output (outputs: COLOR0..3, DEPTH0)", u, idx)
	}
}
