// Sets of generated puzzles: the generate command's job.

package logicgrid

import (
	"context"
	"fmt"
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
