package shard

import (
	"bufio"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"time"

	"github.com/branchwise/branchwise/estimate"
)

// CheckpointFormat names the layout of a checkpoint file.
const CheckpointFormat = "branchwise-checkpoint/1"

// SyncEvery is how often a checkpoint is forced to disk: a kill -9 loses
// nothing written (the kernel holds it), a power cut at most this much.
const SyncEvery = time.Second

// checkpointHeader is a checkpoint's first line: the count it belongs to.
type checkpointHeader struct {
	Format     string `json:"format"`
	Version    string `json:"branchwise_version"`
	Spec       string `json:"spec"`
	SpecHash   string `json:"spec_hash"`
	SplitDepth int    `json:"split_depth"`
	MaxDepth   int    `json:"max_depth"`
	Frontier   int    `json:"frontier"`
	Shard      int    `json:"shard"`
	Shards     int    `json:"shards"`
}

// record is one finished subtree: its counts from its root's depth down.
type record struct {
	K         int     `json:"k"`
	From      int     `json:"from"`
	Nodes     []int64 `json:"nodes"`
	Branches  []int64 `json:"branches"`
	Solutions []int64 `json:"solutions"`
	CRC       string  `json:"crc,omitempty"`
}

func (r *record) crc() string {
	s := *r
	s.CRC = ""
	b, _ := json.Marshal(&s)
	return fmt.Sprintf("%08x", crc32.ChecksumIEEE(b))
}

// lineLog is the open file of a Checkpoint or a Ledger: JSON lines,
// each appended whole, forced to disk at most every SyncEvery and on
// Close.
type lineLog struct {
	kind     string // "checkpoint" or "ledger", for errors
	name     string
	file     *os.File
	lastSync time.Time
}

// appendLine writes v as one JSON line.
func (l *lineLog) appendLine(v any) error {
	b, err := json.Marshal(v)
	if err == nil {
		_, err = l.file.Write(append(b, '\n'))
	}
	if err == nil && time.Since(l.lastSync) >= SyncEvery {
		l.lastSync = time.Now()
		err = l.file.Sync()
	}
	if err != nil {
		return fmt.Errorf("shard: %s %s: %v", l.kind, l.name, err)
	}
	return nil
}

// Close forces the file to disk and closes it.
func (l *lineLog) Close() error {
	err := l.file.Sync()
	if cerr := l.file.Close(); err == nil {
		err = cerr
	}
	return err
}

// Checkpoint is an append-only file of finished subtrees. Add may be
// called from one goroutine at a time (Count's done is).
type Checkpoint struct {
	lineLog
	done map[int]*estimate.Profile
}

// OpenCheckpoint starts a checkpoint for shard s of the job cut at fr, or
// with resume reopens one and loads its finished subtrees. A new
// checkpoint refuses an existing non-empty file (resume it, or remove it);
// a resumed one refuses a file of another job. The last line of a file
// cut short by a kill is dropped (its subtree is counted again); damage
// anywhere else is an error naming the line.
func OpenCheckpoint(name string, resume bool, job Job, fr *Frontier, s Slot) (*Checkpoint, error) {
	hdr := checkpointHeader{Format: CheckpointFormat, Version: job.Version, Spec: job.Spec, SpecHash: job.SpecHash,
		SplitDepth: fr.Depth, MaxDepth: job.MaxDepth, Frontier: fr.Len(), Shard: s.I, Shards: s.N}
	c := &Checkpoint{lineLog: lineLog{kind: "checkpoint", name: name, lastSync: time.Now()}, done: map[int]*estimate.Profile{}}
	f, err := openLog(name, resume, &hdr, func(line int, text []byte) error { return c.load(line, text, hdr) })
	if err != nil {
		return nil, err
	}
	c.file = f
	return c, nil
}

// openLog opens an append-only log of finished work at name: a new one
// (refused when a non-empty file is there) starts with the header line;
// with resume the file's lines are read one at a time by load, and the
// rest (a line cut short by a kill) is cut off before appending.
func openLog(name string, resume bool, header any, load func(line int, text []byte) error) (*os.File, error) {
	var keep int64 // bytes of the file that hold whole, valid lines
	if resume {
		f, err := os.Open(name)
		if err != nil {
			return nil, fmt.Errorf("--resume: %v", err)
		}
		keep, err = eachLine(f, name, load)
		f.Close()
		if err != nil {
			return nil, err
		}
	} else if st, err := os.Stat(name); err == nil && st.Size() > 0 {
		return nil, fmt.Errorf("--checkpoint %s: the file exists; continue it with --resume %s, or remove it", name, name)
	}
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := f.Truncate(keep); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(keep, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	if keep == 0 {
		b, _ := json.Marshal(header)
		if _, err := f.Write(append(b, '\n')); err != nil {
			f.Close()
			return nil, err
		}
	}
	return f, nil
}

// maxLogLine bounds one line of a checkpoint or a ledger, checked while
// reading: a checkpoint line holds three counts of at most 20 digits for
// each of at most NoDepthLimit depths (about 4 MB). A longer line is
// damage, refused before it is held in memory.
const maxLogLine = 8 << 20

// eachLine reads r one line at a time (a file of any size is never held
// whole), calling fn with each whole line and its number, and returns the
// length of the part made of whole lines: a last line without its newline
// (cut short by a kill) is not passed to fn.
func eachLine(r io.Reader, name string, fn func(line int, text []byte) error) (int64, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var off int64
	var buf []byte
	for line := 1; ; line++ {
		buf = buf[:0]
		for {
			chunk, err := br.ReadSlice('\n')
			buf = append(buf, chunk...)
			if len(buf) > maxLogLine {
				return 0, fmt.Errorf("%s:%d: a line of more than %d bytes: damaged", name, line, maxLogLine)
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err == io.EOF {
				return off, nil
			}
			if err != nil {
				return 0, fmt.Errorf("%s:%d: %v", name, line, err)
			}
			break
		}
		if err := fn(line, buf[:len(buf)-1]); err != nil {
			return 0, err
		}
		off += int64(len(buf))
	}
}

// load reads one line of a checkpoint.
func (c *Checkpoint) load(line int, text []byte, want checkpointHeader) error {
	if line == 1 {
		var h checkpointHeader
		if err := json.Unmarshal(text, &h); err != nil {
			return fmt.Errorf("%s:1: not a checkpoint header: %v", c.name, err)
		}
		if h != want {
			return fmt.Errorf("%s:1: a checkpoint of another count: %s", c.name, headerDiff(h, want))
		}
	} else {
		var r record
		if err := json.Unmarshal(text, &r); err != nil {
			return fmt.Errorf("%s:%d: damaged line: %v", c.name, line, err)
		}
		if r.CRC != r.crc() {
			return fmt.Errorf("%s:%d: damaged line: checksum %s, computed %s", c.name, line, r.CRC, r.crc())
		}
		if r.K < 0 || r.K >= want.Frontier || r.K%want.Shards != want.Shard || r.From != want.SplitDepth ||
			len(r.Branches) != len(r.Nodes) || len(r.Solutions) != len(r.Nodes) {
			return fmt.Errorf("%s:%d: subtree %d does not fit this count", c.name, line, r.K)
		}
		p := &estimate.Profile{}
		for j := range r.Nodes {
			d := r.From + j
			p.Grow(d)
			p.Nodes[d], p.Branches[d], p.Solutions[d] = r.Nodes[j], r.Branches[j], r.Solutions[j]
		}
		if old, dup := c.done[r.K]; dup && !sameProfile(old, p) {
			return fmt.Errorf("%s:%d: subtree %d recorded twice with different counts", c.name, line, r.K)
		}
		c.done[r.K] = p
	}
	return nil
}

func headerDiff(got, want checkpointHeader) string {
	switch {
	case got.Format != want.Format:
		return fmt.Sprintf("format %q, want %q", got.Format, want.Format)
	case got.SpecHash != want.SpecHash:
		return fmt.Sprintf("puzzle and options %q, this run's %q", got.Spec, want.Spec)
	case got.Version != want.Version:
		return fmt.Sprintf("branchwise version %q, this run's %q", got.Version, want.Version)
	case got.SplitDepth != want.SplitDepth || got.Frontier != want.Frontier:
		return fmt.Sprintf("split depth %d (%d subtrees), this run's %d (%d)", got.SplitDepth, got.Frontier, want.SplitDepth, want.Frontier)
	case got.MaxDepth != want.MaxDepth:
		return fmt.Sprintf("depth limit %d, this run's %d", got.MaxDepth, want.MaxDepth)
	}
	return fmt.Sprintf("shard %d/%d, this run's %d/%d", got.Shard, got.Shards, want.Shard, want.Shards)
}

func sameProfile(a, b *estimate.Profile) bool {
	if len(a.Nodes) != len(b.Nodes) {
		return false
	}
	for d := range a.Nodes {
		if a.Nodes[d] != b.Nodes[d] || a.Branches[d] != b.Branches[d] || a.Solutions[d] != b.Solutions[d] {
			return false
		}
	}
	return true
}

// Done returns the subtrees finished so far, by frontier number.
func (c *Checkpoint) Done() map[int]*estimate.Profile { return c.done }

// Add records a finished subtree: one line, appended whole.
func (c *Checkpoint) Add(k int, p *estimate.Profile, from int) error {
	r := record{K: k, From: from}
	for d := from; d < len(p.Nodes); d++ {
		r.Nodes = append(r.Nodes, p.Nodes[d])
		r.Branches = append(r.Branches, p.Branches[d])
		r.Solutions = append(r.Solutions, p.Solutions[d])
	}
	r.CRC = r.crc()
	if err := c.appendLine(&r); err != nil {
		return err
	}
	c.done[k] = p
	return nil
}
