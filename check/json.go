package check

import (
	"bytes"
	"encoding/json"
	"io"
)

// Schema names the format of the document WriteJSON writes.
const Schema = "shpack.check/1"

// JSONDoc is the document WriteJSON writes (docs/json.md describes it).
type JSONDoc struct {
	Schema   string        `json:"schema"`
	Problems []ProblemJSON `json:"problems"`
	// Runtimes maps each runtime's name to what it loses, in the order of
	// RuntimeNames; it is empty without a pixel shader.
	Runtimes RuntimesJSON `json:"runtimes"`
}

// ProblemJSON is one problem: where it is and what it says.
type ProblemJSON struct {
	File string `json:"file"`
	// Line is the line of assembly text (0 for bytecode, and for a
	// problem of the whole file); Offset the token index of the
	// instruction in bytecode (0 for text).
	Line    int    `json:"line"`
	Offset  int    `json:"offset"`
	Message string `json:"message"`
}

// RuntimeJSON is what one runtime loses.
type RuntimeJSON struct {
	Lost []Lost `json:"lost"`
}

// RuntimesJSON is the runtimes of a report, an object keyed by name whose
// keys keep the report's order.
type RuntimesJSON []Runtime

// MarshalJSON writes the object in the runtimes' order, each with its
// (never null) list of lost values.
func (rs RuntimesJSON) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, rt := range rs {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(rt.Name)
		if err != nil {
			return nil, err
		}
		lost := rt.Lost
		if lost == nil {
			lost = []Lost{}
		}
		v, err := json.Marshal(RuntimeJSON{Lost: lost})
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// JSON returns the report as the document WriteJSON writes.
func (r *Report) JSON() JSONDoc {
	doc := JSONDoc{Schema: Schema, Problems: []ProblemJSON{}, Runtimes: RuntimesJSON(r.Runtimes)}
	for _, e := range r.Problems {
		doc.Problems = append(doc.Problems, ProblemJSON{File: e.Pos.File, Line: e.Pos.Line, Offset: r.offsets[e], Message: e.Msg})
	}
	return doc
}

// WriteJSON writes the report as indented JSON followed by a newline:
// {"schema": "shpack.check/1", "problems": [...], "runtimes": {"wined3d":
// {"lost": [...]}, ...}}. The same report gives the same bytes.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r.JSON())
}
