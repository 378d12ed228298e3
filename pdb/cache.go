package pdb

import (
	"bufio"
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unsafe"
)

// CacheEnv is the environment variable that overrides the cache directory.
const CacheEnv = "BRANCHWISE_CACHE"

// fileMagic opens every cache file; its last byte is the format version.
const fileMagic = "BWPDB\x00\x00\x01"

// offHeapBytes is the size from which Load places a table outside the Go
// heap where it can (Linux: an anonymous mapping, unmapped when the Table
// is collected), so that the collector's heap goal, twice the live heap,
// is not twice the tables. Smaller tables stay on the heap.
const offHeapBytes = 16 << 20

// maxIDLen bounds the ID read from a header, so that a damaged length
// cannot make Load allocate without limit.
const maxIDLen = 4096

// DefaultDir returns the cache directory: $BRANCHWISE_CACHE if set, else
// branchwise under os.UserCacheDir.
func DefaultDir() (string, error) {
	if d := os.Getenv(CacheEnv); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("pdb: no cache directory (set %s): %w", CacheEnv, err)
	}
	return filepath.Join(d, "branchwise"), nil
}

// FileName returns the cache file name of a space with this ID.
func FileName(id string) string {
	r := strings.NewReplacer("/", "_", "\\", "_", " ", "_", ":", "_")
	return "pdb-" + r.Replace(id) + ".bin"
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// littleEndian reports whether words are stored as the cache files store
// them, so that Load can read into them directly.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// Save writes t to path: a header with the magic, the space's ID, the
// number of entries and the CRC-32C of the entries, then the entries, 16 to
// a little-endian 64-bit word. It writes a temporary file and renames it,
// so that a crash leaves no half-written table under path.
func Save(path string, t *Table) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".pdb-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriterSize(tmp, 1<<20)
	crc := crc32.New(castagnoli)
	var word [8]byte
	for _, x := range t.words {
		binary.LittleEndian.PutUint64(word[:], x)
		crc.Write(word[:])
	}
	hdr := []byte(fileMagic)
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(len(t.id)))
	hdr = append(hdr, t.id...)
	hdr = binary.LittleEndian.AppendUint64(hdr, t.size)
	hdr = binary.LittleEndian.AppendUint32(hdr, crc.Sum32())
	w.Write(hdr)
	for _, x := range t.words {
		binary.LittleEndian.PutUint64(word[:], x)
		w.Write(word[:])
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// ErrDamaged is returned by Load for a file that is not a sound table of
// the space asked for.
var ErrDamaged = errors.New("pdb: damaged or foreign cache file")

// Load reads the table of sp from path and verifies it: magic, ID, size,
// length and checksum must all match.
func Load(path string, sp Space) (*Table, error) { return LoadID(path, sp.ID(), sp.Size()) }

// LoadID is Load for a table of ID id and size entries that no Space
// describes.
func LoadID(path, wantID string, wantSize uint64) (*Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReaderSize(f, 1<<20)
	fail := func(format string, a ...any) (*Table, error) {
		return nil, fmt.Errorf("%w: %s: %s", ErrDamaged, path, fmt.Sprintf(format, a...))
	}
	head := make([]byte, len(fileMagic)+4)
	if _, err := io.ReadFull(r, head); err != nil {
		return fail("short header")
	}
	if string(head[:len(fileMagic)]) != fileMagic {
		return fail("bad magic")
	}
	n := binary.LittleEndian.Uint32(head[len(fileMagic):])
	if n > maxIDLen {
		return fail("ID length %d", n)
	}
	rest := make([]byte, int(n)+12)
	if _, err := io.ReadFull(r, rest); err != nil {
		return fail("short header")
	}
	id := string(rest[:n])
	size := binary.LittleEndian.Uint64(rest[n:])
	sum := binary.LittleEndian.Uint32(rest[n+8:])
	if id != wantID {
		return fail("table of %q, want %q", id, wantID)
	}
	if size != wantSize {
		return fail("%d entries, want %d", size, wantSize)
	}
	t := &Table{id: id, size: size}
	nw := int((size + 15) / 16)
	if 8*nw >= offHeapBytes {
		var free func()
		if t.words, free = offHeapWords(t, nw); free != nil {
			fail0 := fail
			fail = func(format string, a ...any) (*Table, error) {
				free()
				return fail0(format, a...)
			}
		}
	}
	if t.words == nil {
		t.words = make([]uint64, nw)
	}
	// Searches look entries up at random: huge pages spare TLB misses.
	AdviseHuge(t.words)
	crc := crc32.New(castagnoli)
	if littleEndian {
		// The file's bytes are the words' in memory: read them in place
		// (a 629 MB table took 2.2 s of CPU through a buffer, word by
		// word).
		b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(t.words))), 8*len(t.words))
		if _, err := io.ReadFull(r, b); err != nil {
			return fail("truncated: %v", err)
		}
		crc.Write(b)
	} else {
		buf := make([]byte, 1<<20)
		for w := 0; w < len(t.words); {
			n := min(len(buf)/8, len(t.words)-w)
			if _, err := io.ReadFull(r, buf[:8*n]); err != nil {
				return fail("truncated: %v", err)
			}
			crc.Write(buf[:8*n])
			for i := 0; i < n; i++ {
				t.words[w+i] = binary.LittleEndian.Uint64(buf[8*i:])
			}
			w += n
		}
	}
	if _, err := r.ReadByte(); err != io.EOF {
		return fail("trailing bytes")
	}
	if crc.Sum32() != sum {
		return fail("checksum mismatch")
	}
	return t, nil
}

// Source says where a table came from.
type Source struct {
	// Path is the cache file ("" when caching is off).
	Path string
	// Built is true when the table was built, false when loaded.
	Built bool
	// Rebuilt is set when a cache file existed but failed verification.
	Rebuilt error
	// Elapsed is the time to build or load.
	Elapsed time.Duration
}

// OpenAll opens the tables of spaces (Open), the largest first, so that
// a memory budget too small for one of them is refused before the others
// are built (the 8-tile table of pdb78 used to be refused after 13 to 28 s
// of building the 7-tile one). The budget, o.MaxMem, is for all of them:
// each build gets what the tables opened before it leave, and a set whose
// builds cannot fit beside the tables already held is refused before
// anything is built (the four tables of the 24-puzzle's pdb6666 took 1.33
// times the budget, issue 36). The tables and sources are in the order of
// spaces.
func OpenAll(ctx context.Context, dir string, spaces []Space, o Options) ([]*Table, []Source, error) {
	order := make([]int, len(spaces))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(spaces[b].Size(), spaces[a].Size()) })
	if err := checkBudget(dir, spaces, order, o); err != nil {
		return nil, nil, err
	}
	tabs, srcs := make([]*Table, len(spaces)), make([]Source, len(spaces))
	var held int64
	for _, i := range order {
		oi := o
		if o.MaxMem > 0 {
			oi.MaxMem = o.MaxMem - held
		}
		var err error
		if tabs[i], srcs[i], err = Open(ctx, dir, spaces[i], oi); err != nil {
			return nil, nil, err
		}
		held += tabs[i].Bytes()
	}
	return tabs, srcs, nil
}

// BuildMemorer is a Space that says what its build takes when it is not
// BuildMemory's (a Builder with a build of its own).
type BuildMemorer interface {
	BuildMemory(workers int) int64
}

// checkBudget refuses, with ErrMemory, spaces whose tables opened in order
// need more than o.MaxMem at some moment: the tables held so far and the
// next one's build, for the tables not in the cache directory dir.
func checkBudget(dir string, spaces []Space, order []int, o Options) error {
	if o.MaxMem <= 0 {
		return nil
	}
	var held int64
	for _, i := range order {
		sp := spaces[i]
		need := tableBytes(sp.Size())
		if _, err := os.Stat(filepath.Join(dir, FileName(sp.ID()))); dir == "" || err != nil {
			if m, ok := sp.(BuildMemorer); ok {
				need = m.BuildMemory(o.Workers)
			} else {
				need = BuildMemory(sp, o.Workers)
			}
		}
		if held+need > o.MaxMem {
			beside := ""
			if held > 0 {
				beside = fmt.Sprintf(" beside the %d MB of the tables opened before it", held>>20)
			}
			return fmt.Errorf("%w: %s needs %d MB%s, the budget is %d MB", ErrMemory, sp.ID(), need>>20, beside, o.MaxMem>>20)
		}
		held += tableBytes(sp.Size())
	}
	return nil
}

// Open returns the table of sp from the cache directory dir, building and
// saving it when the file is missing or fails verification. An empty dir
// builds without caching.
func Open(ctx context.Context, dir string, sp Space, o Options) (*Table, Source, error) {
	start := time.Now()
	src := Source{}
	if dir != "" {
		src.Path = filepath.Join(dir, FileName(sp.ID()))
		t, err := Load(src.Path, sp)
		if err == nil {
			src.Elapsed = time.Since(start)
			return t, src, nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			src.Rebuilt = err
		}
	}
	var t *Table
	var err error
	if b, ok := sp.(Builder); ok {
		t, err = b.Build(ctx, o)
	} else {
		t, err = Build(ctx, sp, o)
	}
	if err != nil {
		return nil, src, err
	}
	src.Built = true
	if src.Path != "" {
		if err := Save(src.Path, t); err != nil {
			return nil, src, fmt.Errorf("pdb: saving %s: %w", src.Path, err)
		}
	}
	src.Elapsed = time.Since(start)
	return t, src, nil
}
