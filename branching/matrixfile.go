package branching

import (
	"errors"
	"github.com/branchwise/branchwise/scan"
	"io"
	"strconv"
	"strings"
)

// ReadMatrix reads a node-type graph in the matrix format: one row per type,
// "NAME: n n ... n", entry j the number of children of type j (in the order
// of the rows) of a node of type NAME; an optional "start: NAME" line names
// the root's type (default: the first row). '#' starts a comment. Errors
// name the file and line.
//
//	# Five Puzzle without the parent as a child (Edelkamp and Korf (1998), Figure 4)
//	start: cs
//	cc: 0 1 0 0
//	cs: 0 0 1 1
//	ss: 0 0 0 2
//	sc: 1 0 0 0
func ReadMatrix(r io.Reader, file string) (*Graph, error) {
	var names []string
	var rows [][]int64
	var lines []int
	start, startLine := "", 0
	sc := scan.NewLines(r, file)
	for sc.Scan() {
		line := sc.Line()
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		text = strings.TrimSpace(text)
		if text == "" {
			continue
		}
		name, rest, ok := strings.Cut(text, ":")
		name = strings.TrimSpace(name)
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return nil, scan.Errorf(scan.Position{File: file, Line: line}, "want \"NAME: n n ...\" or \"start: NAME\"")
		}
		if name == "start" {
			if startLine > 0 {
				return nil, sc.Errorf(0, "a second start: line (the first is line %d)", startLine)
			}
			start, startLine = strings.TrimSpace(rest), line
			if start == "" || strings.ContainsAny(start, " \t") {
				return nil, sc.Errorf(0, "want \"start: NAME\", one type name")
			}
			continue
		}
		for _, n := range names {
			if n == name {
				return nil, scan.Errorf(scan.Position{File: file, Line: line}, "type %q defined twice", name)
			}
		}
		var row []int64
		for _, f := range strings.Fields(rest) {
			v, err := strconv.ParseInt(f, 10, 64)
			if errors.Is(err, strconv.ErrRange) {
				return nil, sc.Errorf(0, "entry %s too large (at most 2^40)", f)
			}
			if err != nil {
				return nil, scan.Errorf(scan.Position{File: file, Line: line}, "%q is not a whole number", f)
			}
			if v < 0 {
				return nil, scan.Errorf(scan.Position{File: file, Line: line}, "negative entry %d", v)
			}
			if v > 1<<40 {
				return nil, scan.Errorf(scan.Position{File: file, Line: line}, "entry %d too large", v)
			}
			row = append(row, v)
		}
		names, rows, lines = append(names, name), append(rows, row), append(lines, line)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, scan.Errorf(scan.Position{File: file}, "no types")
	}
	for i, row := range rows {
		if len(row) != len(names) {
			return nil, scan.Errorf(scan.Position{File: file, Line: lines[i]}, "row %s has %d entries, want %d (one per type)", names[i], len(row), len(names))
		}
	}
	root := 0
	if start != "" {
		root = -1
		for i, n := range names {
			if n == start {
				root = i
			}
		}
		if root < 0 {
			return nil, scan.Errorf(scan.Position{File: file, Line: startLine}, "start type %q is not defined", start)
		}
	}
	return FromMatrix(names, rows, root)
}
