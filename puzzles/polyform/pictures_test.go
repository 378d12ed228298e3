package polyform

import (
	"bytes"
	"strings"
	"testing"
)

func TestPictures(t *testing.T) {
	flat := NewPictures(Rectangle(3, 2), "two")
	for range MaxPictures + 5 {
		flat.Add([]string{"a", "a", "a", "b", "b", "b"})
	}
	var svg bytes.Buffer
	if err := flat.WriteSVG(&svg); err != nil || len(flat.flat) != MaxPictures || !strings.Contains(svg.String(), "two") {
		t.Errorf("flat: %d pictures, %v", len(flat.flat), err)
	}
	cube := NewPictures(Box(2, 1, 1), "box")
	cube.Add([]string{"a", "b"})
	svg.Reset()
	if err := cube.WriteSVG(&svg); err != nil || len(cube.cubes) != 1 || !strings.Contains(svg.String(), "<svg") {
		t.Errorf("cube: %v", err)
	}
}

func TestBurrAbout(t *testing.T) {
	pz, err := OpenBurr("testdata/burr/soma.xmpuzzle")
	if err != nil {
		t.Fatal(err)
	}
	if got := pz.About("soma", 0); !strings.HasPrefix(got, "soma: problem 1 of 1, ") || !strings.Contains(got, "the file's stored counts: 240 assemblies") {
		t.Errorf("About = %q", got)
	}
	if _, err := OpenBurr("testdata/burr/none.xmpuzzle"); err == nil {
		t.Error("a missing file opened")
	}
}
