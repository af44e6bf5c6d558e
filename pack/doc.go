// Package pack places the elements of a signature into registers. It owns
// the Strategy interface, the strategies (one file each), the closed-form
// optimum and lower bounds, and the layout metrics that compare them.
//
// Every strategy validates the signature against the register file first
// (ir.ValidateSignature), packs the general elements under the packing-class
// rules, gives POSITION0 and PSIZE registers of their own, and returns an
// ir.Layout that passes ir.CheckLayout. Output is deterministic: ties are
// always broken by declaration order, never by map order.
//
//	fxc            one register per semantic, declaration order (fxc's SM3 behaviour)
//	prefix-stable  declaration-order first fit (DXC's default)
//	vertical       declaration order, most-free register first (fxc SM4, vkd3d)
//	optimal        first-fit decreasing per packing class (provably optimal for one-row elements)
//	exact          search over indexed-array placements with an exact completion
//	stable-fit     prefix-stable while it fits, optimal when it must
package pack
