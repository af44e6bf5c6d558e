package pp

import "sync"

// A ScanCache keeps the include files read from the file system across
// Preprocess runs that share it (Options.Cache), prepared for scanning
// (see source), so that a build or a comparison of many shaders that
// include the same headers reads and prepares each header once. What it
// keeps is only read, never changed, so runs share it. It is safe for
// concurrent use. It does not notice a file that changes while it is in
// use: give it the lifetime of one build step.
type ScanCache struct {
	mu    sync.Mutex
	files map[string]*cachedFile
}

// NewScanCache returns an empty cache.
func NewScanCache() *ScanCache { return &ScanCache{files: map[string]*cachedFile{}} }

// cachedFile is one file: the path it was read from (the include as
// written may differ in letter case), its size and its source.
type cachedFile struct {
	real string
	size int
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

func (c *ScanCache) put(path, real string, size int, src *source) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.files[path] = &cachedFile{real: real, size: size, src: src}
}
