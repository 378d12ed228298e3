package search

import (
	"errors"
	"math"
	"sync/atomic"
	"testing"
)

// TestSubtrees: goals in subtrees 5 and 9 of 20. Whatever the workers,
// the best is 5, every subtree up to 5 is searched, none after 5 is
// started once 5's goal is known, and the least next bound is that of the
// subtrees searched (each reports 100 + i). A stop without a goal ends
// the iteration with its error.
func TestSubtrees(t *testing.T) {
	for _, workers := range []int{1, 2, 3, 8} {
		var s Subtrees
		searched := make([]atomic.Bool, 20)
		s.Run(workers, 20, func(w, i int) Subtree {
			if w < 0 || w >= workers {
				t.Errorf("worker %d of %d", w, workers)
			}
			searched[i].Store(true)
			return Subtree{Found: i == 5 || i == 9, Next: int64(100 + i)}
		})
		if s.Best() != 5 || s.Err() != nil {
			t.Errorf("-j %d: best %d, err %v", workers, s.Best(), s.Err())
		}
		for i := 0; i <= 5; i++ {
			if !searched[i].Load() {
				t.Errorf("-j %d: subtree %d not searched", workers, i)
			}
		}
		if workers == 1 && (s.Next() != 100 || searched[6].Load()) {
			t.Errorf("-j 1: next %d, subtree 6 searched %t", s.Next(), searched[6].Load())
		}
		if !s.After(6) || s.After(5) {
			t.Errorf("-j %d: After", workers)
		}
	}
	var s Subtrees
	limit := errors.New("limit")
	s.Run(2, 10, func(w, i int) Subtree {
		if i == 3 {
			s.Stop(limit)
			return Subtree{Stopped: true, Next: math.MaxInt64}
		}
		return Subtree{Stopped: i > 3, Next: 7}
	})
	if s.Best() != -1 || s.Err() != limit || s.Next() > 7 {
		t.Errorf("stopped: best %d, err %v, next %d", s.Best(), s.Err(), s.Next())
	}
	var none Subtrees
	none.Run(4, 0, func(int, int) Subtree { t.Error("a search of no subtree"); return Subtree{} })
	if none.Best() != -1 || none.Next() != math.MaxInt64 {
		t.Errorf("no subtrees: best %d, next %d", none.Best(), none.Next())
	}
}

func TestSubtreesCheck(t *testing.T) {
	var s Subtrees
	s.Run(1, 3, func(w, i int) Subtree { return Subtree{Found: i == 1} })
	none := func() error { return nil }
	if s.Check(0, none) || s.Check(1, none) || !s.Check(2, none) || s.Err() != nil {
		t.Error("a goal in subtree 1: only subtree 2 stops, with no error")
	}
	limit := errors.New("limit")
	if !s.Check(0, func() error { return limit }) || s.Err() != limit {
		t.Errorf("a limit: %v", s.Err())
	}
	if !s.Check(0, func() error { return errors.New("later") }) || s.Err() != limit {
		t.Errorf("the first error is kept: %v", s.Err())
	}
}
