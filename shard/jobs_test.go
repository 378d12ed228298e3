package shard

import (
	"bytes"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestCheckpointing(t *testing.T) {
	env := func(string) string { return "" }
	if s, err := (Checkpointing{}).Slot(env); err != nil || s != (Slot{0, 1}) {
		t.Errorf("no shard: %v, %v", s, err)
	}
	if _, err := (Checkpointing{Shard: "1/3"}).Slot(env); err == nil || !strings.Contains(err.Error(), "--shard needs --checkpoint") {
		t.Errorf("shard without checkpoint: %v", err)
	}
	if s, err := (Checkpointing{Shard: "1/3", Checkpoint: "x"}).Slot(env); err != nil || s != (Slot{1, 3}) {
		t.Errorf("1/3: %v, %v", s, err)
	}
	if err := (Checkpointing{Checkpoint: "a", Resume: "b"}).Check(); err == nil {
		t.Error("two files accepted")
	}
	if l, err := (Checkpointing{}).Open("spec"); l != nil || err != nil {
		t.Errorf("no file: %v, %v", l, err)
	}
	if got := Keep([]int{10, 11, 12, 13, 14, 15, 16}, Slot{1, 3}); !slices.Equal(got, []int{11, 14}) {
		t.Errorf("Keep = %v", got)
	}
	if got := Keep([]int{10}, Slot{1, 3}); got == nil || len(got) != 0 {
		t.Errorf("Keep of none = %#v, want empty and not nil", got)
	}

	name := filepath.Join(t.TempDir(), "l.ckpt")
	l, err := (Checkpointing{Checkpoint: name}).Open("spec")
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Add(3, "three"); err != nil {
		t.Fatal(err)
	}
	var msg bytes.Buffer
	if err := l.Finish(&msg, true); err != nil || msg.String() != "1 finished are in "+name+": continue with --resume "+name+"\n" {
		t.Errorf("Finish: %v, %q", err, msg.String())
	}
	l, err = (Checkpointing{Resume: name}).Open("spec")
	if err != nil || len(l.Done()) != 1 || string(l.Done()[3]) != `"three"` {
		t.Fatalf("resumed: %v, %v", l, err)
	}
	msg.Reset()
	if err := l.Finish(&msg, false); err != nil || msg.Len() != 0 {
		t.Errorf("Finish: %v, %q", err, msg.String())
	}
	if _, err := (Checkpointing{Resume: name}).Open("another spec"); err == nil {
		t.Error("a ledger of another job resumed")
	}
	var nilLedger *Ledger
	if nilLedger.Name() != "" || nilLedger.Done() != nil || nilLedger.Add(1, "one") != nil || nilLedger.Done() != nil {
		t.Error("a nil ledger is not empty, or recorded something")
	}
	if s, l, err := (Checkpointing{Shard: "2/3", Resume: name}).Start("spec", env); err != nil || s != (Slot{2, 3}) || len(l.Done()) != 1 {
		t.Errorf("Start: %v, %v, %v", s, l, err)
	} else {
		l.Finish(&msg, false)
	}
	if _, _, err := (Checkpointing{Shard: "2/3"}).Start("spec", env); err == nil {
		t.Error("Start: a shard without a checkpoint")
	}
	if err := nilLedger.Finish(&msg, true); err != nil || msg.Len() != 0 {
		t.Errorf("nil Finish: %v, %q", err, msg.String())
	}
}

func TestCountJobSplit(t *testing.T) {
	if (CountJob{MaxDepth: 3, Workers: 2, Out: "x"}).Split() {
		t.Error("a whole count is split")
	}
	for _, j := range []CountJob{{SplitDepth: "auto"}, {Shard: "0/2"}, {Checkpoint: "c"}, {Resume: "c"}} {
		if !j.Split() {
			t.Errorf("%+v is not split", j)
		}
	}
}

func TestWriteMerged(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.ckpt"), filepath.Join(dir, "b.ckpt")
	for i, name := range []string{a, b} {
		l, err := (Checkpointing{Checkpoint: name}).Open("spec")
		if err != nil {
			t.Fatal(err)
		}
		l.Add(i, i*10)
		l.Finish(io.Discard, false)
	}
	var msg bytes.Buffer
	out := filepath.Join(dir, "all.ckpt")
	if tot, err := WriteMerged(&msg, []string{a, b}, out); err != nil || tot != nil || msg.String() != "2 finished from 2 checkpoints in "+out+": run the job with --resume "+out+" for its results\n" {
		t.Errorf("%v, %v, %q", tot, err, msg.String())
	}
	if _, err := WriteMerged(&msg, []string{a}, ""); err == nil || err.Error() != "merging checkpoints needs --out FILE" {
		t.Errorf("no --out: %v", err)
	}
	if _, err := WriteMerged(&msg, []string{filepath.Join(dir, "none.json")}, ""); err == nil {
		t.Error("a missing shard file merged")
	}
}
