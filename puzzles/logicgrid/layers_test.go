package logicgrid

import (
	"go/ast"
	"go/importer"
	goparser "go/parser"
	gotoken "go/token"
	"go/types"
	"path/filepath"
	"strings"
	"testing"
)

// layers are the package's concerns, each a set of files, in the order
// they may use each other: a file uses only names declared in its own
// layer or in the layers before it (imports one way).
var layers = []struct {
	name  string
	files []string
}{
	{"parse", []string{"doc.go", "puzzle.go", "clue.go", "lex.go", "parse.go", "formula.go", "quint.go"}},
	{"solve", []string{"ways.go", "guard.go", "propagate.go", "solve.go", "xcover.go", "explain.go"}},
	{"generate", []string{"generate.go", "options.go", "generateset.go"}},
	{"experiment", []string{"corpus.go", "experiment.go", "clingo.go"}},
	{"report", []string{"report.go"}},
}

// TestLayers checks that the files of each concern use only the names of
// their own and earlier concerns, and that every file has a concern.
func TestLayers(t *testing.T) {
	layerOf := map[string]int{}
	for i, l := range layers {
		for _, f := range l.files {
			layerOf[f] = i
		}
	}
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := gotoken.NewFileSet()
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		if _, ok := layerOf[n]; !ok {
			t.Errorf("%s: in no layer of layers_test.go", n)
		}
		f, err := goparser.ParseFile(fset, n, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("github.com/branchwise/branchwise/puzzles/logicgrid", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	// The package's own objects: package-level names, and methods and
	// fields, each by the file that declares it.
	declaredIn := func(obj types.Object) (string, bool) {
		if obj == nil || obj.Pkg() != pkg || !obj.Pos().IsValid() {
			return "", false
		}
		if v, ok := obj.(*types.Var); ok && !v.IsField() && obj.Parent() != pkg.Scope() {
			return "", false // a local
		}
		if obj.Parent() != nil && obj.Parent() != pkg.Scope() {
			return "", false // a local name
		}
		return filepath.Base(fset.Position(obj.Pos()).Filename), true
	}
	seen := map[string]bool{}
	check := func(at gotoken.Pos, obj types.Object) {
		from := filepath.Base(fset.Position(at).Filename)
		decl, ok := declaredIn(obj)
		if !ok || layerOf[decl] <= layerOf[from] {
			return
		}
		key := from + " " + obj.Name()
		if !seen[key] {
			seen[key] = true
			t.Errorf("%s (%s) uses %s of %s (%s): a later concern", from, layers[layerOf[from]].name, obj.Name(), decl, layers[layerOf[decl]].name)
		}
	}
	for id, obj := range info.Uses {
		check(id.Pos(), obj)
	}
	for se, sel := range info.Selections {
		check(se.Sel.Pos(), sel.Obj())
	}
}
