package pp

import (
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// TestScanCache checks that runs sharing a cache give what runs without
// one give, read a header once (a changed file is not read again: one
// cache is one build step), name the header among their files, report a
// header's scan errors in each run, and are safe to run concurrently.
func TestScanCache(t *testing.T) {
	dir := testenv.TempDir(t)
	hdr := filepath.Join(dir, "common.fxh")
	require.NoError(t, os.WriteFile(hdr, []byte("#define N 4\nfloat a[N]; \"open\n"), 0o644))
	main := []byte("#include \"common.fxh\"\nfloat b;\n")
	name := filepath.Join(dir, "main.hlsl")

	plain, perrs := Preprocess(name, main, &Options{})
	cache := NewScanCache()
	first, ferrs := Preprocess(name, main, &Options{Cache: cache})
	assert.Equal(t, ppText(plain.Tokens), ppText(first.Tokens))
	assert.Equal(t, perrs.Error(), ferrs.Error())
	assert.Contains(t, ferrs.Error(), "unterminated string")

	require.NoError(t, os.WriteFile(hdr, []byte("#define N 5\n"), 0o644))
	second, serrs := Preprocess(name, main, &Options{Cache: cache})
	assert.Equal(t, ppText(first.Tokens), ppText(second.Tokens), "the cached scan is used")
	assert.Equal(t, ferrs.Error(), serrs.Error(), "each run reports the header's errors")
	assert.Contains(t, second.Files, hdr)

	fresh, _ := Preprocess(name, main, &Options{})
	assert.NotEqual(t, ppText(first.Tokens), ppText(fresh.Tokens), "without the cache the file is read again")

	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, _ := Preprocess(name, main, &Options{Cache: cache})
			assert.Equal(t, ppText(first.Tokens), ppText(res.Tokens))
		}()
	}
	wg.Wait()
}
