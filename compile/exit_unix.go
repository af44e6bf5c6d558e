//go:build unix

package compile

import (
	"fmt"
	"os"
	"syscall"
)

// exitOf reads how the compiler ended: its exit status, or 128+N and why
// when a signal N killed it (the status a shell gives).
func exitOf(st *os.ProcessState) (int, string) {
	ws, ok := st.Sys().(syscall.WaitStatus)
	if !ok || !ws.Signaled() {
		return st.ExitCode(), ""
	}
	why := fmt.Sprintf("was killed by signal %d (%s)", int(ws.Signal()), ws.Signal())
	if ws.CoreDump() {
		why += ", core dumped"
	}
	return 128 + int(ws.Signal()), why
}
