package serve

import (
	"context"
	"flag"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

var screenshots = flag.String("screenshots", "", "write the browser tests' screenshots to this directory (docs/serve)")

// browser starts headless Chromium on a page of a new server, or skips the
// test where no Chromium is installed.
func browser(t *testing.T) (context.Context, string) {
	t.Helper()
	var path string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Skip("no Chromium installed (apt-get install chromium)")
	}
	if testing.Short() {
		t.Skip("a browser test")
	}
	s := New(Options{Workers: 1})
	ts := httptest.NewServer(s)
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.WindowSize(1280, 900))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 120*time.Second)
	t.Cleanup(func() {
		cancelTime()
		cancelCtx()
		cancelAlloc()
		s.Close()
		ts.Close()
	})
	return ctx, ts.URL
}

func shoot(t *testing.T, ctx context.Context, name string) {
	shootAction(t, ctx, name, chromedp.FullScreenshot(100))
}

// shootView takes the visible part of the page only.
func shootView(t *testing.T, ctx context.Context, name string) {
	shootAction(t, ctx, name, chromedp.CaptureScreenshot())
}

func shootAction(t *testing.T, ctx context.Context, name string, shot chromedp.Action[[]byte]) {
	t.Helper()
	if *screenshots == "" {
		return
	}
	png, err := chromedp.Run(ctx, shot)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*screenshots, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// waitText polls the text of the element sel until want(text) holds.
func waitText(ctx context.Context, sel string, want func(string) bool) (string, error) {
	for {
		text, err := chromedp.Run(ctx, chromedp.Text(sel))
		if err != nil {
			return text, err
		}
		if want(text) {
			return text, nil
		}
		select {
		case <-ctx.Done():
			return text, fmt.Errorf("waiting for %s: %v (last text %q)", sel, ctx.Err(), text)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// clickCell clicks the board cell sel. The board is redrawn after every
// change, so the node found for sel may be gone before the click lands
// (on a loaded machine): the click is then tried again on the new node.
func clickAgain(ctx context.Context, sel string) error {
	var err error
	for range 20 {
		if err = chromedp.Do(ctx, chromedp.Click(sel)); err == nil || !strings.Contains(err.Error(), "Could not find node") {
			return err
		}
		time.Sleep(50 * time.Millisecond)
	}
	return err
}

// A user draws the 3 x 20 board cell by cell, counts it (8 solutions, 2
// unique), and sees the 8 solutions in the gallery.
func TestBrowserDrawCountGallery(t *testing.T) {
	ctx, url := browser(t)
	err := chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible("#canvas polygon"),
		chromedp.SetValue("#text", "grid: square\n"),
		chromedp.SetValue("#rows", "3"),
		chromedp.SetValue("#cols", "20"),
		dispatchChange("cols"),
		chromedp.WaitVisible(`#canvas polygon[data-row="2"][data-col="19"]`),
	)
	if err != nil {
		t.Fatal(err)
	}
	for r := range 3 {
		for c := range 20 {
			if err := clickAgain(ctx, fmt.Sprintf(`#canvas polygon[data-row="%d"][data-col="%d"]`, r, c)); err != nil {
				t.Fatal(err)
			}
		}
	}
	text, err := chromedp.Run(ctx, chromedp.Value("#text"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "grid: square\n" + strings.Repeat(strings.Repeat(".", 20)+"\n", 3); text != want {
		t.Fatalf("the drawn board's text is %q, want %q", text, want)
	}
	if _, err := waitText(ctx, "#boardinfo", func(s string) bool { return strings.HasPrefix(s, "60 cells") }); err != nil {
		t.Fatal(err)
	}
	// The palette shows the 12 pentominoes; leaving X out and putting it
	// back goes through the Pieces field.
	if _, err := waitText(ctx, "#palettehint", func(s string) bool { return strings.HasPrefix(s, "pentomino: 12 of 12") }); err != nil {
		t.Fatal(err)
	}
	if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#palette button.piece svg").length`)); err != nil || n != 12 {
		t.Fatalf("the palette draws %d pieces (%v), want 12", n, err)
	}
	if err := clickAgain(ctx, `#palette button.piece[data-piece="X"]`); err != nil {
		t.Fatal(err)
	}
	if v, err := chromedp.Run(ctx, chromedp.Value("#pieces")); err != nil || v != "FILNPTUVWYZ" {
		t.Fatalf("after leaving X out the Pieces field is %q (%v), want FILNPTUVWYZ", v, err)
	}
	if _, err := waitText(ctx, "#boardinfo", func(s string) bool { return strings.Contains(s, "the pieces cover 55 cells") }); err != nil {
		t.Fatal(err)
	}
	if err := clickAgain(ctx, `#palette button.piece[data-piece="X"]`); err != nil {
		t.Fatal(err)
	}
	if _, err := waitText(ctx, "#boardinfo", func(s string) bool { return strings.Contains(s, "12 pieces of 60 cells") }); err != nil {
		t.Fatal(err)
	}
	shoot(t, ctx, "editor")
	if err := chromedp.Do(ctx, chromedp.Click("#count")); err != nil {
		t.Fatal(err)
	}
	if _, err := waitText(ctx, "#jobtable tbody tr", func(s string) bool { return strings.Contains(s, "done") }); err != nil {
		t.Fatal(err)
	}
	cells, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#jobtable tbody tr:first-child td")].map(td => td.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(cells) < 8 || cells[6] != "8" || cells[7] != "2" {
		t.Fatalf("job row %q: want 8 solutions, 2 unique", cells)
	}
	shoot(t, ctx, "jobs")
	if err := clickAgain(ctx, "#jobtable tbody tr:first-child button.gallery"); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.WaitVisible("#pictures img")); err != nil {
		t.Fatal(err)
	}
	loaded := 0
	deadline := time.Now().Add(20 * time.Second)
	for loaded < 8 && time.Now().Before(deadline) {
		if loaded, err = chromedp.Run(ctx, chromedp.Evaluate[int](`[...document.querySelectorAll("#pictures img")].filter(i => i.complete && i.naturalWidth > 0).length`)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if loaded != 8 {
		t.Fatalf("the gallery shows %d pictures, want 8", loaded)
	}
	shoot(t, ctx, "gallery")
}

// A long count is stopped from the jobs table, and a page reloaded during a
// job finds it again.
func TestBrowserStopAndReload(t *testing.T) {
	ctx, url := browser(t)
	err := chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitReady(`#puzzle option[value="heptiamond-pp24"]`),
		chromedp.SetValue("#puzzle", "heptiamond-pp24"),
		dispatchChange("puzzle"),
	)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := waitText(ctx, "#boardinfo", func(s string) bool { return strings.HasPrefix(s, "168 cells") }); err != nil {
		t.Fatal(err)
	}
	shoot(t, ctx, "pp24")
	if err := chromedp.Do(ctx, chromedp.Click("#count")); err != nil {
		t.Fatal(err)
	}
	if _, err := waitText(ctx, "#jobtable tbody tr", func(s string) bool { return strings.Contains(s, "running") }); err != nil {
		t.Fatal(err)
	}
	// Reload: the running job is listed again, and its progress goes on.
	if err := chromedp.Do(ctx, chromedp.Reload(), chromedp.WaitVisible("#canvas polygon"),
		chromedp.Click(`button[data-tab="jobs"]`)); err != nil {
		t.Fatal(err)
	}
	if _, err := waitText(ctx, "#jobtable tbody tr", func(s string) bool { return strings.Contains(s, "j1") && strings.Contains(s, "running") }); err != nil {
		t.Fatal(err)
	}
	shoot(t, ctx, "running")
	if err := clickAgain(ctx, "#jobtable tbody tr:first-child button.stop"); err != nil {
		t.Fatal(err)
	}
	if _, err := waitText(ctx, "#jobtable tbody tr", func(s string) bool { return strings.Contains(s, "stopped by the user") }); err != nil {
		t.Fatal(err)
	}
}

// dispatchChange fires the change event of the element with the given id,
// as a user's edit does.
func dispatchChange(id string) chromedp.Action[chromedp.Void] {
	return func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := chromedp.Evaluate[any](`document.getElementById("`+id+`").dispatchEvent(new Event("change"))`)(ctx, t)
		return chromedp.Void{}, err
	}
}

// A user opens the Soma cube from the menu over a square board (the grid
// and canvas follow), draws the same 3 x 3 x 3 cube by hand layer by layer,
// counts it (11,520 solutions, 240 unique), switches to the Bedlam cube,
// and turns a Soma solution in the gallery's 3D view.
func TestBrowser3D(t *testing.T) {
	ctx, url := browser(t)
	err := chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible("#canvas polygon"),
		chromedp.WaitReady(`#puzzle option[value="soma"]`),
		chromedp.SetValue("#puzzle", "soma"),
		dispatchChange("puzzle"),
	)
	if err != nil {
		t.Fatal(err)
	}
	editorState := func(cells float64) {
		t.Helper()
		if _, err := waitText(ctx, "#boardinfo", func(s string) bool { return strings.HasPrefix(s, fmt.Sprint(cells)+" cells on the cubic grid") }); err != nil {
			t.Fatal(err)
		}
		st, err := chromedp.Run(ctx, chromedp.Evaluate[[]any](`[document.getElementById("grid").value, document.querySelectorAll("#canvas polygon").length,
			document.getElementById("message").textContent, document.getElementById("layerslabel").hidden]`))
		if err != nil {
			t.Fatal(err)
		}
		if st[0] != "cubic" || st[1] != cells || st[2] != "" || st[3] != false {
			t.Fatalf("editor: grid %v, %v cells on the canvas, message %q, layers hidden %v; want cubic, %v, none, shown", st[0], st[1], st[2], st[3], cells)
		}
	}
	editorState(27)

	// Draw it by hand: three empty layers, then all 27 cells.
	err = chromedp.Do(ctx,
		chromedp.SetValue("#puzzle", ""),
		chromedp.SetValue("#text", "grid: cubic\npieces: soma\n"),
		chromedp.SetValue("#rows", "3"), chromedp.SetValue("#cols", "3"), chromedp.SetValue("#layers", "3"),
		dispatchChange("layers"),
	)
	if err != nil {
		t.Fatal(err)
	}
	for z := range 3 {
		for r := range 3 {
			for c := range 3 {
				if err := clickAgain(ctx, fmt.Sprintf(`#canvas polygon[data-layer="%d"][data-row="%d"][data-col="%d"]`, z, r, c)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	text, err := chromedp.Run(ctx, chromedp.Value("#text"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "grid: cubic\npieces: soma\n" + strings.Repeat("...\n...\n...\n\n", 3)[:38]; text != want {
		t.Fatalf("the drawn cube's text is %q, want %q", text, want)
	}
	editorState(27)
	shoot(t, ctx, "editor3d")
	if err := chromedp.Do(ctx, chromedp.Click("#count")); err != nil {
		t.Fatal(err)
	}
	if _, err := waitText(ctx, "#jobtable tbody tr:first-child", func(s string) bool { return strings.Contains(s, "done") }); err != nil {
		t.Fatal(err)
	}
	if cells := jobRow(t, ctx); cells[1] != "soma" || cells[6] != "11,520" || cells[7] != "240" {
		t.Fatalf("job row %q: want soma with 11,520 solutions, 240 unique", cells)
	}

	// Another cubic puzzle from the menu replaces the drawing.
	err = chromedp.Do(ctx,
		chromedp.Click(`button[data-tab="board"]`),
		chromedp.SetValue("#puzzle", "bedlam"),
		dispatchChange("puzzle"),
	)
	if err != nil {
		t.Fatal(err)
	}
	editorState(64)

	// The gallery of the count: pictures, and the 3D view of the first.
	if err := chromedp.Do(ctx, chromedp.Click(`button[data-tab="jobs"]`)); err != nil {
		t.Fatal(err)
	}
	if err := clickAgain(ctx, "#jobtable tbody tr:first-child button.gallery"); err != nil {
		t.Fatal(err)
	}
	before, err := waitText(ctx, "#view3dinfo", func(s string) bool { return strings.HasPrefix(s, "Job j1, solution 1: drag to turn it") })
	if err != nil {
		t.Fatal(err)
	}
	painted := func() int {
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`(() => { const c = document.getElementById("view3dcanvas");
			const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data; let n = 0;
			for (let i = 0; i < d.length; i += 4) if (d[i] < 250 || d[i+1] < 250 || d[i+2] < 250) n++; return n; })()`))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := painted(); n < 10000 {
		t.Fatalf("the 3D view painted %d pixels, want a cube of at least 10,000", n)
	}
	shootView(t, ctx, "view3d")
	if err := chromedp.Do(ctx, chromedp.Click("#turnright"), chromedp.Click("#turnright")); err != nil {
		t.Fatal(err)
	}
	after, err := waitText(ctx, "#view3dinfo", func(s string) bool { return s != before })
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(after, "turned 11°") || painted() < 10000 {
		t.Fatalf("after two turns right the view says %q, want turned 11° (-34° + 2 x 22.5°)", after)
	}
	shootAction(t, ctx, "view3d-turned", chromedp.Screenshot("#view3d"))
	// Unique only: the 240 kept solutions that stand for their classes.
	if err := chromedp.Do(ctx, chromedp.Click("#uniqueonly")); err != nil {
		t.Fatal(err)
	}
	if _, err := waitText(ctx, "#gallerytitle", func(s string) bool { return strings.Contains(s, "240 of them one of each symmetry class") }); err != nil {
		t.Fatal(err)
	}
	if _, err := waitText(ctx, "#pageinfo", func(s string) bool { return strings.Contains(s, "page 1 of 10") }); err != nil {
		t.Fatal(err)
	}
}

// The logic page starts from a preset and solves it; the Superpuzz page
// deals cards drawn as cards.
func TestBrowserLogicAndCards(t *testing.T) {
	ctx, url := browser(t)
	err := chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible("#canvas polygon"),
		chromedp.Click(`button[data-tab="logic"]`),
		chromedp.Click("#logicsolve"),
	)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := waitText(ctx, "#logicmessage", func(s string) bool { return strings.HasPrefix(s, "The solution is unique") }); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click("#logicallsteps")); err != nil {
		t.Fatal(err)
	}
	shootView(t, ctx, "logic")
	err = chromedp.Do(ctx,
		chromedp.Click(`button[data-tab="gaps"]`),
		chromedp.Click("#gapsdeal"),
		chromedp.WaitVisible("#gapstable td.card"),
	)
	if err != nil {
		t.Fatal(err)
	}
	faces, err := chromedp.Run(ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#gapstable td")].map(td => td.textContent).join(" ")`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.ContainsAny(faces, "♥♦♣♠") || strings.ContainsAny(faces, "HDCS") {
		t.Fatalf("the cards read %q, want ranks with suit symbols", faces)
	}
	shoot(t, ctx, "superpuzz")
}

// jobRow is the text of the jobs table's first row.
func jobRow(t *testing.T, ctx context.Context) []string {
	t.Helper()
	cells, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#jobtable tbody tr:first-child td")].map(td => td.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(cells) < 8 {
		t.Fatalf("job row %q", cells)
	}
	return cells
}

// A user loads a BurrTools file (caged8: three solutions), takes apart its
// second solution (level 3.1.2), plays the animation to its end and finds
// every piece apart from the others in the last frame; hides the cage
// and steps back.
func TestBrowserDisassembly(t *testing.T) {
	ctx, url := browser(t)
	file, err := filepath.Abs(filepath.Join(burrDir, "caged8.xmpuzzle"))
	if err != nil {
		t.Fatal(err)
	}
	err = chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible("#canvas polygon"),
		chromedp.Click(`button[data-tab="burr"]`),
		chromedp.SetUploadFiles("#burrfile", []string{file}),
	)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := waitText(ctx, "#burrinfo", func(s string) bool { return strings.Contains(s, "solution 1 (assembly 1), level 2.2.2, 6 moves") }); err != nil {
		t.Fatal(err)
	}
	err = chromedp.Do(ctx,
		chromedp.SetValue("#burrsolution", "2"),
		chromedp.Click("#burrshow"),
	)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := waitText(ctx, "#burrinfo", func(s string) bool { return strings.Contains(s, "solution 2 (assembly 2), level 3.1.2, 6 moves") }); err != nil {
		t.Fatal(err)
	}
	moves, err := chromedp.Run(ctx, chromedp.Text("#burrmoves"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "A B +z 1\nB +x 1\nB +z away\nD +z away\nC +x 1\nC +z away"; strings.TrimSpace(moves) != want {
		t.Errorf("moves %q, want %q", moves, want)
	}
	err = chromedp.Do(ctx,
		chromedp.SetValue("#burrspeed", "20"),
		chromedp.Click("#burrplay"),
	)
	if err != nil {
		t.Fatal(err)
	}
	last, err := waitText(ctx, "#burrframe", func(s string) bool {
		var k, n int
		_, err := fmt.Sscanf(s, "Frame %d of %d", &k, &n)
		return err == nil && k == n && k > 0
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(last, "move 6: C +z away.") {
		t.Errorf("last frame: %q", last)
	}
	shootView(t, ctx, "disassembly")
	// In the page: the pieces of the frame shown, and the canvas's colours.
	st, err := chromedp.Run(ctx, chromedp.Evaluate[[]any](`(() => {
		const d = burr.d, f = d.frames[burr.frame], at = new Map();
		let touching = 0;
		d.pieces.forEach((p, i) => { for (const c of p.cells) at.set([c[0] + f.offsets[i][0], c[1] + f.offsets[i][1], c[2] + f.offsets[i][2]].join(), i); });
		for (const [k, i] of at) {
			const [x, y, z] = k.split(",").map(Number);
			for (const n of [[1, 0, 0], [0, 1, 0], [0, 0, 1]]) {
				const j = at.get([x + n[0], y + n[1], z + n[2]].join());
				if (j !== undefined && j !== i) touching++;
			}
		}
		const cv = document.getElementById("burrcanvas"), px = cv.getContext("2d").getImageData(0, 0, cv.width, cv.height).data;
		let painted = 0;
		for (let i = 0; i < px.length; i += 4) if (px[i] !== 255 || px[i + 1] !== 255 || px[i + 2] !== 255) painted++;
		return [d.pieces.length, touching, painted, document.getElementById("burrplay").textContent];
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if st[0] != 4.0 || st[1] != 0.0 || st[2] == 0.0 || st[3] != "Play" {
		t.Fatalf("last frame: %v pieces, %v touching faces, %v painted pixels, play button %q; want 4, 0, some, Play", st[0], st[1], st[2], st[3])
	}
	// Hiding the cage (A, the first in the legend) leaves fewer pixels painted.
	painted := `(() => { const cv = document.getElementById("burrcanvas"), px = cv.getContext("2d").getImageData(0, 0, cv.width, cv.height).data;
		let n = 0; for (let i = 0; i < px.length; i += 4) if (px[i] !== 255 || px[i + 1] !== 255 || px[i + 2] !== 255) n++; return n; })()`
	if err := chromedp.Do(ctx, chromedp.Click("#burrlegend .swatch")); err != nil {
		t.Fatal(err)
	}
	without, err := chromedp.Run(ctx, chromedp.Evaluate[float64](painted))
	if err != nil {
		t.Fatal(err)
	}
	if without <= 0 || without >= st[2].(float64) {
		t.Errorf("%v pixels painted without the cage, %v with it", without, st[2])
	}
	if err := chromedp.Do(ctx, chromedp.Click("#burrback")); err != nil {
		t.Fatal(err)
	}
	if _, err := waitText(ctx, "#burrframe", func(s string) bool {
		return strings.HasPrefix(s, "Frame ") && !strings.HasPrefix(s, last[:strings.Index(last, " of")]+" of")
	}); err != nil {
		t.Fatal(err)
	}
}
