package xcover

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/branchwise/branchwise/search"
)

func queens(n int) *Problem {
	var prim, sec []string
	for i := 0; i < n; i++ {
		prim = append(prim, fmt.Sprint("r", i), fmt.Sprint("c", i))
	}
	for d := 0; d < 2*n-1; d++ {
		sec = append(sec, fmt.Sprint("a", d), fmt.Sprint("b", d))
	}
	p, _ := NewProblem(prim, sec)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			p.AddOption(fmt.Sprint("r", i), fmt.Sprint("c", j), fmt.Sprint("a", i+j), fmt.Sprint("b", i-j+n-1))
		}
	}
	return p
}

// TestQueens: the n-queens counts 1, 0, 0, 2, 10, 4, 40, 92, 352, 724
// (OEIS A000170) with every strategy.
func TestQueens(t *testing.T) {
	want := []int64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724}
	for _, s := range []Strategy{Fewest, Fixed, Sorted} {
		for n := 1; n <= 10; n++ {
			r := queens(n).Compile(s).Solve(context.Background(), search.Limits{}, nil)
			if r.Solutions != want[n-1] {
				t.Errorf("%v: %d queens: %d solutions, want %d", s, n, r.Solutions, want[n-1])
			}
		}
	}
}

// TestColoursBruteForce compares Algorithm C with a brute-force check of
// every subset of options on random small problems with colours.
func TestColoursBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 300; trial++ {
		np, ns, no := 2+r.IntN(4), 1+r.IntN(3), 4+r.IntN(10)
		var prim, sec []string
		for i := 0; i < np; i++ {
			prim = append(prim, fmt.Sprint("p", i))
		}
		for i := 0; i < ns; i++ {
			sec = append(sec, fmt.Sprint("s", i))
		}
		p, _ := NewProblem(prim, sec)
		type opt struct {
			prim  []int
			color []int // per secondary: -1 absent, 0 uncoloured, 1.. colour
		}
		var opts []opt
		for k := 0; k < no; k++ {
			var o opt
			var items []string
			for i := 0; i < np; i++ {
				if r.IntN(3) == 0 {
					o.prim = append(o.prim, i)
					items = append(items, prim[i])
				}
			}
			if len(o.prim) == 0 {
				o.prim = append(o.prim, r.IntN(np))
				items = append(items, prim[o.prim[0]])
			}
			o.color = make([]int, ns)
			for i := 0; i < ns; i++ {
				o.color[i] = -1
				switch r.IntN(4) {
				case 1:
					o.color[i] = 0
					items = append(items, sec[i])
				case 2, 3:
					c := 1 + r.IntN(2)
					o.color[i] = c
					items = append(items, fmt.Sprintf("%s:%c", sec[i], 'a'+c-1))
				}
			}
			if _, err := p.AddOption(items...); err != nil {
				t.Fatal(err)
			}
			opts = append(opts, o)
		}
		var want int64
		for mask := 0; mask < 1<<no; mask++ {
			cover := make([]int, np)
			ok := true
			for i := 0; i < ns && ok; i++ {
				uncoloured, colour := 0, 0
				for k := 0; k < no; k++ {
					if mask>>k&1 == 0 {
						continue
					}
					switch c := opts[k].color[i]; {
					case c == 0:
						uncoloured++
					case c > 0:
						if colour != 0 && colour != c {
							ok = false
						}
						colour = c
					}
				}
				if uncoloured > 1 || uncoloured == 1 && colour != 0 {
					ok = false
				}
			}
			for k := 0; k < no && ok; k++ {
				if mask>>k&1 == 1 {
					for _, i := range opts[k].prim {
						cover[i]++
					}
				}
			}
			for _, c := range cover {
				ok = ok && c == 1
			}
			if ok {
				want++
			}
		}
		for _, s := range []Strategy{Fewest, Fixed, Sorted} {
			if got := p.Compile(s).Solve(context.Background(), search.Limits{}, nil); got.Solutions != want {
				t.Fatalf("trial %d %v: %d solutions, brute force %d", trial, s, got.Solutions, want)
			}
		}
	}
}

func TestSolutionsAndLimit(t *testing.T) {
	p := queens(6)
	seen := map[string]bool{}
	r := p.Compile(Fewest).Solve(context.Background(), search.Limits{}, func(opts []int) bool {
		if len(opts) != 6 {
			t.Errorf("a solution of %d options", len(opts))
		}
		cols := map[int]bool{}
		for _, o := range opts {
			cols[o%6] = true
		}
		if len(cols) != 6 {
			t.Errorf("solution %v repeats a column", opts)
		}
		seen[fmt.Sprint(opts)] = true
		return true
	})
	if r.Solutions != 4 || len(seen) != 4 {
		t.Errorf("6 queens: %d solutions, %d distinct", r.Solutions, len(seen))
	}
	if r := queens(8).Compile(Fewest).Solve(context.Background(), search.Limits{MaxSolutions: 5}, nil); r.Solutions != 5 {
		t.Errorf("limit 5: %d solutions", r.Solutions)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r := queens(12).Compile(Fewest).Solve(ctx, search.Limits{}, nil); r.Err == nil {
		t.Error("a cancelled search reported no error")
	}
}

// TestNodeAndTimeLimits: Solve stops after exactly MaxNodes nodes with
// search.ErrNodeLimit on each of its paths (exact cover, the general
// one, Algorithm M for multiplicities), as search's engines do (the node
// that reaches the limit is counted, not searched); a limit past the
// whole tree's size stops nothing; and MaxTime stops the search at its first look at
// the clock with search.TimeLimit.
func TestNodeAndTimeLimits(t *testing.T) {
	soma := readTestDLX(t, "testdata/soma.dlx")
	general := soma.Compile(Fewest)
	general.general = true
	bounded := readTestDLX(t, "testdata/soma.dlx")
	if err := bounded.SetBounds(1, 0, 1); err != nil {
		t.Fatal(err)
	}
	bg := context.Background()
	for _, c := range []struct {
		name string
		s    *Solver
	}{
		{"exact", soma.Compile(Fewest)},
		{"general", general},
		{"multiplicities", bounded.Compile(Fewest)},
	} {
		const maxNodes = 5000
		r := c.s.Solve(bg, search.Limits{MaxNodes: maxNodes}, nil)
		if r.Status != search.NodeLimit || !errors.Is(r.Err, search.ErrNodeLimit) || r.Stats.Nodes != maxNodes {
			t.Errorf("%s, --max-nodes %d: %v (%v), %d nodes", c.name, maxNodes, r.Status, r.Err, r.Stats.Nodes)
		}
		r = c.s.Solve(bg, search.Limits{MaxTime: time.Nanosecond}, nil)
		if r.Status != search.TimeLimit || !errors.Is(r.Err, context.DeadlineExceeded) || r.Stats.Nodes != checkNodes {
			t.Errorf("%s, --max-time 1ns: %v (%v), %d nodes, want %d", c.name, r.Status, r.Err, r.Stats.Nodes, checkNodes)
		}
	}
	s := queens(8).Compile(Fewest)
	all := s.Solve(bg, search.Limits{}, nil)
	if r := s.Solve(bg, search.Limits{MaxNodes: all.Stats.Nodes + 1}, nil); r.Status != search.Solved || !reflect.DeepEqual(r, all) {
		t.Errorf("8 queens, a node limit past the whole tree's %d nodes: %v, %d nodes", all.Stats.Nodes, r.Status, r.Stats.Nodes)
	}
}
