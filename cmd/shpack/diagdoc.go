package main

import (
	"io"
	"os"
)

// colorMode resolves --color for a writer: always, never, or auto (a
// terminal, unless NO_COLOR is set: https://no-color.org).
func colorMode(mode string, w io.Writer) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
