package shard

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/branchwise/branchwise/estimate"
)

// Format names the layout of a shard result file; Merge refuses others.
const Format = "branchwise-shard/1"

// Counts is a profile as it is written: per depth from 0, the nodes, the
// sums of their branching factors and the solutions.
type Counts struct {
	Nodes     []int64 `json:"nodes"`
	Branches  []int64 `json:"branches"`
	Solutions []int64 `json:"solutions"`
}

func countsOf(p *estimate.Profile) Counts {
	c := Counts{Nodes: p.Nodes, Branches: p.Branches, Solutions: p.Solutions}
	if c.Nodes == nil {
		c = Counts{Nodes: []int64{}, Branches: []int64{}, Solutions: []int64{}}
	}
	return c
}

// SubtreeCount is one subtree's totals in a shard file: its number in the
// frontier, its nodes and its solutions (all depths).
type SubtreeCount struct {
	K         int   `json:"k"`
	Nodes     int64 `json:"nodes"`
	Solutions int64 `json:"solutions"`
}

// File is one shard's result, written as one JSON object.
type File struct {
	Format  string `json:"format"`
	Version string `json:"branchwise_version"`
	// Spec describes the puzzle and options in words; SpecHash is the
	// SHA-256 of their canonical form, what Merge compares.
	Spec       string `json:"spec"`
	SpecHash   string `json:"spec_hash"`
	SplitDepth int    `json:"split_depth"`
	MaxDepth   int    `json:"max_depth"`
	Frontier   int    `json:"frontier"`
	Shard      int    `json:"shard"`
	Shards     int    `json:"shards"`
	// Symmetry is set when the tree is restricted by the puzzle's
	// symmetries (Job.Symmetry).
	Symmetry
	// Prefix counts the nodes above the split depth, the same in every
	// shard; Counts sums this shard's subtrees per depth.
	Prefix   Counts         `json:"prefix"`
	Counts   Counts         `json:"counts"`
	Subtrees []SubtreeCount `json:"subtrees"`
	// Seconds, Host and Workers describe the run, not the counts: they are
	// outside the checksum and may differ between retries.
	Seconds float64 `json:"seconds"`
	Host    string  `json:"host"`
	Workers int     `json:"workers"`
	// Checksum is the SHA-256 of the file's other fields with Seconds,
	// Host and Workers cleared: an edited or damaged count fails it.
	Checksum string `json:"checksum"`
}

// Job identifies what is being counted, the same for every shard.
type Job struct {
	Spec     string // the puzzle and options in words, for people
	SpecHash string // Hash of their canonical form
	Version  string // branchwise's version (BuildVersion by default)
	MaxDepth int
	// Symmetry, when its Symmetries is above 1, says that the tree is
	// restricted by the puzzle's symmetries.
	Symmetry Symmetry
}

// Symmetry says what a tree restricted by a puzzle's symmetries stands
// for (polyform's restricted search).
type Symmetry struct {
	// Symmetries, when above 1, says that the tree holds one solution of
	// each class of this many members, each such class exactly once: its
	// solutions are unique ones, and times Symmetries all of theirs. 0 or
	// 1: the whole tree.
	Symmetries int `json:"symmetries,omitempty"`
	// SymmetricClasses are the classes of fewer members (a symmetry maps
	// their solutions onto themselves), which lie outside the tree, found
	// while it was built; SymmetricSolutions are their solutions in all.
	SymmetricClasses   int64 `json:"symmetric_classes,omitempty"`
	SymmetricSolutions int64 `json:"symmetric_solutions,omitempty"`
}

// Hash returns the SHA-256 of a canonical description of a puzzle and its
// options, as written in shard files and queue jobs.
func Hash(canonical []byte) string {
	s := sha256.Sum256(canonical)
	return "sha256:" + hex.EncodeToString(s[:])
}

// BuildVersion is the module version of the running binary with its VCS
// revision when known: "(devel)" for a build from a work tree.
func BuildVersion() string {
	v := "(unknown)"
	if bi, ok := debug.ReadBuildInfo(); ok {
		v = bi.Main.Version
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" {
				v += " " + s.Value
			}
		}
	}
	return v
}

// NewFile builds shard i of n's file from its subtrees' profiles (by
// frontier number) and seals it with its checksum.
func NewFile(job Job, fr *Frontier, i, n int, subtrees map[int]*estimate.Profile) *File {
	f := &File{Format: Format, Version: job.Version, Spec: job.Spec, SpecHash: job.SpecHash,
		SplitDepth: fr.Depth, MaxDepth: job.MaxDepth, Frontier: fr.Len(), Shard: i, Shards: n, Symmetry: job.Symmetry,
		Prefix: countsOf(&fr.Prefix), Subtrees: []SubtreeCount{}}
	var sum estimate.Profile
	for _, k := range Mine(fr.Len(), i, n) {
		p, ok := subtrees[k]
		if !ok {
			continue
		}
		sum.Add(p)
		st := SubtreeCount{K: k}
		for d := range p.Nodes {
			st.Nodes += p.Nodes[d]
			st.Solutions += p.Solutions[d]
		}
		f.Subtrees = append(f.Subtrees, st)
	}
	f.Counts = countsOf(&sum)
	f.Checksum = f.sum()
	return f
}

// sum computes the checksum over the counted fields.
func (f *File) sum() string {
	g := *f
	g.Seconds, g.Host, g.Workers, g.Checksum = 0, "", 0, ""
	b, err := json.Marshal(&g)
	if err != nil {
		panic(err) // a File always marshals
	}
	return Hash(b)
}

// Write writes the file to name by atomic rename: a reader never sees half
// a file, and a retried shard replaces its earlier result whole.
func (f *File) Write(name string) error {
	b, err := json.MarshalIndent(f, "", " ")
	if err != nil {
		return err
	}
	return writeAtomic(name, append(b, '\n'))
}

func writeAtomic(name string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(b)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), name)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// ReadFile reads and checks one shard file: its format, its checksum, and
// that its counts agree with themselves.
func ReadFile(name string) (*File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// One byte past the limit tells a file too large from one just at it,
	// and a device or a huge file is never read further.
	b, err := io.ReadAll(io.LimitReader(f, maxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if len(b) > maxFileBytes {
		return nil, fmt.Errorf("%s: more than %d bytes, larger than any shard file", name, maxFileBytes)
	}
	return parseFile(name, b)
}

// maxFileBytes bounds a shard file read whole: a million subtrees at about
// 60 bytes each.
const maxFileBytes = 1 << 26

func parseFile(name string, b []byte) (*File, error) {
	if len(b) > maxFileBytes {
		return nil, fmt.Errorf("%s: %d bytes, more than a shard file's %d", name, len(b), maxFileBytes)
	}
	var f File
	if err := json.Unmarshal(b, &f); err != nil {
		var syn *json.SyntaxError
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.As(err, &syn) && int(syn.Offset) >= len(b) {
			return nil, fmt.Errorf("%s: truncated: the JSON ends after %d bytes", name, len(b))
		}
		if errors.As(err, &syn) {
			line := 1
			for _, c := range b[:syn.Offset] {
				if c == '\n' {
					line++
				}
			}
			return nil, fmt.Errorf("%s:%d: not a shard file: %v", name, line, err)
		}
		return nil, fmt.Errorf("%s: not a shard file: %v", name, err)
	}
	if f.Format != Format {
		return nil, fmt.Errorf("%s: format %q, want %q", name, f.Format, Format)
	}
	if got := f.sum(); got != f.Checksum {
		return nil, fmt.Errorf("%s: checksum mismatch: the counts were edited or damaged (recorded %s, computed %s)", name, short(f.Checksum), short(got))
	}
	if err := f.check(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return &f, nil
}

func short(h string) string {
	if len(h) > 19 {
		return h[:19] + "…"
	}
	return h
}

// check verifies what the checksum cannot: that a file written by a
// faulty program is consistent.
func (f *File) check() error {
	switch {
	case f.Shards < 1 || f.Shard < 0 || f.Shard >= f.Shards:
		return fmt.Errorf("shard: shard %d of %d: out of range", f.Shard, f.Shards)
	case f.SplitDepth < 0 || f.SplitDepth >= f.MaxDepth || f.Frontier < 0:
		return fmt.Errorf("shard: split depth %d, max depth %d, frontier %d: out of range", f.SplitDepth, f.MaxDepth, f.Frontier)
	}
	for _, c := range []Counts{f.Prefix, f.Counts} {
		if len(c.Nodes) != len(c.Branches) || len(c.Nodes) != len(c.Solutions) {
			return fmt.Errorf("shard: counts of unequal lengths")
		}
	}
	var nodes, sols int64
	for j, st := range f.Subtrees {
		if st.K < 0 || st.K >= f.Frontier || st.K%f.Shards != f.Shard {
			return fmt.Errorf("shard: subtree %d does not belong to shard %d of %d (frontier %d)", st.K, f.Shard, f.Shards, f.Frontier)
		}
		if j > 0 && st.K <= f.Subtrees[j-1].K {
			return fmt.Errorf("shard: subtree %d listed out of order", st.K)
		}
		nodes += st.Nodes
		sols += st.Solutions
	}
	var n, s int64
	for d := range f.Counts.Nodes {
		n += f.Counts.Nodes[d]
		s += f.Counts.Solutions[d]
	}
	if n != nodes || s != sols {
		return fmt.Errorf("shard: the subtrees sum to %d nodes and %d solutions, the depths to %d and %d", nodes, sols, n, s)
	}
	return nil
}

// Complete reports whether the file holds every subtree of its shard.
func (f *File) Complete() bool {
	return len(f.Subtrees) == len(Mine(f.Frontier, f.Shard, f.Shards))
}
