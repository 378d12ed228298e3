package polyform

import (
	"reflect"
	"testing"
)

// TestCountSpecHash checks that the shard hash (Build) holds every field
// of CountSpec that changes the tree: changing any of them changes the
// hash, and a field added to CountSpec fails the test until it is
// listed here (with a change that must move the hash, or as one that
// does not shape the tree).
func TestCountSpecHash(t *testing.T) {
	base := CountSpec{Puzzle: "pentomino-3x20", Strategy: "fewest"}
	changes := map[string]func(s *CountSpec){
		"Puzzle":        func(s *CountSpec) { s.Puzzle = "pentomino-4x15" },
		"Pieces":        func(s *CountSpec) { s.Pieces = "ZYXWVUTPNLIF" }, // the same pieces in another order: other items
		"Strategy":      func(s *CountSpec) { s.Strategy = "fixed" },
		"CellsOnly":     func(s *CountSpec) { s.CellsOnly = true },
		"DeadRegions":   func(s *CountSpec) { s.DeadRegions = true },
		"LargestRegion": func(s *CountSpec) { s.LargestRegion = true },
		"ColourCut":     func(s *CountSpec) { s.ColourCut = true },
		"PieceCut":      func(s *CountSpec) { s.PieceCut = true },
	}
	// The cuts that refine another option are compared with it set.
	pre := map[string]func(s *CountSpec){
		"ColourCut": func(s *CountSpec) { s.DeadRegions = true },
		"PieceCut":  func(s *CountSpec) { s.CellsOnly = true },
	}
	// BoardText is the file Puzzle names, carried to a queue's workers:
	// the hash is that of the problem it makes, checked by TestCountSpec.
	notShaping := map[string]bool{"BoardText": true}
	ty := reflect.TypeFor[CountSpec]()
	for i := range ty.NumField() {
		f := ty.Field(i).Name
		if changes[f] == nil && !notShaping[f] {
			t.Errorf("CountSpec.%s: not known to the hash test; list it with a change that must move the hash", f)
		}
	}
	for name, change := range changes {
		from := base
		if pre[name] != nil {
			pre[name](&from)
		}
		_, hash, err := from.Build()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		s := from
		change(&s)
		_, h, err := s.Build()
		if err != nil || h == hash {
			t.Errorf("%s: hash %s, %v: unchanged", name, h, err)
		}
	}
}
