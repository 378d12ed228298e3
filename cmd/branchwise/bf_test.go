package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBFOutputs(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"bf", "tiles", "4x4"}, []string{"asymptotic      2.130395", "b^6 - b^5 - 2b^3 - 3b^2 - 5b - 6 = 0"}},
		{[]string{"bf", "tiles", "2x3", "--keep-parent"}, []string{"asymptotic      2.414214", "b^2 - 2b - 1 = 0"}},
		{[]string{"bf", "tiles", "3x3"}, []string{"period 2: 1.5 ", " 2 (", "geometric mean 1.732051"}},
		{[]string{"bf", "rubik", "--depth", "6"}, []string{"13.34847", "b^2 - 12b - 18 = 0", "7,706,988"}},
	} {
		code, stdout, stderr := runCLI(t, tc.args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d %s", tc.args, code, stderr)
		}
		for _, w := range tc.want {
			if !strings.Contains(stdout, w) {
				t.Errorf("%v: output lacks %q:\n%s", tc.args, w, stdout)
			}
		}
	}
}

func TestBFJSONAndSVG(t *testing.T) {
	svg := filepath.Join(t.TempDir(), "bf.svg")
	code, stdout, stderr := runCLI(t, "bf", "tiles", "10x10", "--depth", "1000", "--json", "--svg", svg)
	if code != exitOK {
		t.Fatalf("exit %d %s", code, stderr)
	}
	var rep struct {
		Period int       `json:"period"`
		Limits []float64 `json:"limits"`
		Depths []struct {
			Nodes string `json:"nodes"`
		} `json:"depths"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Period != 1 || len(rep.Depths) != 1001 || len(rep.Depths[1000].Nodes) < 400 {
		t.Errorf("10x10 to depth 1000: period %d, %d depths, N(1000) has %d digits", rep.Period, len(rep.Depths), len(rep.Depths[1000].Nodes))
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.HasPrefix(string(b), "<svg") {
		t.Errorf("no SVG chart written: %v", err)
	}
}

func TestBFBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string { return writeFile(t, dir, name, s) }
	neg := write("neg.txt", "a: 1 0\nb: -2 1\n")
	frac := write("frac.txt", "a: 1.5\n")
	ragged := write("ragged.txt", "a: 1 0\nb: 1\n")
	empty := write("empty.txt", "# nothing\n")
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"bf", "matrix", neg}, exitFailure, neg + ":2: negative entry -2"},
		{[]string{"bf", "matrix", frac}, exitFailure, frac + `:1: "1.5" is not a whole number`},
		{[]string{"bf", "matrix", ragged}, exitFailure, ragged + ":2: row b has 1 entries, want 2"},
		{[]string{"bf", "matrix", empty}, exitFailure, empty + ": no types"},
		{[]string{"bf", "tiles", "1x3"}, exitFailure, "board 1x3: want at least 2x2"},
		{[]string{"bf", "tiles", "4by4"}, exitUsage, "want RxC"},
		{[]string{"bf", "matrix", filepath.Join(dir, "missing.txt")}, exitFailure, "no such file"},
	} {
		code, _, stderr := runCLI(t, tc.args...)
		if code != tc.code || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, %q; want exit %d and %q", tc.args, code, stderr, tc.code, tc.want)
		}
	}
}
