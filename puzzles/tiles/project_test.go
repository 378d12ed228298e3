package tiles

import (
	"bytes"
	"errors"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/branchwise/branchwise/search"
)

// geomRest is an independent closed form of the nodes of k more iterations
// each f times the one before: last*f*(f^k-1)/(f-1).
func geomRest(last, f float64, k int) float64 {
	return last * f * (math.Pow(f, float64(k)) - 1) / (f - 1)
}

func TestProjectIterations(t *testing.T) {
	f, err := os.Open("testdata/korf24-2-stopped.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sols, err := ReadKorf24Reports(f, "korf24-2-stopped.json")
	if err != nil {
		t.Fatal(err)
	}
	// Instance 2 (published optimum 96) stopped after the iteration of
	// bound 86: 7 finished iterations, 21,957,017 nodes.
	its2 := sols[0].Iterations
	const done2, g80, g82, g84, g86 = 21957017, 29784, 271832, 2338287, 19313587
	fit3 := math.Cbrt(float64(g86) / g80)
	its := func(gen ...int64) []search.Iteration {
		var out []search.Iteration
		for i, g := range gen {
			out = append(out, search.Iteration{Bound: float64(80 + 2*i), Generated: g})
		}
		return out
	}
	for _, c := range []struct {
		name              string
		its               []search.Iteration
		optimal, steps    int
		done              int64
		factor, low, high float64
		nodes             float64
	}{
		{"korf24 #2, last 3 ratios", its2, 96, 3, done2, fit3, float64(g86) / g84, float64(g82) / g80,
			done2 + geomRest(g86, fit3, 5)},
		{"korf24 #2, last ratio", its2, 96, 1, done2, float64(g86) / g84, float64(g86) / g84, float64(g86) / g84,
			done2 + geomRest(g86, float64(g86)/g84, 5)},
		{"korf24 #2, one more iteration", its2, 88, 2, done2, math.Sqrt(float64(g86) / g82), float64(g86) / g84, float64(g84) / g82,
			done2 + float64(g86)*math.Sqrt(float64(g86)/g82)},
		{"two ratios of 10", its(1, 10, 100), 86, 5, 111, 10, 10, 10, 111 + 1000},
		{"a rise of 4 counts as two", []search.Iteration{{Bound: 80, Generated: 10}, {Bound: 84, Generated: 1000}}, 88, 3,
			1010, 10, 10, 10, 1010 + 10000 + 100000},
	} {
		p, err := ProjectIterations(c.its, c.optimal, c.steps)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Abs(b) }
		if p.Done != c.done || !near(p.Factor, c.factor) || !near(p.Low, c.low) || !near(p.High, c.high) || !near(p.Nodes, c.nodes) {
			t.Errorf("%s: got done %d factor %v [%v, %v] nodes %v, want %d %v [%v, %v] %v", c.name,
				p.Done, p.Factor, p.Low, p.High, p.Nodes, c.done, c.factor, c.low, c.high, c.nodes)
		}
		// Before leaves out the last iteration, last*Factor^rest.
		rest := (c.optimal - p.LastBound + 1) / 2
		if lastIt := float64(c.its[len(c.its)-1].Generated) * math.Pow(c.factor, float64(rest)); !near(p.Before, c.nodes-lastIt) {
			t.Errorf("%s: before the last iteration %v, want %v", c.name, p.Before, c.nodes-lastIt)
		}
		if p.NodesLow > p.Before*(1+1e-12) || p.Before > p.Nodes || p.Nodes > p.NodesHigh*(1+1e-12) {
			t.Errorf("%s: nodes %v, %v not within [%v, %v]", c.name, p.Before, p.Nodes, p.NodesLow, p.NodesHigh)
		}
	}
}

func TestProjectIterationsEdges(t *testing.T) {
	solved := []search.Iteration{{Bound: 80, Generated: 5}, {Bound: 82, Generated: 50}}
	if p, err := ProjectIterations(solved, 82, 3); err != nil || p.Nodes != 55 || p.Before != 55 || p.NodesLow != 55 || p.NodesHigh != 55 {
		t.Errorf("a finished run: %+v, %v; want its 55 nodes", p, err)
	}
	for _, its := range [][]search.Iteration{nil, {{Bound: 80, Generated: 5}}, {{Bound: 80, Generated: 0}, {Bound: 82, Generated: 7}}} {
		if _, err := ProjectIterations(its, 90, 3); !errors.Is(err, ErrFewIterations) {
			t.Errorf("%v: got %v, want ErrFewIterations", its, err)
		}
	}
	if _, err := ProjectIterations(solved, 90, 0); err == nil {
		t.Error("0 steps: no error")
	}
}

func TestReadKorf24ReportsErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"instances": [`, "r.json: report 1: unexpected EOF"},
		{`{"instances": []} x`, "r.json: report 2: invalid character"},
		{`{"instances": [{"name": "3"}]}`, `r.json: instance "3": no published optimal length`},
		{`{"instances": [{"name": "3", "optimal": 97, "iterations": [{"bound": 82}, {"bound": 80}]}]}`, `r.json: instance "3": iteration bounds not rising`},
	} {
		_, err := ReadKorf24Reports(strings.NewReader(c.in), "r.json")
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.in, err, c.want)
		}
	}
}

func TestWriteProjections(t *testing.T) {
	p, err := ProjectIterations([]search.Iteration{{Bound: 80, Generated: 1}, {Bound: 82, Generated: 10}, {Bound: 84, Generated: 100}}, 86, 3)
	if err != nil {
		t.Fatal(err)
	}
	p.Name = "9"
	var b bytes.Buffer
	if err := WriteProjections(&b, []Projection{p}, 1111.0/3600); err != nil {
		t.Fatal(err)
	}
	want := "  #  optimal  last bound  done  factor    low   high     nodes  before last  nodes low  nodes high  hours  hours low  hours high\n" +
		"  9       86          84   111   10.00  10.00  10.00  1.11e+03          111        111    1.11e+03      1     0.0999           1\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// FuzzReadKorf24Reports: any input either reads or gives an error naming
// the file, and what reads projects or gives an error; nothing panics.
func FuzzReadKorf24Reports(f *testing.F) {
	f.Add(`{"instances": [{"name": "2", "optimal": 96, "iterations": [{"bound": 84, "generated": 9}, {"bound": 86, "generated": 80}]}]}`)
	f.Add(`{"instances": []}{"instances": [{"name": "1", "optimal": 95}]}`)
	f.Add(`{"instances": [{"name": "3", "optimal": 97, "iterations": [{"bound": 82}, {"bound": 80}]}]}`)
	f.Add(`[1, 2]`)
	f.Fuzz(func(t *testing.T, s string) {
		sols, err := ReadKorf24Reports(strings.NewReader(s), "f.json")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.json") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		if ps, err := ProjectKorf24(sols, ProjectionSteps); err == nil {
			if err := WriteProjections(&bytes.Buffer{}, ps, 1e7); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func TestReadKorf24Projection(t *testing.T) {
	in := `{"instances": [{"name": "38", "status": "solved", "optimal": 96, "generated": 3000, "seconds": 2,
		"iterations": [{"bound": 94, "generated": 1000}, {"bound": 96, "generated": 2000}]}]}
{"instances": [{"name": "2", "status": "stopped", "optimal": 88, "generated": 111, "seconds": 9,
		"iterations": [{"bound": 80, "generated": 1}, {"bound": 82, "generated": 10}, {"bound": 84, "generated": 100}]}]}`
	p, err := ReadKorf24Projection(strings.NewReader(in), "r.json")
	if err != nil {
		t.Fatal(err)
	}
	// The rate is the solved one's, 3000 nodes in 2 s; only #2 is projected:
	// 111 + 1000 + 10000 nodes, 1111 before the last iteration.
	if p.Rate != 1500 || len(p.Projections) != 1 || p.Projections[0].Name != "2" || math.Abs(p.Projections[0].Nodes-11111) > 1e-6 || math.Abs(p.Projections[0].Before-1111) > 1e-6 {
		t.Errorf("got %+v, want rate 1500 and #2 at 11111 nodes", p)
	}
}
