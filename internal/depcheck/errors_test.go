package depcheck

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"regexp"
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
	checked := 0
	for _, file := range libraryFiles(t) {
		for _, s := range sentinels(t, file.path) {
			checked++
			if !strings.HasPrefix(s.msg, file.pkg+": ") {
				t.Errorf("%s: %s = %q: want the prefix %q", s.pos, s.name, s.msg, file.pkg+": ")
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

// unprefixed are the messages of errors.New and fmt.Errorf that need not
// start with their package's name, because something else leads that
// names the source as well: a verb followed by ':' or '[' (the input's
// name, "file: ...", a position "file:line: ..." as scan.Error writes
// them, or an item "name[3]: ..."), a wrapped error ("%w: ...", "%w (in
// the scramble)"), which carries its own prefix, or a command-line flag
// ("--workers ...", the name users meet, as package opterr's messages).
var unprefixed = regexp.MustCompile(`^(%[sqv](:|\[)|%w|--)`)

// flagPackages make the values of the command line's flags: their errors
// are printed inside pflag's `invalid argument "x" for "--max-mem" flag:
// ...`, which names their source.
var flagPackages = map[string]bool{"cliflag": true}

// TestErrorPrefixes: every error message a library package makes with
// errors.New or fmt.Errorf starts with the package's name ("shard: ..."),
// so that a message printed far from its source can be traced, unless
// its text leads with a name that does (unprefixed).
func TestErrorPrefixes(t *testing.T) {
	checked := 0
	for _, file := range libraryFiles(t) {
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, file.path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			msg, ok := errorMessage(n)
			if !ok {
				return true
			}
			checked++
			if !strings.HasPrefix(msg, file.pkg+": ") && !unprefixed.MatchString(msg) && !flagPackages[file.pkg] {
				t.Errorf("%s: %q: want the prefix %q", fset.Position(n.Pos()), msg, file.pkg+": ")
			}
			return true
		})
	}
	if checked < 100 {
		t.Errorf("only %d error messages found", checked)
	}
}

// errorMessage returns the message of a call errors.New("...") or
// fmt.Errorf("...", ...) with a literal message.
func errorMessage(n ast.Node) (string, bool) {
	call, ok := n.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return "", false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	x, ok := sel.X.(*ast.Ident)
	if !ok || !(x.Name == "errors" && sel.Sel.Name == "New" || x.Name == "fmt" && sel.Sel.Name == "Errorf") {
		return "", false
	}
	lit, ok := call.Args[0].(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	msg, err := strconv.Unquote(lit.Value)
	return msg, err == nil
}

// goFile is a non-test Go file of a library package (not cmd/, scripts/
// or a main package).
type goFile struct {
	path, pkg string
}

// libraryFiles lists the module's library files with `go list`.
func libraryFiles(t *testing.T) []goFile {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	out, err := exec.Command("go", "list", "-f", "{{.Dir}} {{.Name}} {{.ImportPath}}", module+"/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	var files []goFile
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		dir, name, path := f[0], f[1], strings.TrimPrefix(f[2], module+"/")
		if name == "main" || strings.HasPrefix(path, "cmd/") || strings.HasPrefix(path, "scripts/") {
			continue
		}
		names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, n := range names {
			if !strings.HasSuffix(n, "_test.go") {
				files = append(files, goFile{n, name})
			}
		}
	}
	return files
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
