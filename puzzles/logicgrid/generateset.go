// Sets of generated puzzles: the generate command's job.

package logicgrid

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/branchwise/branchwise/internal/opterr"
)

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

// GenSetOptions configure GenerateSet: Count puzzles of N entities and M
// categories besides the position, puzzle i from seed Seed+i.
type GenSetOptions struct {
	GenOptions
	N, M, Count int
	Seed        int64
	// Solution appends the hidden solution to each puzzle's text, as
	// comments.
	Solution bool
}

// Generated is a puzzle of GenerateSet.
type Generated struct {
	Seed     int64      `json:"seed"`
	Clues    int        `json:"clues"`
	Text     string     `json:"text"` // the puzzle file, without header
	Solution [][]string `json:"solution"`
	// File is the puzzle's file text: a header naming the command that
	// makes it again, the puzzle and (GenSetOptions.Solution) its
	// solution as comments.
	File string `json:"-"`
	// Name is the file's name, gen-NxM-dD-sS.txt.
	Name string `json:"-"`
}

// GenerateSet generates the puzzles one after the other; each arrives in
// done as it is made.
func GenerateSet(ctx context.Context, o GenSetOptions, done func(Generated) error) error {
	for i := 0; i < o.Count; i++ {
		seed := o.Seed + int64(i)
		g := o.GenOptions
		g.Seed = uint64(seed)
		p, sol, err := Generate(ctx, o.N, o.M, g)
		if err != nil {
			return err
		}
		file := fmt.Sprintf("# branchwise logic generate --size %dx%d --difficulty %d --seed %d: %d clues\n", o.N, o.M, o.Difficulty, seed, len(p.Clues)) + p.String()
		if o.Solution {
			for _, l := range strings.Split(strings.TrimSpace(p.Format(sol)), "\n") {
				file += "# " + l + "\n"
			}
		}
		if err := done(Generated{Seed: seed, Clues: len(p.Clues), Text: p.String(), Solution: p.Names(sol), File: file,
			Name: fmt.Sprintf("gen-%dx%d-d%d-s%d.txt", o.N, o.M, o.Difficulty, seed)}); err != nil {
			return err
		}
	}
	return nil
}

// GenSet is a set of generated puzzles as the generate command's --json
// prints it: the difficulty, the puzzles and the size as given (in the
// order of their names, as the command printed them before).
type GenSet struct {
	Difficulty int         `json:"difficulty"`
	Puzzles    []Generated `json:"puzzles"`
	Size       string      `json:"size"`
}

// WriteSet runs GenerateSet and delivers each puzzle as it comes: with
// keep, only into the set returned (size labels it); else with dir one
// file each (Generated.Name) in dir, created if need be, and a last line
// to w that says so; else its file text to w, a blank line between two.
func WriteSet(ctx context.Context, o GenSetOptions, size string, w io.Writer, dir string, keep bool) (GenSet, error) {
	set := GenSet{Size: size, Difficulty: o.Difficulty}
	if dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return set, err
		}
	}
	err := GenerateSet(ctx, o, func(g Generated) error {
		switch {
		case keep:
			set.Puzzles = append(set.Puzzles, g)
		case dir != "":
			return os.WriteFile(filepath.Join(dir, g.Name), []byte(g.File), 0o644)
		default:
			if g.Seed > o.Seed {
				fmt.Fprintln(w)
			}
			_, err := io.WriteString(w, g.File)
			return err
		}
		return nil
	})
	if err == nil && dir != "" && !keep {
		fmt.Fprintf(w, "%d puzzles written to %s\n", o.Count, dir)
	}
	return set, err
}
