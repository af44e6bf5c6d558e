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
// How Parse works is explained after the package clause in doc.go, by
// walking one small file through it.
package hlsl

// The front end, walked through one file.
//
// Parse turns a preprocessed unit into a syntax tree of the declarations
// shpack reads (structs, functions, typedefs, integer constants,
// techniques, shader variables, #pragma pack_matrix) and skips the rest.
// Participle parses, but most of the parsing code here decides what
// participle is shown: it copies and steps over every token it is given,
// and most tokens of a shader lie in function bodies and in declarations
// shpack skips. Here is what happens to this file, called main.fx, step by
// step; TestOverview checks every number below.
//
//	#define SETS 2
//	struct PS_IN {
//	    float4 col : COLOR0;
//	    float2 uv[SETS] : TEXCOORD0;
//	};
//	sampler2D Tex;
//	float4 ps(PS_IN i) : COLOR { return tex2D(Tex, i.uv[1]) * i.col; }
//	technique T { pass P { PixelShader = compile ps_3_0 ps(); } }
//
// 1. Preprocessing (package pp: ParseFile calls Preprocess, then Parse).
// The #define line leaves no token, SETS becomes the token "2" (marked
// Expanded) positioned where SETS is spelled, main.fx:4:15, and the unit
// is 65 tokens, 0 to 64, the last the end of file: "struct" is token 0,
// "sampler2D" 18, "float4" 21, "technique" 48. From here on, the Offset
// of every position participle sees or makes is a token's index in this
// array, not a byte offset, so that a node of the tree leads back to its
// token, and the token to its file and include chain (Unit.chain).
//
// 2. Function bodies (Unit.functionBodies). A "{" at brace depth 0 right
// after a ")", or after ") : NAME", opens a function's body: here the
// "{" at 29, after ") : COLOR", whose "}" is 47. The parameter list
// before it, "(" 23 to ")" 26, is kept too (Unit.groups). The struct's
// "{" and the technique's follow names, so neither is a body. Participle
// will be shown the body's two braces and nothing between them (Block
// only skips a balanced run; what shpack reads in a body, the calls of
// entry points, it reads from the unit's tokens), and the list's two
// parentheses (Group: the parameters are parsed on their own, step 9).
//
// 3. Hiding (Unit.hiddenSkips, hide.go). Of what is left, a declaration
// the grammar would only skip (Skip: globals, samplers, cbuffers), or a
// technique, need not reach participle either. hiddenSkips walks the
// places where the grammar starts a declaration and asks of each whether
// it certainly is one of these:
//   - 0 is the first token. "struct" is refused by Skip (skipRefuses),
//     and it is no technique: left to participle.
//   - The ";" at 17 stands outside every bracket (depths), so 18 starts
//     a declaration. skipDecl finds "sampler2D Tex;" certain to be Skip:
//     Skip does not refuse "sampler2D", it is no shader type, no "[",
//     the function lookahead fails on it (funcAhead: no "(" after the
//     name), and it starts with no modifier a constant may start with.
//     Skip would end it at its ";", so [18, 21) is hidden.
//   - 21 follows a hidden declaration. The function lookahead holds
//     ("float4 ps ("): left to participle.
//   - The "}" at 47 ends the body of step 2 and no ";" follows, so 48
//     starts a declaration (marked afterBody). "technique" is refused by
//     Skip, but techniqueAt reads the technique there, with the parser
//     participle would run (techniqueDecl.parse, over a unitCursor of the
//     unit's tokens), and [48, 64) is hidden with the technique it holds.
//
// 4. Chunking (Unit.parseChunked, Unit.nextCut). Participle parses an
// array of its own tokens (lexer.Token, 64 bytes each), which for a whole
// large file is as long as the unit's; parseChunked gives it a chunk at a
// time, which lowers the peak memory of a large file by about a third. A
// chunk ends after the first ";" at least minChunk (4096) tokens on that
// stands outside every bracket, so main.fx is one chunk, [0, 65). Cut as
// small as it can be (a minimum of one token, as TestParseChunkedSameTree
// cuts), it would be three: [0, 18), [18, 21) and [21, 65), since neither
// the body's "}" nor the technique's is followed by a ";".
//
// 5. Peeking (tokenLexer, readAll, peekingOver; peek.go). A tokenLexer
// converts the chunk's tokens as it reads them and steps over what steps 2
// and 3 hide: participle is shown tokens 0 to 17, 21 to 23, 26 to 29, 47,
// and the end of file, 27 of the 65. readAll counts them with a dry run
// of the lexer, then reads them into one array that serves every chunk,
// and peekingOver makes participle's lexer.PeekingLexer, nothing but a
// cursor over such an array, over it in place. (lexer.Upgrade, the only
// way participle v2.1.4 makes one, reads a lexer to its end into an array
// that grows from empty, about three times 64 bytes a token made anew for
// each chunk: it was an eighth of the bytes a parse of corpus-real
// allocated.)
//
// 6. The declaration parse (decl.Parse, parse.go). The file's grammar is
// a repetition of Decl, and decl.Parse tries Decl's eight alternatives in
// order, as participle's disjunction would. At 0, the function's
// lookahead refuses "struct" and takes nothing; the struct's guard sees
// "struct", and parseDecl runs the struct grammar (built the first time
// a unit has a struct). A member's modifiers, type and declarators are
// leaves that Parse methods read (leaves.go): uv's dimension keeps its
// tokens, "[", "2", "]", for Lower to evaluate. Next participle sees 21:
// the function lookahead holds, and the function grammar reads the
// return type, the name, a Group of two tokens (23 and 26), the semantic
// ": COLOR", and a Block of two (29 and 47). At the end of file every
// alternative refuses, and the repetition ends. An alternative that fails
// within its first grammarLookahead (2) tokens lets the next one try; one
// that fails past them is the parse's syntax error.
//
// 7. Putting back what was hidden (hidingHeld, mergeSkips). hidingHeld
// checks that what was stepped over is what the grammar skips: the body
// at 29 is ps's Body, the list at 23 its Params, and the declaration
// hidden at 48 starts right after that body's "}". mergeSkips then puts a
// Skip declaration at 18 and the technique at 48 among the parsed ones:
// struct 0, Skip 18, function 21, technique 48, the tree a parse of all 65
// tokens in one piece gives.
//
// 8. The fallback parse. Had line 3 no ";", the struct grammar would stop
// at "float2" (token 7 of that file), expecting ";". parseChunked parses
// the chunk again with nothing hidden (parseChunk, hide false), which fails
// too, and then the whole file in one piece (parseWhole, with only function
// bodies hidden), which fails as a parse without steps 3 and 4 would.
// recoverSyntax reports that error (syntaxError: a ";" missing at the end
// of a line is reported there, as gcc does, main.fx:3:24: error: expected
// ";" after "COLOR0"), skips to the end of the declaration that holds it
// (declEnd: past the struct's ";", token 17) and parses again from there to
// report later errors that do not depend on it, up to maxSyntaxErrors.
//
// 9. After the parse (the rest of Parse). checkSkips reports a Skip that
// swallowed a declaration: had line 6 no ";", Skip, and hiddenSkips with
// it, would take "sampler2D Tex float4 ps(...) ... { ... }" up to the
// body's "}" as one declaration, and checkSkips reports main.fx:6:14:
// error: expected ";" after "Tex" (the declaration that starts with
// "float4" runs into this one). typedefStructs rewrites typedefs of
// structs, buildIndex indexes structs, typedefs, constants and functions by
// name, and the parameter lists that can hold semantics are parsed
// (paramsMatter: PS_IN is a struct; parseParams runs the ParamList grammar
// on "( PS_IN i )"). Lower then makes PS_IN's signature, COLOR0, TEXCOORD0
// and TEXCOORD1 (uv[2] is two rows), ps's inputs, the same, and Techniques
// finds pass P's pixel shader, compile ps_3_0 ps().
//
// Why it is right.
//
// Brackets: every scan above that counts brackets (functionBodies,
// depths for hiddenSkips and nextCut, skipDecl, Block and Group, declEnd)
// counts with one bracketScan (brackets.go); which brackets count, and
// what a stray close means, are the only differences between them, and
// none of them can panic or loop on unbalanced input.
//
// Chunks: a ";" outside braces, parentheses, square brackets and the angle
// brackets of annotations and templates ends a top-level declaration in
// the grammar: no declaration reads past one. So the chunks' declarations
// are those a parse of the whole file finds. Angle brackets are counted at
// brace depth 0 only ("< string UIName = "x"; >", "vector<float, 4>"), and
// a ">" with no "<" open, or a shift, makes the rest of the file one chunk:
// a comparison could make the count wrong, and one chunk is always right.
//
// Bodies: participle needs neither the statements nor the expressions of a
// body, which Block skips; a "{" after ")" that opens something else (a
// cbuffer's register(b0) {...}) is skipped by the grammar anyway, and an
// unmatched "{" is left to the parser. A parameter list with a ";" or a
// brace in it is not hidden: where the run is a Skip's and not a
// function's, those are the tokens that decide where the Skip ends.
//
// Hiding: a declaration is hidden only where the grammar starts one, and
// only if the grammar would read it as Skip, up to the end Skip would
// find:
//   - Starts: the first token; the token after a ";" outside braces,
//     parentheses, square and angle brackets, counted from the last start
//     (the fact chunks are cut by); the token after a hidden declaration;
//     and the token after the "}" of a function body that no ";" follows.
//     The last is checked after the parse (hidingHeld): the body must be a
//     function's Body, or the first block of a Skip (a cbuffer), both of
//     which end there; else the chunk is parsed again without hiding (a
//     nonsense initializer that runs on into a brace block, "g() {1}",
//     could make the "}" something else).
//   - Skip, certainly: the first token is none that Skip refuses
//     (skipRefuses), it is no shader type (ShaderVarDecl), it is no "["
//     (the attributes of a function), the function lookahead fails on it
//     (funcAhead, the rule FuncLookahead reads participle's tokens with;
//     TestFuncAheadReaders holds the two readers to one answer), and it
//     has no "=" before its end if it starts with a modifier a constant
//     may start with (ConstDecl). The alternatives before Skip all need
//     one of these. (A "(" may stand in a Skip: "register(c0)", "=
//     float4(0, 0, 0, 1)"; and Skip ends at the first ";" even inside
//     parentheses, as the end rule below does.)
//   - The end: Skip's own rule, the first ";" outside braces, or the end
//     of the first brace block and a ";" right after it. A declaration
//     without one (an unbalanced brace, the end of the file) is left to
//     the parser, which reports it.
//   - Techniques are read by the Parse method participle would run on
//     them (TechniqueDecl), and only where the function lookahead fails,
//     which "technique T {" always makes it do; one that does not parse
//     is left to participle, which reports it.
//
// The alternatives: decl.Parse keeps each alternative's own error (made
// its deepest by parseDecl's probe grammar) and, when none matches,
// returns the one that stopped furthest, where participle's disjunction
// keeps the deepest error any rule met; the two agree because at most one
// alternative that reads optional parts gets past its first tokens at any
// place (decl.Parse says more).
//
// Peeking: the array participle reads is reused for every chunk, which is
// safe because nothing the parse returns points into it: participle copies
// token values and positions into the tree, the Parse methods clone the
// runs they keep, and its errors hold tokens by value. The
// lexer.PeekingLexer is built as a struct of the same layout (its fields
// are unexported); lexerMirrored checks by reflection that the layout is
// participle's, field for field, and peekingOver falls back to
// lexer.Upgrade if a participle upgrade changes it (TestPeekingOver fails
// then, so that the mirror gets updated, not lost).
//
// Syntax errors are not affected by any of this: a chunk that does not
// parse with things hidden is parsed again with nothing hidden, and if it
// still does not, the whole file is parsed as before, so errors and their
// recovery are those of a parse of every token.
//
// The tests hold all of it to a parse of every token in one piece:
// TestParseChunkedSameTree over both corpora (the smallest chunks, with
// bodies, lists, Skips and techniques hidden: the same tree, and no cut
// inside a declaration of a file that parses), FuzzHidingSameTree on any
// input, and TestDeclSameAsOneGrammar and FuzzDeclSameAsOneGrammar for
// decl.Parse against the one participle grammar Decl used to be.
//
// Why it is built this way.
//
// Issue 29 asked whether one idea in one place could do it: a scanner that
// finds the declarations shpack needs, and participle parsing exactly
// those ranges. Slicing exact ranges needs every declaration's end before
// it is parsed, and only Skip's end is a rule a scanner can apply alone
// (the first ";" outside braces): a struct's ends after its declarators, a
// function's after a body or a ";", a constant's after an initializer that
// may hold braces, and which of them a run of tokens is depends on the
// same rules the hiding applies (skipDecl, with the grammar's own
// lookaheads). The hiding needs only where declarations start and lets
// participle find the other ends, so the classification is written once
// and the tree is participle's own. Syntax errors are another reason:
// exact ranges would cut participle's messages at the range's end. The
// cost is not here either: profiles of the front end put the time in
// participle's descent and in the preprocessor (BENCH.md), not in the
// feeding.
//
// The grammar.
//
// The grammar reads the parts of HLSL that carry semantics and skips the
// rest. It runs on the preprocessor's output, not on text: the tokens are
// handed to participle through tokenDefinition, and every position's
// Offset is a token's index (step 1). Skipping is robust and never silent
// where it matters:
//   - a top-level construct that is not a struct, typedef, integer
//     constant, function, technique or shader variable is skipped up to
//     its ";" or to the end of its first {...} block (globals, samplers
//     with sampler_state {...}, cbuffers, annotations);
//   - a skipped construct never begins with "struct", so a malformed
//     struct is always a syntax error, and one that runs into the next
//     declaration through a missing ";" is reported (checkSkips);
//   - function bodies and parameter lists are taken as balanced token runs
//     (Block, Group); the parameters are parsed separately, when a
//     function's signature is wanted, so a helper function with exotic
//     parameters does not stop the file from parsing.
//
// The guards at the start of Const (ConstLookahead) and Func
// (FuncLookahead), read by hand, look at plain tokens, so a construct is
// chosen before anything is consumed. The grammar is participle's, in
// pieces built when first needed: the file's (a repetition of Decl, whose
// alternatives a Parse method tries as participle's disjunction would),
// and one per kind of declaration (functions, structs, constants,
// typedefs) and for parameter lists, each built the first time a unit
// holds one. Building grammars was most of a short run's start-up (issue
// 30); a file of functions and structs builds about half of what the
// whole grammar cost. Grammar returns all of it as EBNF.
