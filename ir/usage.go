package ir

import (
	"strconv"
	"strings"
)

// Usage is a Direct3D 9 declaration usage (D3DDECLUSAGE), the name half of a
// semantic in shader assembly: dcl_texcoord3 has usage TEXCOORD and index 3.
// UsageVPos and UsageVFace are not D3DDECLUSAGE values: they stand for the
// pixel shader's special vPos and vFace inputs, which have no usage.
type Usage uint8

// The D3DDECLUSAGE values, in enum order, then the two pixel-shader specials.
const (
	UsagePosition Usage = iota
	UsageBlendWeight
	UsageBlendIndices
	UsageNormal
	UsagePSize
	UsageTexCoord
	UsageTangent
	UsageBinormal
	UsageTessFactor
	UsagePositionT
	UsageColor
	UsageFog
	UsageDepth
	UsageSample
	UsageVPos
	UsageVFace
	numUsages
)

var usageNames = [numUsages]string{
	"POSITION", "BLENDWEIGHT", "BLENDINDICES", "NORMAL", "PSIZE", "TEXCOORD", "TANGENT",
	"BINORMAL", "TESSFACTOR", "POSITIONT", "COLOR", "FOG", "DEPTH", "SAMPLE", "VPOS", "VFACE",
}

// String returns the usage's HLSL spelling in upper case ("TEXCOORD").
func (u Usage) String() string {
	if u < numUsages {
		return usageNames[u]
	}
	return "Usage(" + strconv.Itoa(int(u)) + ")"
}

// Asm returns the usage's assembly spelling, the D3DDECLUSAGE name in lower
// case ("texcoord" as in dcl_texcoord). It is "" for VPOS and VFACE, which are
// declared without a usage.
func (u Usage) Asm() string {
	if u >= UsageVPos {
		return ""
	}
	return usageAsm[u]
}

var usageAsm = [numUsages]string{
	"position", "blendweight", "blendindices", "normal", "psize", "texcoord", "tangent",
	"binormal", "tessfactor", "positiont", "color", "fog", "depth", "sample", "", "",
}

// IsDecl reports whether u is a real D3DDECLUSAGE (not VPOS or VFACE).
func (u Usage) IsDecl() bool { return u < UsageVPos }

// LookupUsage finds the usage an upper-case semantic name (without index)
// names directly: "TEXCOORD", "COLOR", "VPOS". System-value names are mapped
// by Semantic.D3D9, not here.
func LookupUsage(name string) (Usage, bool) {
	switch name {
	case "POSITION":
		return UsagePosition, true
	case "BLENDWEIGHT":
		return UsageBlendWeight, true
	case "BLENDINDICES":
		return UsageBlendIndices, true
	case "NORMAL":
		return UsageNormal, true
	case "PSIZE":
		return UsagePSize, true
	case "TEXCOORD":
		return UsageTexCoord, true
	case "TANGENT":
		return UsageTangent, true
	case "BINORMAL":
		return UsageBinormal, true
	case "TESSFACTOR":
		return UsageTessFactor, true
	case "POSITIONT":
		return UsagePositionT, true
	case "COLOR":
		return UsageColor, true
	case "FOG":
		return UsageFog, true
	case "DEPTH":
		return UsageDepth, true
	case "SAMPLE":
		return UsageSample, true
	case "VPOS":
		return UsageVPos, true
	case "VFACE":
		return UsageVFace, true
	}
	return 0, false
}

// MaxUsageIndex is the largest usage index a Direct3D 9 declaration can carry
// (four bits in the DCL token).
const MaxUsageIndex = 15

// A Semantic is an HLSL semantic split into its parts: "TexCoord5_centroid" is
// Name "TEXCOORD", Index 5, Centroid true. Names compare case-insensitively, so
// Name is kept in upper case.
type Semantic struct {
	Name     string // upper case, without trailing index digits or _centroid
	Index    int    // the trailing decimal digits, 0 when there are none
	Centroid bool   // the SM3 suffix _centroid was present
	HasIndex bool   // the semantic was written with trailing digits
}

// ParseSemantic splits a semantic as written. Trailing decimal digits are the
// index; an index past 2^30 saturates there, so range checks still fail.
func ParseSemantic(s string) Semantic {
	var sem Semantic
	up := strings.ToUpper(s)
	if base, ok := strings.CutSuffix(up, "_CENTROID"); ok && base != "" {
		up = base
		sem.Centroid = true
	}
	i := len(up)
	for i > 0 && up[i-1] >= '0' && up[i-1] <= '9' {
		i--
	}
	// A name made only of digits cannot be an identifier; keep it whole.
	if i == 0 {
		i = len(up)
	}
	sem.Name = up[:i]
	if i < len(up) {
		sem.HasIndex = true
		// Absurdly long indices saturate, so range checks still fail and
		// array expansion cannot overflow.
		n, err := strconv.Atoi(up[i:])
		if err != nil || n > 1<<30 {
			n = 1 << 30
		}
		sem.Index = n
	}
	return sem
}

// String prints the semantic in upper case with its index ("TEXCOORD3",
// "POSITION0", "COLOR1_CENTROID" is printed as "COLOR1_centroid").
func (s Semantic) String() string {
	str := s.Name + strconv.Itoa(s.Index)
	if s.Centroid {
		str += "_centroid"
	}
	return str
}

// D3D9 maps the semantic to the Direct3D 9 usage and index it declares.
// Direct usage names map to themselves; the system values that have a
// Direct3D 9 meaning map as the D3D9 compilers do: SV_POSITION to POSITION0,
// SV_TARGETn to COLORn, SV_DEPTH to DEPTH0, SV_ISFRONTFACE to VFACE. The
// result is false for every other name (VELOCITY, TEXTURE0, SV_VERTEXID).
func (s Semantic) D3D9() (Usage, int, bool) {
	switch s.Name {
	case "SV_POSITION":
		return UsagePosition, s.Index, true
	case "SV_TARGET":
		return UsageColor, s.Index, true
	case "SV_DEPTH":
		return UsageDepth, s.Index, true
	case "SV_ISFRONTFACE":
		return UsageVFace, s.Index, true
	}
	u, ok := LookupUsage(s.Name)
	return u, s.Index, ok
}

// IsSystemValue reports whether the semantic is an SV_ system value.
func (s Semantic) IsSystemValue() bool { return strings.HasPrefix(s.Name, "SV_") }

// GenericUsages returns the usages a runtime carries as plain varyings,
// with no meaning of their own: the names a packed register may take when
// none of its members may name it, in order of preference.
func GenericUsages() []Usage {
	return []Usage{UsageTexCoord, UsageTangent, UsageBinormal, UsageNormal, UsageBlendWeight, UsageBlendIndices}
}
