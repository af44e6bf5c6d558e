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
//
// Participle parses the declarations; how it is fed (chunk.go, hide.go,
// peek.go) is the hardest part of the package to read, and was left as it
// is on purpose (issue 29 asked whether one idea in one place could do
// it: a scanner that finds the declarations shpack needs, and participle
// parsing exactly those ranges). Slicing exact ranges needs every
// declaration's end before it is parsed, and only Skip's end is a rule a
// scanner can apply alone (the first ";" outside braces): a struct's ends
// after its declarators, a function's after a body or a ";", a constant's
// after an initializer that may hold braces, and which of them a run of
// tokens is depends on the same rules the hiding applies (skipDecl, with
// the grammar's own lookaheads). The hiding needs only where declarations
// start and lets participle find the other ends, so the classification is
// written once and the tree is participle's own (TestParseChunkedSameTree,
// FuzzHidingSameTree). Syntax errors are another reason: a file that does
// not parse is parsed again whole, so that participle reports the error
// where it would without any of this; exact ranges would cut its
// messages at the range's end. The cost is not here either: profiles of
// the front end put the time in participle's descent and in the
// preprocessor (BENCH.md), not in the feeding.
//
// The grammar is participle's, in pieces built when first needed: the
// file's (a repetition of Decl, whose alternatives a Parse method tries as
// participle's disjunction would), and one per kind of declaration
// (functions, structs, constants, typedefs) and for parameter lists, each
// built the first time a unit holds one. Building grammars was most of a
// short run's start-up (issue 30); a file of functions and structs builds
// about half of what the whole grammar cost.
package hlsl
