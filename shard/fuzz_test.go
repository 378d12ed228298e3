package shard

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParseFile: no shard file, however damaged, panics the reader; one
// it accepts passes its own checks again.
func FuzzParseFile(f *testing.F) {
	f.Add([]byte(`{"format":"branchwise-shard/1"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := parseFile("fuzz.json", b)
		if err == nil && g.check() != nil {
			t.Errorf("accepted an inconsistent file")
		}
	})
}

// FuzzCheckpoint: no checkpoint, however damaged, panics the loader.
func FuzzCheckpoint(f *testing.F) {
	f.Add([]byte("{\"format\":\"branchwise-checkpoint/1\"}\n{\"k\":0}\n"))
	fr := &Frontier{Depth: 1}
	for k := range int32(3) {
		fr.paths.Push(k)
	}
	job := Job{Spec: "fuzz", SpecHash: "sha256:fuzz", Version: "v", MaxDepth: 9}
	f.Fuzz(func(t *testing.T, b []byte) {
		name := filepath.Join(t.TempDir(), "c")
		os.WriteFile(name, b, 0o644)
		c, err := OpenCheckpoint(name, true, job, fr, Slot{0, 1})
		if err == nil {
			c.Close()
		}
	})
}

// FuzzLedger: reading any file as a ledger returns or fails, never
// panics.
func FuzzLedger(f *testing.F) {
	job := Job{Spec: "fuzz", SpecHash: "sha256:fuzz", Version: "v"}
	f.Fuzz(func(t *testing.T, b []byte) {
		name := filepath.Join(t.TempDir(), "l")
		os.WriteFile(name, b, 0o644)
		l, err := OpenLedger(name, true, job)
		if err == nil {
			l.Close()
		}
	})
}
