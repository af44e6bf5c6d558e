// Command serve builds the playground (web/) and serves it on this
// machine only, for trying it or working on it:
//
//	go run ./web/serve                        # http://127.0.0.1:8080/
//	go run ./web/serve -addr 127.0.0.1:9000
//
// It builds shpack.wasm (GOOS=js GOARCH=wasm go build ./web) into a
// temporary folder, copies Go's wasm_exec.js and web/index.html beside it,
// and serves that folder until interrupted. It listens on a loopback
// address only (127.0.0.1, ::1, localhost): the playground sends nothing
// anywhere, and this server is not one to put on a network. To publish the
// page, copy the three files to any static host (docs/playground.md).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "the loopback `address` to listen on")
	flag.Parse()
	if err := run(*addr); err != nil {
		fmt.Fprintf(os.Stderr, "serve: %v\n", err)
		os.Exit(1)
	}
}

func run(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return err
	}
	if !loopback(host) {
		return fmt.Errorf("%s is not a loopback address: the playground is served on this machine only (127.0.0.1)", host)
	}
	dir, err := os.MkdirTemp("", "shpack-playground-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := Build(dir); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Printf("shpack playground: http://%s/ (Ctrl+C stops it)\n", ln.Addr())
	srv := &http.Server{Handler: http.FileServer(http.Dir(dir))}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() { <-ctx.Done(); srv.Close() }()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// loopback reports whether host names this machine only.
func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Build writes the playground into dir: shpack.wasm, built from the web
// package with the go command on PATH, Go's wasm_exec.js, and index.html.
func Build(dir string) error {
	goTool, err := exec.LookPath("go")
	if err != nil {
		return err
	}
	out, err := exec.Command(goTool, "list", "-f", "{{.Dir}}", "github.com/shpack/shpack/web").Output()
	if err != nil {
		return fmt.Errorf("go list: %v", err)
	}
	web := strings.TrimSpace(string(out))
	build := exec.Command(goTool, "build", "-o", filepath.Join(dir, "shpack.wasm"), ".")
	build.Dir = web
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}
	root, err := exec.Command(goTool, "env", "GOROOT").Output()
	if err != nil {
		return fmt.Errorf("go env GOROOT: %v", err)
	}
	for src, dst := range map[string]string{
		filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"): "wasm_exec.js",
		filepath.Join(web, "index.html"):                                              "index.html",
	} {
		b, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, dst), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
