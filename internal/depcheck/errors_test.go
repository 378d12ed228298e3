package depcheck

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/pdb"
	"github.com/branchwise/branchwise/search"
)

// TestSentinelErrors: every exported error variable of a library package
// made by errors.New or fmt.Errorf says which package it comes from
// ("pdb: ..."), so that a message printed far from its source can be
// traced; and the limit errors wrap the search package's sentinels, so
// that errors.Is(err, search.ErrMemLimit) holds whichever layer stopped.
func TestSentinelErrors(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	out, err := exec.Command("go", "list", "-f", "{{.Dir}} {{.Name}} {{.ImportPath}}", module+"/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		dir, name, path := f[0], f[1], strings.TrimPrefix(f[2], module+"/")
		if name == "main" || strings.HasPrefix(path, "cmd/") || strings.HasPrefix(path, "scripts/") {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			for _, s := range sentinels(t, file) {
				checked++
				if !strings.HasPrefix(s.msg, name+": ") {
					t.Errorf("%s: %s = %q: want the prefix %q", s.pos, s.name, s.msg, name+": ")
				}
			}
		}
	}
	if checked < 5 {
		t.Errorf("only %d sentinel errors found", checked)
	}
	if !errors.Is(pdb.ErrMemory, search.ErrMemLimit) {
		t.Error("pdb.ErrMemory does not wrap search.ErrMemLimit")
	}
}

// sentinel is an exported package-level error variable and its message.
type sentinel struct {
	pos, name, msg string
}

// sentinels finds the file's exported package-level variables set by
// errors.New("...") or fmt.Errorf("...").
func sentinels(t *testing.T, file string) []sentinel {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []sentinel
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, spec := range g.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, n := range vs.Names {
				if !n.IsExported() || i >= len(vs.Values) {
					continue
				}
				call, ok := vs.Values[i].(*ast.CallExpr)
				if !ok || len(call.Args) == 0 {
					continue
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				lit, isLit := call.Args[0].(*ast.BasicLit)
				if !ok || !isLit || !(sel.Sel.Name == "New" || sel.Sel.Name == "Errorf") {
					continue
				}
				msg, err := strconv.Unquote(lit.Value)
				if err != nil {
					continue
				}
				out = append(out, sentinel{fset.Position(n.Pos()).String(), n.Name, msg})
			}
		}
	}
	return out
}
