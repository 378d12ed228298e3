package shard

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"slices"
	"time"

	"github.com/branchwise/branchwise/internal/opterr"
)

// LedgerFormat names the layout of a ledger file.
const LedgerFormat = "branchwise-ledger/1"

// ledgerHeader is a ledger's first line: the job it belongs to.
type ledgerHeader struct {
	Format   string `json:"format"`
	Version  string `json:"branchwise_version"`
	Spec     string `json:"spec"`
	SpecHash string `json:"spec_hash"`
}

// entry is one finished instance: its number and its result as the job
// wrote it, with a checksum of both.
type entry struct {
	I      int             `json:"i"`
	Result json.RawMessage `json:"result"`
	CRC    string          `json:"crc"`
}

func (e *entry) crc() string {
	return fmt.Sprintf("%08x", crc32.ChecksumIEEE(append(fmt.Appendf(nil, "%d:", e.I), e.Result...)))
}

// Ledger is the checkpoint of a job made of independent instances (Korf's
// 100 puzzles, the deals of a survey): an append-only file with one line
// per finished instance, its result as JSON. A run interrupted at any
// moment, kill -9 included, resumes with every instance the ledger holds
// and runs the others; an instance cut short is run again from its start.
// Add may be called from one goroutine at a time. A nil *Ledger is a run
// without a checkpoint: empty, and Add records nothing.
type Ledger struct {
	lineLog
	done map[int]json.RawMessage
	err  error // the first error of Add, returned by Finish
}

// OpenLedger starts a ledger for the job (Spec and SpecHash name the
// command and its options, Version the program), or with resume reopens
// one and loads its finished instances. As with OpenCheckpoint, a new
// ledger refuses an existing non-empty file, a resumed one refuses a file
// of another job, the last line of a file cut short by a kill is dropped,
// and damage anywhere else is an error naming the line.
func OpenLedger(name string, resume bool, job Job) (*Ledger, error) {
	hdr := ledgerHeader{Format: LedgerFormat, Version: job.Version, Spec: job.Spec, SpecHash: job.SpecHash}
	l := &Ledger{lineLog: lineLog{kind: "ledger", name: name, lastSync: time.Now()}, done: map[int]json.RawMessage{}}
	f, err := openLog(name, resume, &hdr, func(line int, text []byte) error { return l.load(line, text, hdr) })
	if err != nil {
		return nil, err
	}
	l.file = f
	return l, nil
}

// load reads one line of a ledger.
func (l *Ledger) load(line int, text []byte, want ledgerHeader) error {
	if line == 1 {
		var h ledgerHeader
		if err := json.Unmarshal(text, &h); err != nil {
			return fmt.Errorf("%s:1: not a ledger header: %v", l.name, err)
		}
		switch {
		case h.Format != want.Format:
			return fmt.Errorf("%s:1: format %q, want %q", l.name, h.Format, want.Format)
		case h.SpecHash != want.SpecHash:
			return fmt.Errorf("%s:1: a ledger of another job: %q, this run's %q", l.name, h.Spec, want.Spec)
		case h.Version != want.Version:
			return fmt.Errorf("%s:1: written by branchwise %q, this run is %q", l.name, h.Version, want.Version)
		}
		return nil
	}
	var e entry
	if err := json.Unmarshal(text, &e); err != nil {
		return fmt.Errorf("%s:%d: damaged line: %v", l.name, line, err)
	}
	if e.CRC != e.crc() {
		return fmt.Errorf("%s:%d: damaged line: checksum %s, computed %s", l.name, line, e.CRC, e.crc())
	}
	if old, dup := l.done[e.I]; dup && !bytes.Equal(old, e.Result) {
		return fmt.Errorf("%s:%d: instance %d recorded twice with different results", l.name, line, e.I)
	}
	l.done[e.I] = e.Result
	return nil
}

// Name returns the ledger's file name.
func (l *Ledger) Name() string {
	if l == nil {
		return ""
	}
	return l.name
}

// Done returns the finished instances' results, by instance number (nil
// for a nil ledger).
func (l *Ledger) Done() map[int]json.RawMessage {
	if l == nil {
		return nil
	}
	return l.done
}

// Add records instance i's result (nothing on a nil ledger): one line,
// appended whole. After a
// failed Add every later one fails with the same error, which Finish
// returns.
func (l *Ledger) Add(i int, result any) error {
	if l == nil {
		return nil
	}
	if l.err != nil {
		return l.err
	}
	l.err = l.add(i, result)
	return l.err
}

func (l *Ledger) add(i int, result any) error {
	r, err := json.Marshal(result)
	if err != nil {
		return fmt.Errorf("shard: ledger %s: %v", l.name, err)
	}
	e := entry{I: i, Result: r}
	e.CRC = e.crc()
	if err := l.appendLine(&e); err != nil {
		return err
	}
	l.done[i] = r
	return nil
}

// Finish closes l (nil: nothing to do) and returns the first error of its
// Add calls, else that of closing it. After an interruption (interrupted:
// Ctrl-C or a time limit) it tells w how to go on.
func (l *Ledger) Finish(w io.Writer, interrupted bool) error {
	if l == nil {
		return nil
	}
	err := l.Close()
	if l.err != nil {
		err = l.err
	}
	if err == nil && interrupted {
		fmt.Fprintf(w, "%d finished are in %s: continue with --resume %s\n", len(l.done), l.name, l.name)
	}
	return err
}

// IsLedger reports whether the file begins like a ledger.
func IsLedger(name string) bool {
	f, err := os.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	b := make([]byte, 64)
	n, _ := f.Read(b)
	return bytes.Contains(b[:n], []byte(`"format":"`+LedgerFormat+`"`))
}

// WriteMerged merges the files names, whichever they are (the merge
// command): checkpoints (IsLedger) into the ledger out (MergeLedgers),
// which w is told of, for an empty Total; shard files into their Total
// (MergeFiles). Checkpoints without out are an option error.
func WriteMerged(w io.Writer, names []string, out string) (*Total, error) {
	if !IsLedger(names[0]) {
		return MergeFiles(names)
	}
	if out == "" {
		return nil, opterr.Errorf("--out", "merging checkpoints needs --out FILE")
	}
	n, err := MergeLedgers(out, names)
	if err != nil {
		return nil, err
	}
	_, err = fmt.Fprintf(w, "%d finished from %d checkpoints in %s: run the job with --resume %s for its results\n", n, len(names), out, out)
	return nil, err
}

// MergeLedgers writes to out (atomically) one ledger with every instance
// of the ledgers names: the shards of one job (`--shard i/n` with
// `--checkpoint`), or the checkpoints of runs of it. It refuses ledgers of
// different jobs or versions, damaged ones, and an instance recorded with
// different results; an instance in several files with the same result (a
// retried shard) is kept once. It returns the number of instances.
func MergeLedgers(out string, names []string) (int, error) {
	var hdr *ledgerHeader
	done := map[int]json.RawMessage{}
	from := map[int]string{}
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return 0, err
		}
		l := &Ledger{lineLog: lineLog{kind: "ledger", name: name}, done: map[int]json.RawMessage{}}
		n, err := eachLine(f, name, func(line int, text []byte) error {
			if line == 1 {
				var h ledgerHeader
				if err := json.Unmarshal(text, &h); err != nil || h.Format != LedgerFormat {
					return fmt.Errorf("%s:1: not a ledger header", name)
				}
				if hdr == nil {
					hdr = &h
				}
			}
			return l.load(line, text, *hdr)
		})
		f.Close()
		if err != nil {
			return 0, err
		}
		if n == 0 {
			return 0, fmt.Errorf("%s:1: not a ledger header", name)
		}
		for i, r := range l.done {
			if old, dup := done[i]; dup && !bytes.Equal(old, r) {
				return 0, fmt.Errorf("shard: instance %d: different results in %s and %s", i, from[i], name)
			}
			done[i], from[i] = r, name
		}
	}
	if hdr == nil {
		return 0, fmt.Errorf("shard: no ledgers to merge")
	}
	var buf bytes.Buffer
	h, _ := json.Marshal(hdr)
	buf.Write(append(h, '\n'))
	keys := make([]int, 0, len(done))
	for i := range done {
		keys = append(keys, i)
	}
	slices.Sort(keys)
	for _, i := range keys {
		e := entry{I: i, Result: done[i]}
		e.CRC = e.crc()
		b, _ := json.Marshal(&e)
		buf.Write(append(b, '\n'))
	}
	return len(keys), writeAtomic(out, buf.Bytes())
}
