package logicgrid

import (
	"testing"

	"github.com/branchwise/branchwise/internal/opterr"
)

func TestParseSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n, m int
		ok   bool
	}{
		{"5x5", 5, 5, true}, {"4X3", 4, 3, true}, {"10x9", 10, 9, true}, {"2x1", 2, 1, true},
		{"1x1", 0, 0, false}, {"11x3", 0, 0, false}, {"4x10", 0, 0, false}, {"4x0", 0, 0, false},
		{"4", 0, 0, false}, {"axb", 0, 0, false}, {"", 0, 0, false},
	} {
		n, m, err := ParseSize(tc.in)
		if n != tc.n || m != tc.m || (err == nil) != tc.ok || err != nil && !opterr.Is(err) {
			t.Errorf("ParseSize(%q) = %d, %d, %v; want %d, %d, ok %v", tc.in, n, m, err, tc.n, tc.m, tc.ok)
		}
	}
	sizes, err := ParseSizes("4x3, 5x5")
	if err != nil || len(sizes) != 2 || sizes[1] != [2]int{5, 5} {
		t.Errorf("ParseSizes: %v %v", sizes, err)
	}
	if _, err := ParseSizes("4x3,9"); err == nil || err.Error() != `size "9": want NxM, N = 2..10 entities, M = 1..9 categories besides the position` {
		t.Errorf("ParseSizes(4x3,9): %v", err)
	}
}

func TestOptionsCheck(t *testing.T) {
	for _, tc := range []struct {
		o    GenSetOptions
		want string
	}{
		{GenSetOptions{GenOptions: GenOptions{Difficulty: 2}, Count: 1}, ""},
		{GenSetOptions{GenOptions: GenOptions{Difficulty: 4}, Count: 1}, "--difficulty 4: want 1, 2 or 3"},
		{GenSetOptions{GenOptions: GenOptions{Difficulty: 0}, Count: 1}, "--difficulty 0: want 1, 2 or 3"},
		{GenSetOptions{GenOptions: GenOptions{Difficulty: 3}, Count: 0}, "--count must be at least 1"},
	} {
		if err := tc.o.Check(); (err == nil) != (tc.want == "") || err != nil && (err.Error() != tc.want || !opterr.Is(err)) {
			t.Errorf("%+v: %v, want %q", tc.o, err, tc.want)
		}
	}
	for _, tc := range []struct {
		o    ExperimentOptions
		want string
	}{
		{ExperimentOptions{Difficulties: []int{1, 3}, Count: 2}, ""},
		{ExperimentOptions{Difficulties: []int{1, 5}, Count: 2}, `--difficulty "x": want a list of 1, 2, 3`},
		{ExperimentOptions{Difficulties: nil, Count: 2}, `--difficulty "x": want a list of 1, 2, 3`},
		{ExperimentOptions{Difficulties: []int{2}, Count: 0}, "--count must be at least 1"},
	} {
		if err := tc.o.Check("x"); (err == nil) != (tc.want == "") || err != nil && (err.Error() != tc.want || !opterr.Is(err)) {
			t.Errorf("%+v: %v, want %q", tc.o, err, tc.want)
		}
	}
}
