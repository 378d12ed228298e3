package depcheck

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/branchwise/branchwise"

// engines import no puzzles/... package.
var engines = []string{"branching", "search", "xcover", "bitpack", "estimate", "dedup", "pdb"}

func TestDependenciesPointOneWay(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Deps}} {{.}}{{end}}`, module+"/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg, deps := strings.TrimPrefix(fields[0], module+"/"), fields[1:]
		if strings.HasPrefix(pkg, "cmd/") {
			continue
		}
		checked++
		engine := false
		for _, e := range engines {
			if pkg == e || strings.HasPrefix(pkg, e+"/") {
				engine = true
			}
		}
		for _, d := range deps {
			rel, ok := strings.CutPrefix(d, module+"/")
			if !ok {
				continue
			}
			if strings.HasPrefix(rel, "cmd/") {
				t.Errorf("%s imports %s: no library package may import cmd/", pkg, rel)
			}
			if engine && strings.HasPrefix(rel, "puzzles/") {
				t.Errorf("%s imports %s: the engines import no puzzle", pkg, rel)
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d library packages listed:\n%s", checked, out)
	}
}
