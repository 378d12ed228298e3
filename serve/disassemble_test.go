package serve

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/puzzles/polyform/disassembly"
)

// burrDir holds the BurrTools files of package polyform's tests: the caged
// puzzles are small and come apart at several levels.
const burrDir = "../puzzles/polyform/testdata/burr"

func readBurrFile(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(burrDir, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// packSolution is what `pack FILE --disassemble --min-level 1` prints of a
// solution: its assembly number, level and moves (as "D -z 1").
type packSolution struct {
	assembly int
	level    string
	moves    []string
}

// packDisassemble runs the pack command's path (disassembly.WriteFile, on
// the packing that command builds) and reads its listing back.
func packDisassemble(t *testing.T, file string) []packSolution {
	t.Helper()
	pk, err := polyform.LoadBurr(file, 1, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	eng, strat, firstEmpty, err := polyform.ParseEngineStrategy("auto", "fewest")
	if err != nil {
		t.Fatal(err)
	}
	if err := pk.UseEngine(file, eng, firstEmpty); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := disassembly.WriteFile(context.Background(), &out, file, 0, pk, disassembly.Options{Strategy: strat}, 1); err != nil {
		t.Fatal(err)
	}
	head := regexp.MustCompile(`^assembly (\d+): level (\S+), \d+ moves$`)
	move := regexp.MustCompile(`^\s+\d+\. (.*)$`)
	var sols []packSolution
	for _, line := range strings.Split(out.String(), "\n") {
		if m := head.FindStringSubmatch(line); m != nil {
			n, _ := strconv.Atoi(m[1])
			sols = append(sols, packSolution{assembly: n, level: m[2]})
		} else if m := move.FindStringSubmatch(line); m != nil && len(sols) > 0 {
			sols[len(sols)-1].moves = append(sols[len(sols)-1].moves, m[1])
		}
	}
	return sols
}

// checkFrames replays the frames independently: the first is the
// assembly, each next one moves the pieces of one move by one unit in one
// axis direction, no two pieces ever share a voxel, and in the last frame
// no two pieces touch (every piece is separated).
func checkFrames(t *testing.T, d Disassembly) {
	t.Helper()
	if len(d.Frames) < 2 || len(d.Parts) == 0 || len(d.Parts[0]) != len(d.Pieces) || d.Frames[0].Part != 0 {
		t.Fatalf("%d frames, parts %v", len(d.Frames), d.Parts)
	}
	at := func(f DisassemblyFrame) map[[3]int]int {
		m := map[[3]int]int{}
		for p, piece := range d.Pieces {
			for _, c := range piece.Cells {
				v := [3]int{c[0] + f.Offsets[p][0], c[1] + f.Offsets[p][1], c[2] + f.Offsets[p][2]}
				if q, ok := m[v]; ok {
					t.Fatalf("pieces %d and %d both at %v", q, p, v)
				}
				m[v] = p
			}
		}
		return m
	}
	for p, o := range d.Frames[0].Offsets {
		if o != [3]int{} {
			t.Fatalf("frame 0: piece %d offset %v", p, o)
		}
	}
	for k := 1; k < len(d.Frames); k++ {
		f, prev := d.Frames[k], d.Frames[k-1]
		if f.Move < prev.Move || f.Move > prev.Move+1 || f.Move < 1 || f.Move > len(d.Moves) {
			t.Fatalf("frame %d: move %d after %d", k, f.Move, prev.Move)
		}
		var step [3]int
		moved := 0
		for p := range f.Offsets {
			var diff [3]int
			for i := range 3 {
				diff[i] = f.Offsets[p][i] - prev.Offsets[p][i]
			}
			if diff == [3]int{} {
				continue
			}
			if moved > 0 && diff != step {
				t.Fatalf("frame %d: pieces move by %v and %v", k, step, diff)
			}
			step = diff
			moved++
		}
		if moved == 0 || abs(step[0])+abs(step[1])+abs(step[2]) != 1 {
			t.Fatalf("frame %d: %d pieces moved by %v", k, moved, step)
		}
		if f.Parking && !strings.HasSuffix(d.Moves[f.Move-1], " away") {
			t.Fatalf("frame %d: parking in move %d, %s", k, f.Move, d.Moves[f.Move-1])
		}
		if f.Part < prev.Part || f.Part >= len(d.Parts) {
			t.Fatalf("frame %d: part %d after %d, of %d", k, f.Part, prev.Part, len(d.Parts))
		}
		for p := range f.Offsets {
			if f.Offsets[p] != prev.Offsets[p] && !slices.Contains(d.Parts[f.Part], p) {
				t.Fatalf("frame %d: piece %d moves, not one of the part %v", k, p, d.Parts[f.Part])
			}
		}
		at(f)
	}
	last := at(d.Frames[len(d.Frames)-1])
	for v, p := range last {
		for _, n := range [][3]int{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}} {
			if q, ok := last[[3]int{v[0] + n[0], v[1] + n[1], v[2] + n[2]}]; ok && q != p {
				t.Fatalf("last frame: pieces %d and %d touch at %v", p, q, v)
			}
		}
	}
}

func abs(x int) int { return max(x, -x) }

func TestDisassemblyCaged(t *testing.T) {
	_, ts := newTestServer(t)
	for _, tc := range []struct {
		file  string
		sols  int
		level []string // each solution's, as BurrTools writes it
	}{
		{"caged3.xmpuzzle", 1, []string{"3.2.2"}},
		{"caged8.xmpuzzle", 3, []string{"2.2.2", "3.1.2", "1.1.2"}},
		{"soma.xmpuzzle", 240, []string{"1", "1", "1"}}, // the first three of 240
	} {
		want := packDisassemble(t, filepath.Join(burrDir, tc.file))
		if len(want) != tc.sols {
			t.Fatalf("%s: pack lists %d solutions, want %d", tc.file, len(want), tc.sols)
		}
		for k := range tc.level {
			resp, body := post(t, ts.URL+"/api/burr/disassembly", DisassemblyRequest{Name: tc.file, Data: readBurrFile(t, tc.file), Solution: k + 1})
			if resp.StatusCode != 200 {
				t.Fatalf("%s %d: %d %s", tc.file, k+1, resp.StatusCode, body)
			}
			var d Disassembly
			if err := json.Unmarshal(body, &d); err != nil {
				t.Fatal(err)
			}
			if d.Level != tc.level[k] || d.Level != want[k].level || d.Assembly != want[k].assembly {
				t.Errorf("%s %d: level %s, assembly %d; want %s (pack: %s, assembly %d)", tc.file, k+1, d.Level, d.Assembly, tc.level[k], want[k].level, want[k].assembly)
			}
			if strings.Join(d.Moves, "; ") != strings.Join(want[k].moves, "; ") {
				t.Errorf("%s %d: moves %q, pack's %q", tc.file, k+1, d.Moves, want[k].moves)
			}
			if d.Grid != "cubic" || len(d.Problems) != 1 || d.Problem != 1 || d.Solution != k+1 {
				t.Errorf("%s %d: grid %s, problems %v, problem %d, solution %d", tc.file, k+1, d.Grid, d.Problems, d.Problem, d.Solution)
			}
			checkFrames(t, d)
		}
	}
}

func gzipped(t *testing.T, text string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestDisassemblyBadInput(t *testing.T) {
	s, ts := newTestServer(t)
	caged := readBurrFile(t, "caged3.xmpuzzle")
	for _, tc := range []struct {
		name string
		req  DisassemblyRequest
		code int
		want string
	}{
		{"empty", DisassemblyRequest{Name: "a.xmpuzzle"}, 400, "a.xmpuzzle: an empty file"},
		{"not gzip or XML", DisassemblyRequest{Name: "a.xmpuzzle", Data: []byte("hello")}, 400, "a.xmpuzzle"},
		{"broken gzip", DisassemblyRequest{Name: "a.xmpuzzle", Data: caged[:len(caged)/2]}, 400, "a.xmpuzzle (gzipped XML)"},
		{"bad XML", DisassemblyRequest{Name: "b.xmpuzzle", Data: gzipped(t, "<?xml version=\"1.0\"?>\n<puzzle version=\"2\">\n<gridType type=\"0\"/>\n<shapes>\n<voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">#</voxel>\n</shapes>\n</puzzle>\n")}, 400, "b.xmpuzzle (gzipped XML):5"},
		{"huge", DisassemblyRequest{Name: "c.xmpuzzle", Data: make([]byte, MaxBurrFileBytes+1)}, 400, fmt.Sprintf("over the %d", MaxBurrFileBytes)},
		{"huge result", DisassemblyRequest{Name: "g.xml", Data: []byte(`<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><shapes>
<voxel x="11" y="10" z="10" type="0">` + strings.Repeat("#", 1100) + `</voxel><voxel x="1" y="1" z="1" type="0">#</voxel></shapes>
<problems><problem><shapes><shape id="1" min="0" max="2"/></shapes><result id="0"/></problem></problems></puzzle>`)}, 400, "g.xml: problem 1's result has 1100 voxels, more than the 1024"},
		{"problem out of range", DisassemblyRequest{Name: "d.xmpuzzle", Data: caged, Problem: 2}, 400, "d.xmpuzzle: no problem 2: the file has problems 1 to 1"},
		{"negative problem", DisassemblyRequest{Data: caged, Problem: -1}, 400, "want numbers from 1"},
		{"solution out of range", DisassemblyRequest{Name: "e.xmpuzzle", Data: caged, Solution: 2}, 422, "problem 1 has 1 assemblies, 1 of them coming apart: no solution 2"},
		{"prism grid", DisassemblyRequest{Name: "f.xmpuzzle", Data: readBurrFile(t, "prism-caged0.xmpuzzle")}, 422, "cube grid only"},
	} {
		resp, body := post(t, ts.URL+"/api/burr/disassembly", tc.req)
		var e apiError
		_ = json.Unmarshal(body, &e)
		if resp.StatusCode != tc.code || !strings.Contains(e.Error, tc.want) {
			t.Errorf("%s: %d %s; want %d and %q", tc.name, resp.StatusCode, body, tc.code, tc.want)
		}
	}
	// MaxDisassemblies being served: the next is refused.
	for range MaxDisassemblies {
		s.disassembling <- struct{}{}
	}
	resp, body := post(t, ts.URL+"/api/burr/disassembly", DisassemblyRequest{Data: caged})
	if resp.StatusCode != 429 || !strings.Contains(string(body), "disassemblies are running") {
		t.Errorf("busy: %d %s", resp.StatusCode, body)
	}
}

// FuzzDisassembly feeds the disassembly endpoint's work any file, problem
// and solution: it answers a disassembly or an error, and never panics;
// the frames of an answer replay as checkFrames wants.
func FuzzDisassembly(f *testing.F) {
	for _, name := range []string{"caged3.xmpuzzle", "caged8.xmpuzzle", "caged2-plain.xml", "prism-caged0.xmpuzzle", "colours.xmpuzzle"} {
		data, err := os.ReadFile(filepath.Join(burrDir, name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, 1, 1)
	}
	f.Fuzz(func(t *testing.T, data []byte, problem, solution int) {
		// A short search: the fuzzer tries files, not the time limit.
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		d, err := disassemble(ctx, DisassemblyRequest{Name: "f.xmpuzzle", Data: data, Problem: problem, Solution: solution})
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty error")
			}
			return
		}
		checkFrames(t, *d)
	})
}
