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

// A RegisterFile describes the registers one side of a profile passes
// elements through: how many general four-component registers there are,
// how many register numbers exist, and whether several semantics may share a
// register.
type RegisterFile struct {
	Profile Profile
	Dir     Direction
	Kind    RegKind // kind of the general registers: o for vs_3_0 outputs, v for inputs
	General int     // general four-component registers usable at once
	Count   int     // register numbers that exist: Kind0 .. Kind(Count-1)
	Packs   bool    // several semantics may share one register with disjoint masks
}

// VS30Out is the vs_3_0 output register file: twelve registers o0..o11, of
// which any ten are general four-component registers, one holds POSITION0 and
// one, optionally, the scalar PSIZE (sm3-signatures.md §3).
func VS30Out() *RegisterFile {
	return &RegisterFile{
		Profile: Profile{"vs_3_0", Vertex, 3, 0},
		Dir:     Out,
		Kind:    RegO,
		General: 10,
		Count:   12,
		Packs:   true,
	}
}

// LookupRegisterFile returns the register file of one side of a profile, or
// an error naming what is not supported.
func LookupRegisterFile(profile string, dir Direction) (*RegisterFile, error) {
	p, ok := LookupProfile(profile)
	if !ok {
		return nil, fmt.Errorf("unknown profile %q", profile)
	}
	if p.Name == "vs_3_0" && dir == Out {
		return VS30Out(), nil
	}
	return nil, fmt.Errorf("profile %s has no %s register file", p.Name, dir)
}

// Role is the part an element plays in a register file.
type Role uint8

// The roles: ordinary varyings share general registers; POSITION0 and PSIZE of
// a vs_3_0 output each take a register of their own.
const (
	RoleGeneral Role = iota
	RolePosition
	RolePSize
)

// RoleOf returns the role an element declared with usage u and index idx
// plays in f.
func (f *RegisterFile) RoleOf(u Usage, idx int) Role {
	if f.Profile.Stage == Vertex && f.Dir == Out && f.Profile.Major == 3 {
		switch {
		case u == UsagePosition && idx == 0:
			return RolePosition
		case u == UsagePSize:
			return RolePSize
		}
	}
	return RoleGeneral
}
