package main

import "runtime/debug"

// version is the library's version as "shpack version" prints it: the
// module's version ("(devel)" from a checkout), the VCS revision and
// "-dirty" when the build recorded them, and the Go version.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" {
		v += " " + rev
		if dirty {
			v += "-dirty"
		}
	}
	return v + " " + bi.GoVersion
}
