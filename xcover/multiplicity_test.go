package xcover

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// TestMultiplicitiesBruteForce compares Algorithm M with a check of every
// subset of the options on small random problems with bounds, secondary
// items and colours: the same solutions, each found once.
func TestMultiplicitiesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 1))
	total := 0
	defer func() { t.Logf("%d solutions in all", total) }()
	for trial := 0; trial < 400; trial++ {
		nPrim, nSec := 1+rng.IntN(4), rng.IntN(3)
		var prim, sec []string
		for i := 0; i < nPrim; i++ {
			prim = append(prim, fmt.Sprintf("p%d", i))
		}
		for i := 0; i < nSec; i++ {
			sec = append(sec, fmt.Sprintf("s%d", i))
		}
		p, err := NewProblem(prim, sec)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := make([]int, nPrim), make([]int, nPrim)
		for i := range prim {
			hi[i] = 1 + rng.IntN(3)
			lo[i] = rng.IntN(hi[i] + 1)
			if err := p.SetBounds(i+1, lo[i], hi[i]); err != nil {
				t.Fatal(err)
			}
		}
		type opt struct {
			prim []int
			sec  map[int]string
		}
		var opts []opt
		nOpts := 1 + rng.IntN(11)
		for len(opts) < nOpts {
			var o opt
			var names []string
			for i := range prim {
				if rng.IntN(2) == 0 {
					o.prim = append(o.prim, i)
					names = append(names, prim[i])
				}
			}
			if len(o.prim) == 0 {
				continue
			}
			o.sec = map[int]string{}
			for i := range sec {
				switch rng.IntN(4) {
				case 0:
					o.sec[i] = ""
					names = append(names, sec[i])
				case 1:
					c := string(rune('a' + rng.IntN(2)))
					o.sec[i] = c
					names = append(names, sec[i]+":"+c)
				}
			}
			if _, err := p.AddOption(names...); err != nil {
				t.Fatal(err)
			}
			opts = append(opts, o)
		}
		var want []string
		for mask := 0; mask < 1<<len(opts); mask++ {
			count := make([]int, nPrim)
			colour := map[int]string{}
			used := map[int]int{}
			ok := true
			for k, o := range opts {
				if mask>>k&1 == 0 {
					continue
				}
				for _, i := range o.prim {
					count[i]++
				}
				for i, c := range o.sec {
					used[i]++
					if c == "" {
						if used[i] > 1 {
							ok = false
						}
						colour[i] = "\x00"
					} else if prev, seen := colour[i]; seen && prev != c {
						ok = false
					} else {
						colour[i] = c
					}
				}
			}
			for i := range count {
				ok = ok && count[i] >= lo[i] && count[i] <= hi[i]
			}
			if ok {
				want = append(want, fmt.Sprint(setOf(mask, len(opts))))
			}
		}
		var got []string
		total += len(want)
		p.Compile([]Strategy{Fewest, Fixed}[trial%2]).Solve(context.Background(), search.Limits{}, func(o []int) bool {
			s := slices.Clone(o)
			slices.Sort(s)
			got = append(got, fmt.Sprint(s))
			return true
		})
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			var b strings.Builder
			p.WriteDLX(&b)
			t.Fatalf("trial %d: got %v, want %v\n%s", trial, got, want, b.String())
		}
	}
}

func setOf(mask, n int) []int {
	var out []int
	for k := 0; k < n; k++ {
		if mask>>k&1 == 1 {
			out = append(out, k)
		}
	}
	return out
}

// TestDLXMultiplicities reads Knuth's DLX3 example, solves it and writes
// it back.
func TestDLXMultiplicities(t *testing.T) {
	const in = `| A simple example of color controls
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
`
	p, err := ReadDLX(strings.NewReader(in), "dlx3.dlx")
	if err != nil {
		t.Fatal(err)
	}
	var sols []string
	p.Compile(Fewest).Solve(context.Background(), search.Limits{}, func(o []int) bool {
		var names []string
		for _, k := range o {
			names = append(names, p.OptionString(k))
		}
		slices.Sort(names)
		sols = append(sols, strings.Join(names, "; "))
		return true
	})
	// Knuth: the unique solution is A C X:1 Y:1, B X:1, C Y:1.
	if want := "A C X:1 Y:1; B X:1; C Y:1"; len(sols) != 1 || sols[0] != want {
		t.Errorf("solutions %q, want [%q]", sols, want)
	}
	var b strings.Builder
	if err := p.WriteDLX(&b); err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(b.String(), "\n"); first != "A B 2:3|C | X Y" {
		t.Errorf("item line %q", first)
	}
	for _, bad := range []string{"A 0|B\nA B\n", "A 3:2|B\nA\n", "A x|B\nA\n", "A 2|\nA\n", "A | 2|X\nA\n"} {
		if _, err := ReadDLX(strings.NewReader(bad), "bad.dlx"); err == nil || !strings.Contains(err.Error(), "bad.dlx:1:") {
			t.Errorf("%q: error %v, want one at bad.dlx:1", bad, err)
		}
	}
}
