// Package ir holds the types every stage of shpack shares: source positions and
// diagnostics (printed as text, or as SARIF and JSON documents: diagdoc.go),
// Direct3D 9 usages and semantics, signatures (the elements a shader
// stage passes through semantics), register files of the shader profiles, and
// layouts (where each element of a signature sits in a register file) together
// with CheckLayout, the independent validity check every strategy's output must
// pass.
//
// The front end (package hlsl) produces signatures, the strategies (package pack)
// produce layouts, and the printers (package emit) consume them; none of those
// packages import each other, only ir. Package ir imports nothing but the
// standard library and keeps no mutable package state.
//
// Design notes:
//
// A signature is a list of rows: every element is one semantic (usage and index)
// of one to four components. Arrays and matrices are expanded by the front end
// into consecutive rows; Signature.Arrays remembers which rows came from one
// declaration, so that an array the shader indexes dynamically can be kept in
// consecutive registers (a multi-row item for the packer).
//
// Positions are 1-based line and byte column, as gcc and clang print them. An
// element declared in an included file carries the chain of #include directives
// that led there, which diagnostics print as notes.
package ir
