package search

import (
	"errors"
	"testing"
)

func TestStoppedBy(t *testing.T) {
	for _, tc := range []struct {
		st   Status
		err  error
		want string
	}{
		{Solved, errors.New("x"), ""},
		{NodeLimit, errors.New("the engine's"), "the engine's"},
		{NodeLimit, nil, NodeLimit.Err().Error()},
	} {
		if got := StoppedBy(tc.st, tc.err); got != tc.want {
			t.Errorf("StoppedBy(%v, %v) = %q, want %q", tc.st, tc.err, got, tc.want)
		}
	}
}
