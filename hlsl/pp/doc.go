// Package pp is the C preprocessor of shpack's HLSL front end, with the
// scanner it runs on: Scan turns bytes into tokens with positions (file,
// line, column and byte offset; LF, CRLF and CR line ends; BOMs), and
// Preprocess runs #if/#ifdef/#elif/#else/#endif, #define and #undef
// (object- and function-like macros, # and ##, __VA_ARGS__, __LINE__ and
// __FILE__), #include (quoted and angle forms, include directories, guarded
// re-entry, a depth limit), #line, #error and #pragma pack_matrix the way
// fxc does. Its output is the parser's input: tokens that keep where they
// are spelled (Result.Pos) and the include chain they come from
// (Result.Chain), so every later diagnostic points at the user's text; a
// parsed unit keeps them all, so each takes 40 bytes, its file name an
// index in Result.Names (the scanner and the expander carry RawTokens,
// with positions in full). Limits on input size, tokens,
// nesting and expansion work (Limits) bound time and memory on any input;
// the integer constant expressions of #if, and of array sizes in the
// parser, have one evaluator (EvalExpr). Preprocess reads every file as
// a stream, a scanner per inclusion that cuts token texts out of the
// file's text, and keeps its output compact until the end: a token costs
// no allocation of its own, and no array of a file's tokens is made.
// Package hlsl re-exports its types for its callers.
package pp
