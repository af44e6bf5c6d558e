// Package hlsl is shpack's front end: it scans, preprocesses and parses HLSL
// and effect (.fx) source, and lowers the structs and entry points that carry
// semantics into ir.Signatures.
//
// The pipeline is Scan (bytes to tokens with positions) and Preprocess
// (macros, conditionals, includes; every token keeps the file, line and
// column where it is spelled), both in package pp, then Parse (tokens to a
// syntax tree of the declarations shpack needs, skipping everything else
// robustly) and Lower (syntax tree to signatures: semantics split into name
// and index, arrays, matrices and nested structs expanded into consecutive
// rows).
package hlsl
