package layers

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/branchwise/branchwise/"

// imports returns every package of the module (by path within it) with
// the module's packages it imports, directly and indirectly, tests left
// out.
func imports(t *testing.T) map[string][]string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	direct := map[string][]string{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if err != nil {
			return nil // no Go files here
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		for _, imp := range p.Imports {
			if strings.HasPrefix(imp, module) {
				direct[rel] = append(direct[rel], strings.TrimPrefix(imp, module))
			}
		}
		if _, ok := direct[rel]; !ok {
			direct[rel] = nil
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	all := map[string][]string{}
	for p := range direct {
		seen := map[string]bool{}
		var visit func(string)
		visit = func(q string) {
			for _, r := range direct[q] {
				if !seen[r] {
					seen[r] = true
					visit(r)
				}
			}
		}
		visit(p)
		for q := range seen {
			all[p] = append(all[p], q)
		}
		sort.Strings(all[p])
	}
	return all
}

// known lists the imports that break the rules today, each with the issue
// that removes it; the test fails when one disappears, so that the list
// shrinks with the code.
var known = map[string]string{
	"branching -> puzzles/rubik": "issue 12: the Rubik and sliding-tile type graphs move to their puzzles",
}

func TestLayers(t *testing.T) {
	all := imports(t)
	if len(all) < 15 {
		t.Fatalf("found only %d packages: %v", len(all), all)
	}
	engines := []string{"search", "dedup", "xcover", "estimate", "branching", "render"}
	found := map[string]bool{}
	for p, deps := range all {
		for _, d := range deps {
			var broken bool
			switch {
			case d == "cmd/branchwise" || strings.HasPrefix(d, "cmd/"):
				broken = true // nothing imports a command
			case d == "serve" && !strings.HasPrefix(p, "cmd/"):
				broken = true // only the command serves
			case strings.HasPrefix(d, "puzzles/"):
				for _, e := range engines {
					if p == e || strings.HasPrefix(p, e+"/") {
						broken = true // the generic layer knows no puzzle
					}
				}
			}
			if !broken {
				continue
			}
			edge := p + " -> " + d
			if _, ok := known[edge]; ok {
				found[edge] = true
				continue
			}
			t.Errorf("%s: an import against the layers of docs/architecture.md", edge)
		}
	}
	for edge, why := range known {
		if !found[edge] {
			t.Errorf("%s is gone (%s): remove it from known", edge, why)
		}
	}
}
