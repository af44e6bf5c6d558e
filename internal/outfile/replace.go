package outfile

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// A pending output: its new contents in a temporary file beside the
// target, and once the target is replaced, the target's old contents
// under a second name until the whole run has succeeded.
type pending struct {
	name     string // the path as given, for messages
	target   string // where it goes, links followed
	tmp      string // the new contents, until renamed
	backup   string // the old contents, while the run may still fail
	replaced bool
}

// prepare writes data in full to a new file beside target, with the
// target's permissions if it exists (else 0644 less the umask), synced
// to the disk so that a crash after the rename leaves the new contents.
func prepare(name, target string, data []byte) (*pending, error) {
	perm, keep := fs.FileMode(0o644), false
	if st, err := os.Lstat(target); err == nil && st.Mode().IsRegular() {
		if err := replaceable(st); err != nil {
			return nil, err
		}
		perm, keep = st.Mode().Perm(), true
	}
	f, err := createBeside(target, perm)
	if err != nil {
		return nil, err
	}
	p := &pending{name: name, target: target, tmp: f.Name()}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil && keep {
		err = os.Chmod(p.tmp, perm)
	}
	if err != nil {
		p.cleanup()
		return nil, err
	}
	return p, nil
}

// createBeside creates a new file with a name of its own in target's
// directory (a rename within one directory is atomic; across file
// systems it is not possible at all).
func createBeside(target string, perm fs.FileMode) (*os.File, error) {
	dir, base := filepath.Split(target)
	for {
		name := filepath.Join(dir, fmt.Sprintf(".%s.%08x.shpack-tmp", base, rand.Uint32()))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
}

// replace renames the new contents over the target, first keeping the
// target's old contents under a second name: a hard link, or a copy
// where the file system has no links.
func (p *pending) replace(rename func(from, to string) error) error {
	if st, err := os.Lstat(p.target); err == nil && st.Mode().IsRegular() {
		b, err := keepOld(p.target, st.Mode().Perm())
		if err != nil {
			return err
		}
		p.backup = b
	}
	if err := rename(p.tmp, p.target); err != nil {
		return err
	}
	p.tmp, p.replaced = "", true
	return nil
}

// keepOld gives the contents of target a second name beside it.
func keepOld(target string, perm fs.FileMode) (string, error) {
	f, err := createBeside(target, perm)
	if err != nil {
		return "", err
	}
	name := f.Name()
	f.Close()
	os.Remove(name)
	if os.Link(target, name) == nil {
		return name, nil
	}
	old, err := os.ReadFile(target)
	if err != nil {
		return "", err
	}
	f, err = os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return "", err
	}
	_, err = f.Write(old)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

// restore puts back what the target held before replace (nothing, if
// it did not exist).
func (p *pending) restore() {
	if !p.replaced {
		return
	}
	if p.backup != "" {
		if os.Rename(p.backup, p.target) == nil {
			p.backup = ""
		}
	} else {
		os.Remove(p.target)
	}
	p.replaced = false
}

// cleanup removes the temporary file and the old contents' second name.
func (p *pending) cleanup() {
	for _, f := range []string{p.tmp, p.backup} {
		if f != "" {
			os.Remove(f)
		}
	}
	p.tmp, p.backup = "", ""
}
