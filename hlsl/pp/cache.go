package pp

import "sync"

// A ScanCache keeps the scanned tokens of include files across Preprocess
// runs that share it (Options.Cache), so that a build or a comparison of
// many shaders that include the same headers scans each header once: the
// scanner is a third of the front end's time, and half of what it scans
// is headers. The tokens are only read, never changed, so runs share them.
// It is safe for concurrent use. It does not notice a file that changes
// while it is in use: give it the lifetime of one build step.
type ScanCache struct {
	mu    sync.Mutex
	files map[string]*cachedFile
}

// NewScanCache returns an empty cache.
func NewScanCache() *ScanCache { return &ScanCache{files: map[string]*cachedFile{}} }

// cachedFile is one scanned file: the path it was read from (the include
// as written may differ in letter case), its size and its scan.
type cachedFile struct {
	real string
	size int
	sf   *ppFile // the scan, never reported from
}

// file returns a ppFile of the cached scan for one run (the "reported"
// state is the run's own).
func (c *cachedFile) file() *ppFile {
	return &ppFile{path: c.sf.path, toks: c.sf.toks, scanErrs: c.sf.scanErrs, strErrs: c.sf.strErrs}
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

func (c *ScanCache) put(path, real string, size int, sf *ppFile) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.files[path] = &cachedFile{real: real, size: size, sf: &ppFile{path: sf.path, toks: sf.toks, scanErrs: sf.scanErrs, strErrs: sf.strErrs}}
}
