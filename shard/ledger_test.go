package shard

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLedger: finished instances survive a reopen, a line cut short by a
// kill is dropped and written again, and a damaged, foreign or duplicated
// ledger is refused with its line named.
func TestLedger(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "run.ledger")
	job := Job{Spec: "tiles korf100 --heuristic md", SpecHash: Hash([]byte("md")), Version: "v1"}
	type result struct {
		Length int `json:"length"`
	}
	l, err := OpenLedger(name, false, job)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 3; i++ {
		if err := l.Add(i, result{50 + i}); err != nil {
			t.Fatal(err)
		}
	}
	l.Close()
	if _, err := OpenLedger(name, false, job); err == nil || !strings.Contains(err.Error(), "continue it with --resume") {
		t.Fatalf("a new ledger over an old one: %v", err)
	}
	// A kill in the middle of the fourth line.
	f, _ := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"i":4,"result":{"len`)
	f.Close()
	l, err = OpenLedger(name, true, job)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Done()) != 3 {
		t.Fatalf("resumed %d instances, want 3", len(l.Done()))
	}
	var r result
	if err := json.Unmarshal(l.Done()[2], &r); err != nil || r.Length != 52 {
		t.Fatalf("instance 2: %v %v", r, err)
	}
	l.Add(4, result{54})
	l.Close()
	l, err = OpenLedger(name, true, job)
	if err != nil || len(l.Done()) != 4 {
		t.Fatalf("after the rewrite: %d instances, %v", len(l.Done()), err)
	}
	l.Close()

	other := job
	other.Spec, other.SpecHash = "tiles korf100 --heuristic lc", Hash([]byte("lc"))
	if _, err := OpenLedger(name, true, other); err == nil || !strings.Contains(err.Error(), ":1: a ledger of another job") {
		t.Fatalf("another job: %v", err)
	}
	b, _ := os.ReadFile(name)
	lines := strings.Split(string(b), "\n")
	for _, c := range []struct{ edit, want string }{
		{strings.Replace(lines[2], "52", "53", 1), ":3: damaged line: checksum"},
		{"{", ":3: damaged line"},
	} {
		bad := append(append([]string{}, lines...), "")
		bad[2] = c.edit
		os.WriteFile(name, []byte(strings.Join(bad[:len(lines)], "\n")), 0o644)
		if _, err := OpenLedger(name, true, job); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("edit %q: %v, want %q", c.edit, err, c.want)
		}
	}
	if _, err := OpenLedger(filepath.Join(dir, "none"), true, job); err == nil || !strings.Contains(err.Error(), "--resume") {
		t.Errorf("a missing ledger: %v", err)
	}
}
