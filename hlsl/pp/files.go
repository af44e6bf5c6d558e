package pp

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Reading files: a file is read once per run, however its includes spell
// it. Its identity is the file system's (os.SameFile on what was opened):
// "Common.fxh", "common.FXH", "sub/../Common.fxh" and a symbolic link to
// it are one file, for #pragma once, for the files a run reads (each read
// and listed in Result.Files once, by the path that first opened it) and
// for the include cycles the depth limit names. Each spelling is opened
// and stat'ed once per run (ppState.files remembers it); a ScanCache
// remembers the stat with the file for the runs that share it. The files
// of Options.ReadFile, which has no stat, are one file per cleaned path.

// A loaded is a path an include opened in this run: the file it found,
// and the path it opened (the disk's spelling of a name folded to it).
type loaded struct {
	sf     *ppFile
	opened string
}

// A fileKey buckets the files of a run for os.SameFile: one file has one
// size and one modification time.
type fileKey struct{ size, mod int64 }

func keyOf(st fs.FileInfo) fileKey { return fileKey{st.Size(), st.ModTime().UnixNano()} }

// sameFile returns the file of this run that st describes, or nil.
func (p *ppState) sameFile(st fs.FileInfo) *ppFile {
	for _, sf := range p.ids[keyOf(st)] {
		if os.SameFile(sf.info, st) {
			return sf
		}
	}
	return nil
}

// newFile makes the file first opened by path, with its source and what
// the file system says of it (nil for none), and counts it among the
// files read.
func (p *ppState) newFile(path string, src *source, st fs.FileInfo) *ppFile {
	sf := &ppFile{path: path, src: src, info: st, utf16: utf16BOM(src.text)}
	p.addID(sf)
	p.res.Files = append(p.res.Files, path)
	return sf
}

// addID makes sf findable by its identity.
func (p *ppState) addID(sf *ppFile) {
	if sf.info == nil {
		return
	}
	if p.ids == nil {
		p.ids = map[fileKey][]*ppFile{}
	}
	k := keyOf(sf.info)
	p.ids[k] = append(p.ids[k], sf)
}

// load returns the file path opens, reading it unless this run has read
// it already (by this path or another), and the path it opened.
func (p *ppState) load(path string) (*ppFile, string, error) {
	if l, ok := p.files[path]; ok {
		return l.sf, l.opened, nil
	}
	if p.opts.ReadFile != nil {
		data, err := p.opts.ReadFile(path)
		if err != nil {
			return nil, "", err
		}
		if len(data) > p.lim.MaxInput {
			return nil, "", &ppTooLarge{int64(len(data)), int64(p.lim.MaxInput)}
		}
		// ReadFile's data belongs to the caller: the source copies it.
		sf := p.newFile(path, newSource(path, data, false), nil)
		p.files[path] = loaded{sf, path}
		return sf, path, nil
	}
	cache := p.opts.Cache
	if c, ok := cache.get(path); ok {
		if c.size > p.lim.MaxInput {
			return nil, "", &ppTooLarge{int64(c.size), int64(p.lim.MaxInput)}
		}
		sf := p.sameFile(c.info)
		if sf == nil {
			sf = p.newFile(c.real, c.src, c.info)
		}
		p.files[path] = loaded{sf, c.real}
		return sf, c.real, nil
	}
	f, opened, err := openFold(path, &p.dirs)
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, "", err
	}
	if st.IsDir() {
		return nil, "", errors.New("is a directory")
	}
	if sf := p.sameFile(st); sf != nil {
		// Another spelling of a file this run has read.
		p.files[path] = loaded{sf, opened}
		if !sf.given {
			cache.put(path, &cachedFile{real: opened, size: int(st.Size()), info: st, src: sf.src})
		}
		return sf, opened, nil
	}
	c := cache.same(st)
	if c == nil {
		if st.Size() > int64(p.lim.MaxInput) {
			return nil, "", &ppTooLarge{st.Size(), int64(p.lim.MaxInput)}
		}
		data, err := readAll(f, st.Size(), p.lim.MaxInput)
		if err != nil {
			return nil, "", err
		}
		if len(data) > p.lim.MaxInput {
			return nil, "", &ppTooLarge{int64(len(data)), int64(p.lim.MaxInput)}
		}
		// The data read from the file system is this run's own and
		// never changes: the source may share it.
		c = &cachedFile{real: opened, size: len(data), info: st, src: newSource(opened, data, true)}
	} else if c.size > p.lim.MaxInput {
		return nil, "", &ppTooLarge{int64(c.size), int64(p.lim.MaxInput)}
	}
	cache.put(path, c)
	sf := p.newFile(opened, c.src, st)
	p.files[path] = loaded{sf, opened}
	return sf, opened, nil
}

// openFold opens a file of the file system. If the path does not exist,
// on a system whose file names are case-sensitive, it opens one that
// differs only in letter case, as fxc's file system (Windows) would find
// it: shader sources often spell includes in another case than the files.
// It returns the path it opened. dirs holds the folders listed so far in
// this run: a name missing from a folder listed already is missing
// without asking the file system again.
func openFold(path string, dirs *dirCache) (*os.File, string, error) {
	if dirs.missing(path) {
		return nil, "", &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
	}
	f, err := os.Open(path)
	if err == nil || !errors.Is(err, fs.ErrNotExist) || !foldCase {
		return f, path, err
	}
	real, ok := dirs.fold(path, 0)
	if !ok {
		return nil, "", err
	}
	f, err = os.Open(real)
	return f, real, err
}

// foldCase says whether a name not found is looked for in another letter
// case: not on Windows, whose file system already does.
const foldCase = !windows

// A dirCache holds, for each directory a run looked into for a name in
// another letter case, its entries by lower-case name: each missing
// include of a run reads a directory once, not once an include (1,000
// missing includes in a folder of 3,000 files read it 1,000 times), and,
// once it is listed, a name it does not have costs no call to the file
// system.
type dirCache struct {
	dirs map[string]map[string]string // dir -> lower-case name -> name; nil: unreadable
}

// missing reports whether path names a file that the listing of its
// folder, if this run made one, does not have in any letter case.
func (c *dirCache) missing(path string) bool {
	if !foldCase {
		return false
	}
	dir, base := filepath.Split(path)
	names, listed := c.dirs[filepath.Clean(dir)]
	if !listed || names == nil || base == "" {
		return false
	}
	_, ok := names[strings.ToLower(base)]
	return !ok
}

// fold finds an existing path that equals path up to letter case.
func (c *dirCache) fold(path string, depth int) (string, bool) {
	dir, base := filepath.Split(path)
	if base == "" || depth > 32 {
		return "", false
	}
	dir = filepath.Clean(dir)
	names, listed := c.dirs[dir]
	if !listed {
		if _, err := os.Stat(dir); err != nil {
			d, ok := "", filepath.Dir(dir) != dir
			if ok {
				d, ok = c.fold(dir, depth+1)
			}
			if !ok {
				// No such folder in any letter case: it lists
				// nothing, and is not looked for again.
				c.put(dir, map[string]string{})
				return "", false
			}
			return c.fold(filepath.Join(d, base), depth+1)
		}
		names = c.list(dir)
	}
	name, ok := names[strings.ToLower(base)]
	if !ok {
		return "", false
	}
	return filepath.Join(dir, name), true
}

// put records the names of a directory.
func (c *dirCache) put(dir string, names map[string]string) {
	if c.dirs == nil {
		c.dirs = map[string]map[string]string{}
	}
	c.dirs[dir] = names
}

// list reads a directory's entries into the cache (the first of names
// that differ only in case wins, as the directory lists them).
func (c *dirCache) list(dir string) map[string]string {
	var names map[string]string
	if entries, err := os.ReadDir(dir); err == nil {
		names = make(map[string]string, len(entries))
		for _, e := range entries {
			if _, dup := names[strings.ToLower(e.Name())]; !dup {
				names[strings.ToLower(e.Name())] = e.Name()
			}
		}
	}
	c.put(dir, names)
	return names
}

// readAll reads an open file of the given size, reading at most limit+1
// bytes (a file that grew says so by its length).
func readAll(f *os.File, size int64, limit int) ([]byte, error) {
	// One buffer of the size the file has (and room for ReadFrom's check
	// of the end), instead of io.ReadAll's doubling ones.
	buf := bytes.NewBuffer(make([]byte, 0, int(size)+bytes.MinRead))
	_, err := buf.ReadFrom(io.LimitReader(f, int64(limit)+1))
	return buf.Bytes(), err
}

// utf16BOM returns "LE" or "BE" if text starts with a UTF-16 byte-order
// mark (FF FE or FE FF), else "".
func utf16BOM(text string) string {
	switch {
	case strings.HasPrefix(text, "\xFF\xFE"):
		return "LE"
	case strings.HasPrefix(text, "\xFE\xFF"):
		return "BE"
	}
	return ""
}

// utf16Msg says that file (its display name) is UTF-16, which fxc refuses
// (X3000: illegal character in shader file).
func utf16Msg(file, bom string) string {
	return fmt.Sprintf("%s is UTF-16 %s (its byte-order mark says so); fxc reads UTF-8 and ANSI sources only: save it as UTF-8", ppQ(file), bom)
}
