package pp

import (
	"io/fs"
	"os"
	"sync"
)

// A ScanCache keeps the include files read from the file system across
// Preprocess runs that share it (Options.Cache), prepared for scanning
// (see source), so that a build or a comparison of many shaders that
// include the same headers reads and prepares each header once, whatever
// path an include spells it by. What it keeps is only read, never
// changed, so runs share it. It is safe for concurrent use. It does not
// notice a file that changes while it is in use: give it the lifetime of
// one build step.
type ScanCache struct {
	mu    sync.Mutex
	files map[string]*cachedFile    // by the path an include opened
	ids   map[fileKey][]*cachedFile // by identity (os.SameFile)
}

// NewScanCache returns an empty cache.
func NewScanCache() *ScanCache { return &ScanCache{files: map[string]*cachedFile{}} }

// cachedFile is one file: the path it was read from (the include as
// written may differ in letter case), its size, what the file system said
// of it, and its source.
type cachedFile struct {
	real string
	size int
	info fs.FileInfo
	src  *source
}

func (c *ScanCache) get(path string) (*cachedFile, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	f, ok := c.files[path]
	return f, ok
}

// same returns the file that st describes, if the cache has it.
func (c *ScanCache) same(st fs.FileInfo) *cachedFile {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, f := range c.ids[keyOf(st)] {
		if os.SameFile(f.info, st) {
			return f
		}
	}
	return nil
}

func (c *ScanCache) put(path string, f *cachedFile) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.files[path] = f
	if c.ids == nil {
		c.ids = map[fileKey][]*cachedFile{}
	}
	k := keyOf(f.info)
	for _, g := range c.ids[k] {
		if g == f || os.SameFile(g.info, f.info) {
			return
		}
	}
	c.ids[k] = append(c.ids[k], f)
}
