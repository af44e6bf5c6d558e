// Package pp is the C preprocessor of shpack's HLSL front end, with the
// scanner it runs on: Scan turns bytes into tokens with positions (file,
// line, column and byte offset; LF, CRLF and CR line ends; BOMs), and
// Preprocess runs #if/#ifdef/#elif/#else/#endif, #define and #undef
// (object- and function-like macros, # and ##, __VA_ARGS__, __LINE__ and
// __FILE__), #include (quoted and angle forms, include directories, guarded
// re-entry, a depth limit; see below), #line, #error and #pragma pack_matrix the way
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
//
// Files and their names. A quoted #include is searched as fxc searches it
// (the MSVC rule): in the including file's folder, then in the folders of
// the files that included it, innermost to outermost, then in the include
// directories in order; an #include <...> in the include directories only.
// A file is one file however it is reached (letter case, '/' or '\',
// "..", a link: os.SameFile), for #pragma once and for Result.Files, which
// lists it once by the path that first opened it. An inclusion has two
// names (IncludeCtx): Path, the one it was opened by, and File, the one
// it is shown by in __FILE__, positions and messages, spelled as the user
// typed it: the including file's folder as its File spells it (or the
// include directory as given) joined with the #include's name as
// written; "." and ".." are cleaned, each separator that stays is the one
// typed there; a folder that does not end with a separator is joined by
// its own last one, else by the name's first, else by this system's.
// Files that start with a UTF-16 byte-order mark are refused, as fxc
// refuses them.
package pp
