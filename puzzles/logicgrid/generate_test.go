package logicgrid

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// Generated puzzles have the hidden solution as their only one, and no
// clue can be removed without losing uniqueness; the same seed gives the
// same puzzle.
func TestGenerate(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ n, m, d int }{{3, 2, 1}, {4, 2, 2}, {4, 3, 3}, {5, 3, 1}, {5, 4, 2}, {5, 2, 3}} {
		opt := GenOptions{Difficulty: tc.d, Seed: uint64(tc.n*100 + tc.m*10 + tc.d)}
		p, sol, err := Generate(ctx, tc.n, tc.m, opt)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("%dx%d d%d", tc.n, tc.m, tc.d)
		for _, s := range strategies {
			for _, prop := range []bool{false, true} {
				r := Solve(ctx, p, Options{Strategy: s, Keep: 1, Limits: search.Limits{MaxSolutions: 2}, Propagate: prop})
				if !r.Unique() || !slices.EqualFunc(r.Kept[0], sol, slices.Equal) {
					t.Errorf("%s %s propagate=%v: %d solutions", name, s, prop, r.Solutions)
				}
			}
		}
		if tc.n <= 4 {
			if bf := bruteForce(p); len(bf) != 1 || bf[0] != p.Format(sol) {
				t.Errorf("%s: brute force finds %d solutions", name, len(bf))
			}
		}
		for k := range p.Clues {
			q := *p
			q.Clues = slices.Delete(slices.Clone(p.Clues), k, k+1)
			if r := Solve(ctx, &q, Options{Limits: search.Limits{MaxSolutions: 2}}); r.Unique() {
				t.Errorf("%s: clue %q is redundant", name, p.Clues[k].Text)
			}
		}
		again, _, _ := Generate(ctx, tc.n, tc.m, opt)
		if again.String() != p.String() {
			t.Errorf("%s: not reproducible", name)
		}
		// The text round-trips.
		if q, err := ParseString(p.String(), name); err != nil || q.String() != p.String() {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// clingo, when installed (Debian package gringo), finds the same solutions
// as the solver, from an encoding written independently of the ways.
func TestClingo(t *testing.T) {
	path, err := exec.LookPath("clingo")
	if err != nil {
		t.Skip("clingo absent")
	}
	ctx := context.Background()
	var ps []*Puzzle
	for _, name := range []string{"fig5.txt", "einstein.txt"} {
		ps = append(ps, load(t, name))
	}
	head := "name: John Tom Mary Nancy\nage: 11 12 13 14 (numeric)\nhobby: baseball soccer reading piano\n"
	for _, c := range []string{"reading != 13\nTom.age < Mary.age", "Tom = soccer xor Mary = piano\n(Tom.age - Mary.age) % 2 = 1",
		"not (Tom = 12 and Mary = reading)\nTom not in {baseball, soccer}", "|baseball.age - soccer.age| = 1 or John = 11\n-Tom.age < -12"} {
		p, err := ParseString(head+c+"\n", "forms")
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	count := 12
	if testing.Short() {
		count = 4
	}
	for i := range count {
		p, _, err := Generate(ctx, 3+i%3, 2+i%2, GenOptions{Difficulty: 1 + i%3, Seed: uint64(i)})
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	for _, p := range ps {
		r := Solve(ctx, p, Options{Keep: 1000})
		c, err := RunClingo(ctx, p, path, 0)
		if err != nil {
			t.Fatal(err)
		}
		var got, want []string
		for _, s := range r.Kept {
			want = append(want, p.Format(s))
		}
		for _, s := range c.Solutions {
			got = append(got, p.Format(s))
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: clingo %d solutions, solver %d\n%s", p.Name, len(got), len(want), p.ASP())
		}
	}
}

// TestWriteSet: two 4x3 puzzles printed one after the other, written as
// files, or kept for JSON; the same puzzles each way.
func TestWriteSet(t *testing.T) {
	o := GenSetOptions{N: 4, M: 3, Count: 2, Seed: 5}
	o.Difficulty, o.MaxNodes = 1, 1_000_000
	var text strings.Builder
	if _, err := WriteSet(context.Background(), o, "4x3", &text, "", false); err != nil {
		t.Fatal(err)
	}
	set, err := WriteSet(context.Background(), o, "4x3", io.Discard, "", true)
	if err != nil || len(set.Puzzles) != 2 || set.Size != "4x3" || set.Difficulty != 1 {
		t.Fatalf("kept: %+v, %v", set, err)
	}
	if text.String() != set.Puzzles[0].File+"\n"+set.Puzzles[1].File {
		t.Errorf("text:\n%s", text.String())
	}
	dir := filepath.Join(t.TempDir(), "gen")
	var msg strings.Builder
	if _, err := WriteSet(context.Background(), o, "4x3", &msg, dir, false); err != nil || msg.String() != "2 puzzles written to "+dir+"\n" {
		t.Fatalf("files: %q, %v", msg.String(), err)
	}
	for _, g := range set.Puzzles {
		if b, err := os.ReadFile(filepath.Join(dir, g.Name)); err != nil || string(b) != g.File {
			t.Errorf("%s: %v", g.Name, err)
		}
	}
}
