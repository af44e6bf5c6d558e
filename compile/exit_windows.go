package compile

import (
	"fmt"
	"os"
)

// exceptions name the exit statuses of a Windows program that crashed.
var exceptions = map[uint32]string{
	0xC0000005: "access violation",
	0xC00000FD: "stack overflow",
	0xC0000017: "out of memory",
	0xC0000409: "stack buffer overrun",
	0xC000001D: "illegal instruction",
	0xC0000094: "integer division by zero",
	0xC000013A: "interrupted (Ctrl+C)",
	0xC0000142: "a DLL failed to initialize",
	0xC0000135: "a DLL it needs was not found",
}

// exitOf reads how the compiler ended: its exit status, passed on as it
// is, and why when it is an exception's (the program crashed).
func exitOf(st *os.ProcessState) (int, string) {
	code := st.ExitCode()
	if uint32(code) < 0xC0000000 {
		return code, ""
	}
	why := fmt.Sprintf("crashed: exception 0x%08X", uint32(code))
	if name, ok := exceptions[uint32(code)]; ok {
		why += " (" + name + ")"
	}
	return code, why
}
