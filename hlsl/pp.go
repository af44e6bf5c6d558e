package hlsl

import (
	"github.com/shpack/shpack/hlsl/pp"
	"github.com/shpack/shpack/ir"
)

// The preprocessor and the scanner are package pp; the parser reads the
// tokens with positions that it produces. These names keep hlsl's API.
type (
	// Token is one preprocessed token (pp.Token).
	Token = pp.Token
	// TokKind is a token's kind (pp.TokKind).
	TokKind = pp.TokKind
	// PPOptions configures the preprocessor (pp.Options).
	PPOptions = pp.Options
	// PPResult is a preprocessed translation unit (pp.Result).
	PPResult = pp.Result
	// MacroState is a macro as a conditional saw it (pp.MacroState).
	MacroState = pp.MacroState
	// Conditional is one #if chain as the preprocessor met it
	// (pp.Conditional).
	Conditional = pp.Conditional
	// ScanCache shares the headers read by one run with the others
	// (pp.ScanCache).
	ScanCache = pp.ScanCache
)

// NewScanCache returns an empty cache for PPOptions.Cache.
func NewScanCache() *ScanCache { return pp.NewScanCache() }

// The token kinds (see pp).
const (
	TokEOF    = pp.TokEOF
	TokIdent  = pp.TokIdent
	TokInt    = pp.TokInt
	TokFloat  = pp.TokFloat
	TokString = pp.TokString
	TokChar   = pp.TokChar
	TokPunct  = pp.TokPunct
	TokOther  = pp.TokOther
	TokPragma = pp.TokPragma
)

// Preprocess runs the C preprocessor over src (pp.Preprocess).
func Preprocess(name string, src []byte, opts *PPOptions) (*PPResult, ir.ErrorList) {
	return pp.Preprocess(name, src, opts)
}

// Scan turns src into tokens with positions, without preprocessing
// (pp.Scan).
func Scan(file string, src []byte) ([]Token, ir.ErrorList) { return pp.Scan(file, src) }
