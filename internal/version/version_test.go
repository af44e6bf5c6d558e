package version

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestOf: the module version, the VCS revision the build stamped (and
// whether the checkout had changes) and the Go version.
func TestOf(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.25.4", Main: debug.Module{Version: "v1.2.0"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.modified", Value: "true"},
	}}
	assert.Equal(t, "v1.2.0 0123456789ab-dirty go1.25.4", Of(bi))
	assert.Equal(t, "(devel) go1.26.8", Of(&debug.BuildInfo{GoVersion: "go1.26.8"}))
}
