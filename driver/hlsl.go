package driver

import (
	"slices"
	"strings"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
)

// packedHLSLOutputs returns what packed HLSL (shpack --format=hlsl) is
// written for, for the entry point name: the struct it returns when that is
// all it writes (vars nil: emit.HLSL), or its output signature with each
// element's access path starting at the variable that holds it, and those
// variables, the return value as "ret" and then the out parameters (for
// emit.HLSLEntry).
func packedHLSLOutputs(u *hlsl.Unit, name string) (*ir.Signature, []emit.HLSLVar, error) {
	ep, err := u.EntryPoint(name)
	if err != nil {
		return nil, nil, err
	}
	var outParams []hlsl.EntryParam
	taken := map[string]bool{}
	for _, p := range ep.Params {
		taken[p.Name] = true
		if p.Out && p.OutElems[1] > p.OutElems[0] {
			outParams = append(outParams, p)
		}
	}
	if ep.Return.Struct && len(outParams) == 0 {
		st, err := u.Struct(ep.Return.Type)
		return st, nil, err
	}
	sig := *ep.Out
	sig.Elements = slices.Clone(sig.Elements)
	var vars []emit.HLSLVar
	if r := ep.Return.Out; r[1] > r[0] {
		ret := "ret"
		for taken[ret] {
			ret += "_"
		}
		vars = append(vars, emit.HLSLVar{Name: ret, Decl: ep.Return.Type + " " + ret, Type: ep.Return.Type, First: r[0], End: r[1]})
		for k := r[0]; k < r[1]; k++ {
			e := &sig.Elements[k]
			if ep.Return.Struct {
				e.Access = ret + "." + e.Access
			} else {
				e.Access = ret + strings.TrimPrefix(e.Access, "return")
			}
		}
	}
	for _, p := range outParams {
		typ := p.Type
		if strings.Contains(p.Decl, "[") {
			typ = "" // an array: no (T)0
		}
		vars = append(vars, emit.HLSLVar{Name: p.Name, Decl: p.Decl, Type: typ, First: p.OutElems[0], End: p.OutElems[1]})
	}
	return &sig, vars, nil
}
