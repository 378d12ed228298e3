package depcheck

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// tableRow is one row of docs/architecture.md's import table: the
// packages it is about and the names (or .../... patterns) they may
// import.
type tableRow struct {
	pkgs, allowed []string
}

// readTable reads the import table of docs/architecture.md: the rows
// after the header "| package | may import", until the first line that
// is not a table row.
func readTable(t *testing.T) []tableRow {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	name := regexp.MustCompile("`([^`]+)`")
	var rows []tableRow
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(line, "| package | may import"):
			in = true
			continue
		case !in:
			continue
		case !strings.HasPrefix(line, "|"):
			return rows
		case strings.HasPrefix(line, "|---"):
			continue
		}
		cells := strings.Split(line, "|")
		if len(cells) < 4 {
			t.Fatalf("docs/architecture.md: table row %q: want | packages | imports | why |", line)
		}
		var r tableRow
		for _, m := range name.FindAllStringSubmatch(cells[1], -1) {
			r.pkgs = append(r.pkgs, m[1])
		}
		for _, m := range name.FindAllStringSubmatch(cells[2], -1) {
			r.allowed = append(r.allowed, m[1])
		}
		rows = append(rows, r)
	}
	return rows
}

// matches reports whether pkg is name or falls under a "dir/..." pattern.
func matches(pattern, pkg string) bool {
	if dir, ok := strings.CutSuffix(pattern, "/..."); ok {
		return pkg == dir || strings.HasPrefix(pkg, dir+"/")
	}
	return pkg == pattern
}

// TestArchitectureTable checks docs/architecture.md's import table
// against the imports go list reports: every package has a row, imports
// only what its row allows, and imports every name listed in a row of names only.
func TestArchitectureTable(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	rows := readTable(t)
	if len(rows) < 10 {
		t.Fatalf("docs/architecture.md: %d rows in the import table", len(rows))
	}
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, module+"/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], module+"/")
		var row *tableRow
		for i := range rows {
			for _, p := range rows[i].pkgs {
				// A plain name beats a pattern: the most specific row.
				if p == pkg || row == nil && matches(p, pkg) {
					row = &rows[i]
				}
			}
		}
		if row == nil {
			t.Errorf("docs/architecture.md: no row for %s", pkg)
			continue
		}
		used := map[string]bool{}
		for _, imp := range fields[1:] {
			rel, ok := strings.CutPrefix(imp, module+"/")
			if !ok {
				continue
			}
			allowed := false
			for _, a := range row.allowed {
				if matches(a, rel) {
					allowed, used[a] = true, true
				}
			}
			if !allowed {
				t.Errorf("%s imports %s, which its row in docs/architecture.md does not allow", pkg, rel)
			}
		}
		// A row of names only is the exact list; a row with a pattern
		// ("everything above") only bounds.
		exact := len(row.pkgs) == 1 && !strings.HasSuffix(row.pkgs[0], "/...")
		for _, a := range row.allowed {
			exact = exact && !strings.HasSuffix(a, "/...")
		}
		if exact {
			for _, a := range row.allowed {
				if !strings.HasSuffix(a, "/...") && !used[a] {
					t.Errorf("docs/architecture.md: %s may import %s, but does not", pkg, a)
				}
			}
		}
	}
}
