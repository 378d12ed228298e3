package polyform

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/branchwise/branchwise/estimate"
	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/shard"
)

// CountSpec is a packing count's puzzle and options, complete enough to
// rebuild its tree on another machine: a queue job carries it to workers,
// a board file travelling as its text.
type CountSpec struct {
	Puzzle        string `json:"puzzle"`
	BoardText     string `json:"board_text,omitempty"`
	Pieces        string `json:"pieces,omitempty"`
	Strategy      string `json:"strategy"`
	CellsOnly     bool   `json:"cells_only,omitempty"`
	DeadRegions   bool   `json:"dead_regions,omitempty"`
	LargestRegion bool   `json:"largest_region,omitempty"`
	ColourCut     bool   `json:"colour_cut,omitempty"`
	PieceCut      bool   `json:"piece_cut,omitempty"`
	// Symmetry restricts the tree to one solution of each class under
	// the board's symmetries (SymmetricTrees): its solutions are the
	// unique ones, and the count is about |G| times cheaper.
	Symmetry bool `json:"symmetry,omitempty"`
	// Subtree, when set, is a path of child numbers from the root,
	// comma-separated ("3,7,120,5", as estimate --subtree takes it): the
	// count is of the subtree below that node alone, its depths counted
	// from it. With Symmetry, the symmetric classes outside the tree
	// belong to the whole tree's count, not to a subtree's.
	Subtree string `json:"subtree,omitempty"`
}

// ReadBoardText sets BoardText from the file Puzzle unless it names a
// built-in puzzle.
func (s *CountSpec) ReadBoardText() error {
	if _, _, ok := Named(s.Puzzle); ok {
		return nil
	}
	b, err := os.ReadFile(s.Puzzle)
	if err != nil {
		return err
	}
	s.BoardText = string(b)
	return nil
}

// Text describes the spec in words, as the pack command's flags.
func (s CountSpec) Text() string {
	t := "pack " + filepath.Base(s.Puzzle) + " --strategy " + s.Strategy
	for _, o := range []struct {
		on   bool
		flag string
	}{{s.Pieces != "", "--pieces " + s.Pieces}, {s.CellsOnly, "--cells-only"}, {s.DeadRegions, "--dead-regions"}, {s.LargestRegion, "--largest-region"}, {s.ColourCut, "--colour-cut"}, {s.PieceCut, "--piece-cut"}, {s.Symmetry, "--unique"}, {s.Subtree != "", "--subtree " + s.Subtree}} {
		if o.on {
			t += " " + o.flag
		}
	}
	return t
}

// Build makes the spec's tree (Packing.Tree, the walker of estimate's
// exact count; with Symmetry, Packing.SymmetricTrees) and describes the
// count for shard files and queue jobs: the spec in words, the hash
// (shard.Hash) of its canonical form (the exact cover problem in DLX
// format and the options that shape the tree) and, with Symmetry, the
// number of symmetries that each solution of the tree stands for and the
// symmetric classes outside it (Restricted).
func (s CountSpec) Build() (func() estimate.Tree, shard.Job, error) {
	newTree, hash, sym, err := s.build()
	job := shard.Job{Spec: s.Text(), SpecHash: hash, Version: shard.BuildVersion(), MaxDepth: shard.NoDepthLimit, Symmetry: sym}
	return newTree, job, err
}

func (s CountSpec) build() (func() estimate.Tree, string, shard.Symmetry, error) {
	var none shard.Symmetry
	arg := s.Puzzle
	if s.BoardText != "" {
		dir, err := os.MkdirTemp("", "branchwise-board")
		if err != nil {
			return nil, "", none, err
		}
		defer os.RemoveAll(dir)
		arg = filepath.Join(dir, filepath.Base(s.Puzzle))
		if err := os.WriteFile(arg, []byte(s.BoardText), 0o644); err != nil {
			return nil, "", none, err
		}
	}
	eng, strat, firstEmpty, err := ParseEngineStrategy("auto", s.Strategy)
	if err != nil {
		return nil, "", none, err
	}
	pk, err := Load(arg, s.Pieces)
	if err != nil {
		return nil, "", none, err
	}
	if pk.Ranges != nil {
		return nil, "", none, fmt.Errorf("%s: copies and ranges of pieces are searched by Algorithm M, which the shards do not split", arg)
	}
	s.Apply(pk)
	if err := pk.UseEngine(arg, eng, firstEmpty); err != nil {
		return nil, "", none, err
	}
	var canon bytes.Buffer
	if err := pk.Problem().WriteDLX(&canon); err != nil {
		return nil, "", none, err
	}
	fmt.Fprintf(&canon, "\nstrategy=%s cells-only=%t dead-regions=%t largest-region=%t tree=walker\n", strat, s.CellsOnly, s.DeadRegions, s.LargestRegion)
	// The cuts added later have a line each, only when set, so that the
	// hashes of specs without them stay as they were.
	if s.ColourCut {
		fmt.Fprintf(&canon, "colour-cut=true\n")
	}
	if s.PieceCut {
		fmt.Fprintf(&canon, "piece-cut=true\n")
	}
	if firstEmpty {
		fmt.Fprintf(&canon, "first-empty=true\n")
	}
	newTree, sym := pk.Tree(strat), none
	if s.Symmetry {
		fmt.Fprintf(&canon, "symmetry=true\n")
		r, chain, err := pk.symmetricTrees(strat)
		if err != nil {
			return nil, "", none, fmt.Errorf("%s: --unique: %w", arg, err)
		}
		canon.WriteString(chain)
		newTree = r.New
		sym = shard.Symmetry{Symmetries: r.Symmetries, SymmetricClasses: r.SymmetricClasses, SymmetricSolutions: r.SymmetricSolutions}
	}
	if s.Subtree == "" {
		return newTree, shard.Hash(canon.Bytes()), sym, nil
	}
	path, err := ParsePath(s.Subtree)
	if err == nil {
		err = estimate.CheckPath(newTree, path)
	}
	if err != nil {
		return nil, "", none, fmt.Errorf("%s: %w", arg, err)
	}
	// The hash names the path, so that a subtree's shards and checkpoints
	// are never taken for another's or the whole tree's.
	fmt.Fprintf(&canon, "subtree=%s\n", s.Subtree)
	sym.SymmetricClasses, sym.SymmetricSolutions = 0, 0
	return estimate.Subtree(newTree, path), shard.Hash(canon.Bytes()), sym, nil
}

// ParsePath reads a path of child numbers from the root, comma-separated
// ("3,7,120,5", the form of --subtree): each a number from 0. Whether the
// path leads to a node is the tree's to say (estimate.CheckPath).
func ParsePath(text string) ([]int, error) {
	var path []int
	for i, f := range strings.Split(text, ",") {
		k, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || k < 0 {
			return nil, opterr.Errorf("--subtree", "--subtree %q: child %d is %q: want child numbers from 0 separated by commas, e.g. 3,7,120,5", text, i+1, f)
		}
		path = append(path, k)
	}
	return path, nil
}

// Prepare reads the board file's text into the spec (ReadBoardText), so
// that it travels with it, and builds its tree and description (Build).
func (s *CountSpec) Prepare() (func() estimate.Tree, shard.Job, error) {
	if err := s.ReadBoardText(); err != nil {
		return nil, shard.Job{}, err
	}
	return s.Build()
}

// BuildCountSpec rebuilds the tree of a CountSpec in JSON (a queue job's):
// the builder of the queue's workers.
func BuildCountSpec(raw json.RawMessage) (func() estimate.Tree, string, error) {
	var s CountSpec
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, "", fmt.Errorf("polyform: not a packing job: %v", err)
	}
	newTree, hash, _, err := s.build()
	return newTree, hash, err
}
