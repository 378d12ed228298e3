package serve

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// The Soma cube counts 11,520 solutions, 240 unique, by name and by its
// board text (as the editor sends it); its solutions come as layer and
// isometric pictures with a legend, as JSON with colours, and all at once.
func TestSomaCount(t *testing.T) {
	if testing.Short() {
		t.Skip("counts the Soma cube (a second or two)")
	}
	_, ts := newTestServer(t)
	_, body := get(t, ts.URL+"/api/puzzles/soma")
	var p PuzzleInfo
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatal(err)
	}
	for _, req := range []JobRequest{{Puzzle: "soma", Mode: "count"}, {Board: p.Board, Mode: "count"}} {
		st := waitJob(t, ts.URL, startJob(t, ts.URL, req).ID)
		if st.Status != "done" || st.Solutions != 11520 || st.Unique != 240 || st.Name != "soma" || st.Grid != "cubic" || st.Phase != "" {
			t.Errorf("%+v: %s %q on %s, %d solutions, %d unique, phase %q; want done soma on cubic, 11520, 240, no phase",
				req, st.Status, st.Name, st.Grid, st.Solutions, st.Unique, st.Phase)
		}
	}
	st := waitJob(t, ts.URL, startJob(t, ts.URL, JobRequest{Board: p.Board, Mode: "first"}).ID)
	if st.Solutions != 1 || st.Unique != 1 {
		t.Errorf("first solution of the Soma cube: %d solutions, %d unique; want 1, 1 (one solution is one class)", st.Solutions, st.Unique)
	}
	resp, svg := get(t, fmt.Sprintf("%s/api/jobs/%s/solutions/0.svg", ts.URL, st.ID))
	if resp.StatusCode != 200 {
		t.Fatalf("solution 0: %d %s", resp.StatusCode, svg)
	}
	// Layers (27 squares), the isometric view (polygons) and the legend (7
	// swatches, each piece's letter).
	if n := bytes.Count(svg, []byte("<rect ")); n != 27+7 {
		t.Errorf("the Soma picture has %d rectangles, want 27 squares and 7 swatches", n)
	}
	if !bytes.Contains(svg, []byte("<polygon ")) {
		t.Errorf("the Soma picture has no isometric view")
	}
	_, body = get(t, fmt.Sprintf("%s/api/jobs/%s/solutions/0.json", ts.URL, st.ID))
	var sol Solution
	if err := json.Unmarshal(body, &sol); err != nil {
		t.Fatal(err)
	}
	pieces := map[string]int{}
	layers := map[int]int{}
	for _, c := range sol.Cells {
		pieces[c.Piece]++
		layers[c.Z]++
	}
	if sol.Grid != "cubic" || len(sol.Cells) != 27 || len(pieces) != 7 || len(sol.Colours) != 7 || len(layers) != 3 || layers[0] != 9 {
		t.Errorf("solution JSON: grid %s, %d cells, pieces %v, colours %v, layers %v", sol.Grid, len(sol.Cells), pieces, sol.Colours, layers)
	}
}

// All kept solutions download at once, as text, JSON and a zip of SVGs.
func TestSaveAllSolutions(t *testing.T) {
	_, ts := newTestServer(t)
	board := "grid: square\n" + strings.Repeat(strings.Repeat(".", 20)+"\n", 3)
	st := waitJob(t, ts.URL, startJob(t, ts.URL, JobRequest{Board: board, Mode: "all"}).ID)
	if st.Name != "pentomino-3x20" {
		t.Errorf("the 3 x 20 board's job is named %q, want pentomino-3x20 (the built-in puzzle with this board)", st.Name)
	}
	resp, text := get(t, ts.URL+"/api/jobs/"+st.ID+"/solutions.txt")
	if resp.StatusCode != 200 || bytes.Count(text, []byte("# pentomino-3x20, solution ")) != 8 || !strings.Contains(resp.Header.Get("Content-Disposition"), "pentomino-3x20-"+st.ID+"-solutions.txt") {
		t.Errorf("solutions.txt: %d %q\n%s", resp.StatusCode, resp.Header.Get("Content-Disposition"), text)
	}
	// Every solution is three rows of 20 letters, twelve pieces of five.
	for _, block := range strings.Split(strings.TrimSpace(string(text)), "\n\n") {
		lines := strings.Split(block, "\n")
		count := map[rune]int{}
		for _, l := range lines[1:] {
			for _, r := range l {
				count[r]++
			}
		}
		if len(lines) != 4 || len(count) != 12 {
			t.Errorf("a solution in solutions.txt: %q", block)
		}
	}
	_, body := get(t, ts.URL+"/api/jobs/"+st.ID+"/solutions.json")
	var all struct {
		Name      string     `json:"name"`
		Solutions []Solution `json:"solutions"`
	}
	if err := json.Unmarshal(body, &all); err != nil || len(all.Solutions) != 8 || len(all.Solutions[0].Cells) != 60 {
		t.Errorf("solutions.json: %v, %d solutions", err, len(all.Solutions))
	}
	_, body = get(t, ts.URL+"/api/jobs/"+st.ID+"/solutions.zip")
	z, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil || len(z.File) != 8 || z.File[0].Name != "solution-00001.svg" {
		t.Fatalf("solutions.zip: %v", err)
	}
	f, _ := z.File[7].Open()
	var b bytes.Buffer
	_, _ = b.ReadFrom(f)
	if !strings.Contains(b.String(), "solution 8") || strings.Count(b.String(), "</text>") != 1+12 {
		t.Errorf("the 8th picture of the zip has no title or not 12 piece letters:\n%.300s", b.String())
	}
}

// A board text names its job by its pieces, grid and cells when it is no
// built-in puzzle's.
func TestBoardName(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"grid: square\n" + strings.Repeat(strings.Repeat(".", 20)+"\n", 3), "pentomino-3x20"},
		{"grid: square\n" + strings.Repeat(strings.Repeat(".", 20)+"  \r\n", 3) + "\n", "pentomino-3x20"},
		{"grid: cubic\npieces: dicube\n..\n..\n\n..\n..\n", "dicube, 8 cubic cells"},
		{"..........\n..........\n", "pieces, 20 square cells"},
		{"x", "board"},
	} {
		if got := boardName(tc.text); got != tc.want {
			t.Errorf("boardName(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// The unique-only view numbers the kept solutions that stand for their
// symmetry class: 2 of the 3 x 20 board's 8.
func TestUniqueOnlyView(t *testing.T) {
	_, ts := newTestServer(t)
	for _, tc := range []struct {
		req        JobRequest
		kept, reps int
	}{
		{JobRequest{Puzzle: "pentomino-3x20", Mode: "count"}, 8, 2},
		{JobRequest{Puzzle: "pentomino-3x20", Mode: "all"}, 8, 2},
		{JobRequest{Puzzle: "pentomino-3x20", Mode: "count", Unique: true}, 2, 2},
		{JobRequest{Puzzle: "pentomino-3x20", Mode: "first"}, 1, 1},
	} {
		st := waitJob(t, ts.URL, startJob(t, ts.URL, tc.req).ID)
		if st.Kept != tc.kept || st.KeptUnique != tc.reps {
			t.Errorf("%+v: %d kept, %d standing for their class; want %d, %d", tc.req, st.Kept, st.KeptUnique, tc.kept, tc.reps)
		}
		if resp, body := get(t, fmt.Sprintf("%s/api/jobs/%s/solutions/%d.svg?unique=1", ts.URL, st.ID, tc.reps-1)); resp.StatusCode != 200 {
			t.Errorf("%+v: the last unique one: %d %s", tc.req, resp.StatusCode, body)
		}
		if resp, _ := get(t, fmt.Sprintf("%s/api/jobs/%s/solutions/%d.svg?unique=1", ts.URL, st.ID, tc.reps)); resp.StatusCode != 404 {
			t.Errorf("%+v: past the unique ones: %d, want 404", tc.req, resp.StatusCode)
		}
	}
}

// Copies and ranges of pieces, on the "pieces:" line or in the pieces
// field, count as the pack command counts them (Algorithm M): the 4 x 5
// board with up to two each of L, P and Y and up to one U has 80
// solutions, 22 unique (TestPackCopiesAndBurr checks the command's).
func TestCopiesAndRanges(t *testing.T) {
	_, ts := newTestServer(t)
	const list = "L*0-2,P*0-2,Y*0-2,U*0-1"
	rect := strings.Repeat(".....\n", 4)
	for _, req := range []JobRequest{
		{Board: "pieces: " + list + "\n" + rect, Mode: "count"},
		{Board: rect, Pieces: list, Mode: "count"},
		{Board: rect, Pieces: list, Mode: "count", Unique: true},
	} {
		st := waitJob(t, ts.URL, startJob(t, ts.URL, req).ID)
		if st.Status != "done" || st.Solutions != 80 || st.Unique != 22 || st.Kept != 22 || st.KeptUnique != 22 {
			t.Errorf("%+v: %s, %d solutions, %d unique, %d kept, %d of them unique; want done, 80, 22, 22, 22", req, st.Status, st.Solutions, st.Unique, st.Kept, st.KeptUnique)
		}
	}
	// All solutions: every one kept; the classes counted by a second search.
	st := waitJob(t, ts.URL, startJob(t, ts.URL, JobRequest{Board: rect, Pieces: list, Mode: "all"}).ID)
	if st.Status != "done" || st.Solutions != 80 || st.Unique != 22 || st.Kept != 80 {
		t.Errorf("all solutions: %s, %d solutions, %d unique, %d kept; want done, 80, 22, 80", st.Status, st.Solutions, st.Unique, st.Kept)
	}
	resp, body := post(t, ts.URL+"/api/board", `{"board": "pieces: L*x\n.....\n"}`)
	if resp.StatusCode != 400 || !strings.Contains(string(body), "L*x") {
		t.Errorf("a bad piece list: %d %s", resp.StatusCode, body)
	}
}

// The palette's piece sets: every piece drawn, in the colour its
// solutions give it; an unknown set is a 404.
func TestPieceSets(t *testing.T) {
	_, ts := newTestServer(t)
	for _, tc := range []struct {
		set, grid string
		pieces    int
		name      string
		colour    string
	}{
		{"pentomino", "square", 12, "F", "#e6194b"},   // F is first of FILNPTUVWXYZ
		{"soma", "cubic", 7, "A", "#e6194b"},          // A is first of A B L P T V Z
		{"hexiamond", "triangle", 12, "L", "#e6beff"}, // the 12th colour
	} {
		resp, body := get(t, ts.URL+"/api/sets/"+tc.set)
		var pal PaletteInfo
		if err := json.Unmarshal(body, &pal); err != nil || resp.StatusCode != 200 {
			t.Fatalf("%s: %d %s", tc.set, resp.StatusCode, body)
		}
		if pal.Grid != tc.grid || len(pal.Pieces) != tc.pieces {
			t.Errorf("%s: grid %s, %d pieces; want %s, %d", tc.set, pal.Grid, len(pal.Pieces), tc.grid, tc.pieces)
		}
		for _, p := range pal.Pieces {
			if !strings.HasPrefix(p.SVG, "<svg") || !strings.Contains(p.SVG, p.Colour) {
				t.Errorf("%s %s: the picture is not drawn in %s", tc.set, p.Name, p.Colour)
			}
			if p.Name == tc.name && p.Colour != tc.colour {
				t.Errorf("%s %s: colour %s, want %s", tc.set, p.Name, p.Colour, tc.colour)
			}
		}
	}
	if resp, _ := get(t, ts.URL+"/api/sets/nonesuch"); resp.StatusCode != 404 {
		t.Errorf("an unknown set: %d, want 404", resp.StatusCode)
	}
}
