package tiles

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

//go:embed data/korf24.txt
var korf24Text string

// Korf24Instance is one of Korf and Felner's 50 twenty-four puzzles with
// its published optimal length.
type Korf24Instance struct {
	Index   int
	Board   Board
	Optimal int
}

// Korf24 returns the 50 twenty-four-puzzle instances of Korf and Felner
// (2002), numbered 1..50, from data/korf24.txt (see data/PROVENANCE.md).
func Korf24() []Korf24Instance {
	out, err := parseKorf24(korf24Text)
	if err != nil {
		panic(err) // the embedded file is checked by the tests
	}
	return out
}

func parseKorf24(text string) ([]Korf24Instance, error) {
	var out []Korf24Instance
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, body, ok := strings.Cut(line, ":")
		f := strings.Fields(head)
		if !ok || len(f) != 2 {
			return nil, fmt.Errorf("korf24.txt:%d: want \"<index> <optimal> : <tiles>\"", n+1)
		}
		idx, err1 := strconv.Atoi(f[0])
		opt, err2 := strconv.Atoi(f[1])
		b, err3 := ParseBoard(body, 5, 5)
		if err1 != nil || err2 != nil || err3 != nil {
			return nil, fmt.Errorf("korf24.txt:%d: bad instance", n+1)
		}
		out = append(out, Korf24Instance{Index: idx, Board: b, Optimal: opt})
	}
	return out, nil
}
