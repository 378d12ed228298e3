package shard

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// Total is a merged count: per depth from 0, the nodes, the sums of their
// branching factors and the solutions, as big integers (a full count may
// pass 2^63 where no single shard does).
type Total struct {
	Spec       string     `json:"spec"`
	SpecHash   string     `json:"spec_hash"`
	Version    string     `json:"branchwise_version"`
	SplitDepth int        `json:"split_depth"`
	MaxDepth   int        `json:"max_depth"`
	Frontier   int        `json:"frontier"`
	Shards     int        `json:"shards"`
	Nodes      []*big.Int `json:"nodes"`
	Branches   []*big.Int `json:"branches"`
	Solutions  []*big.Int `json:"solutions"`
	// AllNodes and AllSolutions sum the depths.
	AllNodes     *big.Int `json:"all_nodes"`
	AllSolutions *big.Int `json:"all_solutions"`
	// Symmetry is the File's: with it, AllSolutions counts the tree's
	// classes of solutions, Unique those and the symmetric classes
	// outside the tree, and Unrestricted all the solutions.
	Symmetry
	Unique       *big.Int `json:"unique_solutions,omitempty"`
	Unrestricted *big.Int `json:"unrestricted_solutions,omitempty"`
	// Seconds sums the shards' times: the CPU-side cost of the count.
	Seconds float64 `json:"seconds"`
	// Duplicates lists shards given more than once with the same counts,
	// counted once.
	Duplicates []int `json:"duplicates,omitempty"`
}

func (t *Total) add(c Counts) {
	for d := range c.Nodes {
		for len(t.Nodes) <= d {
			t.Nodes = append(t.Nodes, new(big.Int))
			t.Branches = append(t.Branches, new(big.Int))
			t.Solutions = append(t.Solutions, new(big.Int))
		}
		t.Nodes[d].Add(t.Nodes[d], big.NewInt(c.Nodes[d]))
		t.Branches[d].Add(t.Branches[d], big.NewInt(c.Branches[d]))
		t.Solutions[d].Add(t.Solutions[d], big.NewInt(c.Solutions[d]))
	}
}

// Seal sums the depths into AllNodes and AllSolutions (and, under a
// symmetry restriction, Unique and Unrestricted) once the counts are in.
func (t *Total) Seal() {
	t.AllNodes, t.AllSolutions = new(big.Int), new(big.Int)
	for d := range t.Nodes {
		t.AllNodes.Add(t.AllNodes, t.Nodes[d])
		t.AllSolutions.Add(t.AllSolutions, t.Solutions[d])
	}
	if t.Symmetries > 1 {
		t.Unique = new(big.Int).Add(t.AllSolutions, big.NewInt(t.SymmetricClasses))
		t.Unrestricted = new(big.Int).Mul(t.AllSolutions, big.NewInt(int64(t.Symmetries)))
		t.Unrestricted.Add(t.Unrestricted, big.NewInt(t.SymmetricSolutions))
	}
}

// Merge sums shard files read by ReadFile. It refuses files of different
// puzzles or options (spec hash), versions, formats, split depths, depth
// limits, frontiers or shard counts, and incomplete shards; it lists the
// shards missing and those given twice with different counts. A shard
// given twice with the same counts (a retry) is counted once.
func Merge(names []string, files []*File) (*Total, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("shard: no shard files to merge")
	}
	a := files[0]
	t := &Total{Spec: a.Spec, SpecHash: a.SpecHash, Version: a.Version, SplitDepth: a.SplitDepth,
		MaxDepth: a.MaxDepth, Frontier: a.Frontier, Shards: a.Shards, Symmetry: a.Symmetry}
	seen := make(map[int]int, a.Shards) // shard -> index in files
	var conflicts []string
	for j, f := range files {
		for _, m := range []struct {
			what     string
			got, std any
		}{
			{"puzzle and options (spec hash)", f.SpecHash, a.SpecHash},
			{"branchwise version", f.Version, a.Version},
			{"split depth", f.SplitDepth, a.SplitDepth},
			{"depth limit", f.MaxDepth, a.MaxDepth},
			{"frontier size", f.Frontier, a.Frontier},
			{"shard count", f.Shards, a.Shards},
			{"symmetry restriction", f.Symmetry, a.Symmetry},
		} {
			if m.got != m.std {
				return nil, fmt.Errorf("%s: %s %v differs from %s's %v: these shards are not of one count (spec %q vs %q)",
					names[j], m.what, m.got, names[0], m.std, f.Spec, a.Spec)
			}
		}
		if !f.Complete() {
			return nil, fmt.Errorf("%s: shard %d of %d is incomplete: %d of its %d subtrees", names[j], f.Shard, f.Shards, len(f.Subtrees), len(Mine(f.Frontier, f.Shard, f.Shards)))
		}
		if !slices.Equal(f.Prefix.Nodes, a.Prefix.Nodes) || !slices.Equal(f.Prefix.Branches, a.Prefix.Branches) || !slices.Equal(f.Prefix.Solutions, a.Prefix.Solutions) {
			return nil, fmt.Errorf("%s: the counts above the split depth differ from %s's", names[j], names[0])
		}
		if prev, dup := seen[f.Shard]; dup {
			if f.Checksum == files[prev].Checksum {
				t.Duplicates = append(t.Duplicates, f.Shard)
				continue
			}
			conflicts = append(conflicts, fmt.Sprintf("shard %d in %s and %s with different counts", f.Shard, names[prev], names[j]))
			continue
		}
		seen[f.Shard] = j
		t.add(f.Counts)
		t.Seconds += f.Seconds
	}
	var missing []int
	for i := 0; i < a.Shards; i++ {
		if _, ok := seen[i]; !ok {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 || len(conflicts) > 0 {
		var msg []string
		if len(missing) > 0 {
			msg = append(msg, fmt.Sprintf("%d of %d shards missing: %s", len(missing), a.Shards, Ranges(missing)))
		}
		msg = append(msg, conflicts...)
		return nil, fmt.Errorf("shard: %s", strings.Join(msg, "; "))
	}
	t.add(a.Prefix)
	t.Seal()
	return t, nil
}

// Ranges writes sorted numbers compactly: "0-3,7,9-10".
func Ranges(xs []int) string {
	var b strings.Builder
	for i := 0; i < len(xs); {
		j := i
		for j+1 < len(xs) && xs[j+1] == xs[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		if j > i {
			fmt.Fprintf(&b, "%d-%d", xs[i], xs[j])
		} else {
			fmt.Fprintf(&b, "%d", xs[i])
		}
		i = j + 1
	}
	return b.String()
}

// MergeFiles reads the shard files named (ReadFile) and sums them (Merge).
func MergeFiles(names []string) (*Total, error) {
	files := make([]*File, len(names))
	for i, name := range names {
		f, err := ReadFile(name)
		if err != nil {
			return nil, err
		}
		files[i] = f
	}
	return Merge(names, files)
}
