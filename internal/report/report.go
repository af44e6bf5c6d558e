// Package report owns the outputs of "shpack compare": its entries, the
// aligned table, CSV and the JSON form (shared with internal/chart, which
// draws it). Field names are stable; later versions only add fields.
package report

// Schema names the format of Compare's document.
const Schema = "shpack.compare/1"

// Compare is the output of shpack compare --format=json. With --summary,
// Signatures is empty.
type Compare struct {
	Schema     string             `json:"schema"`
	Signatures []SignatureResults `json:"signatures"`
	Summary    []Summary          `json:"summary"`
	Failures   []Failure          `json:"failures"`
}

// SignatureResults are the results of every strategy on one signature.
type SignatureResults struct {
	File      string   `json:"file"`
	Kind      string   `json:"kind"` // "struct" or "function"
	Signature string   `json:"signature"`
	Line      int      `json:"line"`
	Column    int      `json:"column"`
	Results   []Result `json:"results"` // in the order of the compared strategies
}

// Result is how one strategy did on one signature.
type Result struct {
	Strategy         string `json:"strategy"`
	GeneralRegisters int    `json:"general_registers"` // with no limit
	Fits             bool   `json:"fits"`
	LowerBound       int    `json:"lower_bound"`
	Optimal          bool   `json:"optimal"`
	Wasted           int    `json:"wasted_components"`
	PrefixStable     bool   `json:"prefix_stable"`
	MovedVsFXC       int    `json:"moved_vs_fxc"`
}

// Summary describes one strategy over all compared signatures.
type Summary struct {
	Strategy     string  `json:"strategy"`
	Signatures   int     `json:"signatures"`
	Mean         float64 `json:"mean_registers"`
	Median       float64 `json:"median_registers"`
	Max          int     `json:"max_registers"`
	AtOptimum    float64 `json:"share_at_optimum"`
	Overflows    int     `json:"overflows"`
	SavedVsFXC   int     `json:"saved_vs_fxc"`
	PrefixStable float64 `json:"share_prefix_stable"`
}

// Failure is a file or signature that could not be compared.
type Failure struct {
	File      string `json:"file"`
	Kind      string `json:"kind"` // "file", "struct" or "function"
	Signature string `json:"signature"`
	Error     string `json:"error"`
}
