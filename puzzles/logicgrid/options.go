package logicgrid

import (
	"slices"
	"strconv"
	"strings"

	"github.com/branchwise/branchwise/internal/opterr"
)

// ParseSize reads a generated puzzle's size NxM: N entities (positions
// 1..N), M categories besides the position.
func ParseSize(s string) (n, m int, err error) {
	a, b, found := strings.Cut(strings.ToLower(s), "x")
	n, err1 := strconv.Atoi(a)
	m, err2 := strconv.Atoi(b)
	if !found || err1 != nil || err2 != nil || n < 2 || n > MaxGenEntities || m < 1 || m > MaxGenCategories {
		return 0, 0, opterr.Errorf("--size", "size %q: want NxM, N = 2..%d entities, M = 1..%d categories besides the position", s, MaxGenEntities, MaxGenCategories)
	}
	return n, m, nil
}

// ParseSizes reads sizes NxM separated by commas (ParseSize).
func ParseSizes(s string) ([][2]int, error) {
	var sizes [][2]int
	for _, f := range strings.Split(s, ",") {
		n, m, err := ParseSize(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		sizes = append(sizes, [2]int{n, m})
	}
	return sizes, nil
}

// Check reports a difficulty other than 1, 2 or 3 or a count below 1, named
// as the generate command's flags.
func (o GenSetOptions) Check() error {
	switch {
	case o.Difficulty < 1 || o.Difficulty > 3:
		return opterr.Errorf("--difficulty", "--difficulty %d: want 1, 2 or 3", o.Difficulty)
	case o.Count < 1:
		return opterr.Errorf("--count", "--count must be at least 1")
	}
	return nil
}

// Check reports difficulties other than 1, 2 or 3 (text is how they were
// written) or a count below 1, named as the experiment command's flags.
func (o ExperimentOptions) Check(text string) error {
	switch {
	case len(o.Difficulties) == 0 || slices.ContainsFunc(o.Difficulties, func(d int) bool { return d < 1 || d > 3 }):
		return opterr.Errorf("--difficulty", "--difficulty %q: want a list of 1, 2, 3", text)
	case o.Count < 1:
		return opterr.Errorf("--count", "--count must be at least 1")
	}
	return nil
}
