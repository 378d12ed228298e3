package logicgrid

import (
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
