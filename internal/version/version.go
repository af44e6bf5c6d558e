// Package version says which build of shpack is running, as `shpack
// version` and the C library's shpack_version print it: the module's
// version, the VCS revision the build stamped and the Go version.
package version

import "runtime/debug"

// String is the running build's version (Of its build information), or
// "(unknown)" when the binary carries none.
func String() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	return Of(bi)
}

// Of prints a build's version: the module's version ("(devel)" from a
// checkout), the VCS revision and "-dirty" when the checkout had changes
// (builds stamp them unless -buildvcs=false), and the Go version.
func Of(bi *debug.BuildInfo) string {
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
