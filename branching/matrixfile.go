package branching

import (
	"bufio"
	"fmt"
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
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
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
			return nil, fmt.Errorf("%s:%d: want \"NAME: n n ...\" or \"start: NAME\"", file, line)
		}
		if name == "start" {
			start, startLine = strings.TrimSpace(rest), line
			continue
		}
		for _, n := range names {
			if n == name {
				return nil, fmt.Errorf("%s:%d: type %q defined twice", file, line, name)
			}
		}
		var row []int64
		for _, f := range strings.Fields(rest) {
			v, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %q is not a whole number", file, line, f)
			}
			if v < 0 {
				return nil, fmt.Errorf("%s:%d: negative entry %d", file, line, v)
			}
			if v > 1<<40 {
				return nil, fmt.Errorf("%s:%d: entry %d too large", file, line, v)
			}
			row = append(row, v)
		}
		names, rows, lines = append(names, name), append(rows, row), append(lines, line)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: no types", file)
	}
	for i, row := range rows {
		if len(row) != len(names) {
			return nil, fmt.Errorf("%s:%d: row %s has %d entries, want %d (one per type)", file, lines[i], names[i], len(row), len(names))
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
			return nil, fmt.Errorf("%s:%d: start type %q is not defined", file, startLine, start)
		}
	}
	return FromMatrix(names, rows, root)
}
