package tiles

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"text/tabwriter"

	"github.com/branchwise/branchwise/internal/numfmt"
	"github.com/branchwise/branchwise/search"
)

// ProjectionSteps is how many of the last growth ratios between finished
// iterations a projection fits: the first iterations of a 24-puzzle grow
// faster than the later ones (a tree not yet at its asymptotic branching),
// so only the last few predict the next.
const ProjectionSteps = 3

// boundStep is the rise of an IDA* bound between iterations on the sliding
// tiles: every path from a board to the goal has the same parity, so the
// bounds (solution lengths tried) rise by 2. Ratios over wider rises are
// scaled to it.
const boundStep = 2

// Projection is the projected cost of an IDA* run up to its known optimal
// bound, extrapolated from the nodes of its finished iterations: each
// remaining iteration is taken to generate Factor times the nodes of the
// one before. IDA* stops the last iteration at the first solution, anywhere
// in it, so the cost lies between Before (the last iteration left out) and
// Nodes (the last iteration in full).
type Projection struct {
	Name      string `json:"name"`
	Optimal   int    `json:"optimal"`
	LastBound int    `json:"last_bound"` // of the deepest finished iteration
	Done      int64  `json:"done"`       // generated nodes of the finished iterations
	// Factor is the geometric mean of the last (up to ProjectionSteps)
	// ratios between successive iterations' nodes; Low and High are the
	// smallest and largest of those ratios.
	Factor float64 `json:"factor"`
	Low    float64 `json:"factor_low"`
	High   float64 `json:"factor_high"`
	// Nodes is the projected generated nodes of the whole run (finished
	// and remaining iterations, the last in full) at Factor, Before the
	// same without the last iteration. NodesLow is Before at Low, NodesHigh
	// Nodes at High: the range of the projection.
	Nodes     float64 `json:"nodes"`
	Before    float64 `json:"before"`
	NodesLow  float64 `json:"nodes_low"`
	NodesHigh float64 `json:"nodes_high"`
}

// ErrFewIterations is returned when a run has too few finished
// iterations with nodes to fit a growth factor.
var ErrFewIterations = errors.New("tiles: fewer than two finished iterations with nodes to project from")

// ProjectIterations projects the nodes an IDA* run needs to finish the
// iteration of bound optimal from its finished iterations its (bounds
// rising), fitting the growth over the last steps ratios.
func ProjectIterations(its []search.Iteration, optimal, steps int) (Projection, error) {
	p := Projection{Optimal: optimal}
	for _, it := range its {
		p.Done += it.Generated
	}
	if len(its) > 0 {
		p.LastBound = int(its[len(its)-1].Bound)
	}
	if p.LastBound >= optimal {
		p.Factor, p.Low, p.High = math.NaN(), math.NaN(), math.NaN()
		p.Nodes, p.Before, p.NodesLow, p.NodesHigh = float64(p.Done), float64(p.Done), float64(p.Done), float64(p.Done)
		return p, nil
	}
	if steps < 1 {
		return p, fmt.Errorf("tiles: projection over %d steps: want at least 1", steps)
	}
	var logSum float64
	n := 0
	p.Low, p.High = math.Inf(1), math.Inf(-1)
	for i := len(its) - 1; i > 0 && n < steps; i-- {
		a, b := its[i-1], its[i]
		if a.Generated <= 0 || b.Generated <= 0 || b.Bound <= a.Bound {
			break
		}
		// Scale a ratio over a wider rise to one rise of boundStep.
		r := math.Pow(float64(b.Generated)/float64(a.Generated), boundStep/(b.Bound-a.Bound))
		logSum += math.Log(r)
		p.Low, p.High = min(p.Low, r), max(p.High, r)
		n++
	}
	if n == 0 {
		return p, ErrFewIterations
	}
	p.Factor = math.Exp(logSum / float64(n))
	last := float64(its[len(its)-1].Generated)
	// The iterations still to run, rounded up when the bounds are not a
	// whole number of rises apart.
	rest := int(math.Ceil(float64(optimal-p.LastBound) / boundStep))
	p.Nodes = float64(p.Done) + remaining(last, p.Factor, rest)
	p.Before = float64(p.Done) + remaining(last, p.Factor, rest-1)
	p.NodesLow = float64(p.Done) + remaining(last, p.Low, rest-1)
	p.NodesHigh = float64(p.Done) + remaining(last, p.High, rest)
	return p, nil
}

// remaining sums last*f^j for j = 1..k, the nodes of k more iterations
// each f times the one before.
func remaining(last, f float64, k int) float64 {
	var sum float64
	g := last
	for j := 0; j < k; j++ {
		g *= f
		sum += g
	}
	return sum
}

// ReadKorf24Reports reads one or more korf24 JSON reports (the output of
// `tiles korf24 --json`, concatenated) from r; name is the file's, for
// errors.
func ReadKorf24Reports(r io.Reader, name string) ([]Solution, error) {
	dec := json.NewDecoder(r)
	var out []Solution
	for n := 1; ; n++ {
		var rep Korf24Result
		err := dec.Decode(&rep)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: report %d: %v", name, n, err)
		}
		for _, s := range rep.Instances {
			if s.Optimal <= 0 {
				return nil, fmt.Errorf("%s: instance %q: no published optimal length", name, s.Name)
			}
			if !slices.IsSortedFunc(s.Iterations, func(a, b search.Iteration) int { return cmp.Compare(a.Bound, b.Bound) }) {
				return nil, fmt.Errorf("%s: instance %q: iteration bounds not rising", name, s.Name)
			}
		}
		out = append(out, rep.Instances...)
	}
}

// ProjectKorf24 projects every instance of a korf24 report over the last
// steps growth ratios (see ProjectIterations).
func ProjectKorf24(sols []Solution, steps int) ([]Projection, error) {
	out := make([]Projection, 0, len(sols))
	for _, s := range sols {
		p, err := ProjectIterations(s.Iterations, s.Optimal, steps)
		if err != nil {
			return nil, fmt.Errorf("%w (instance %s)", err, s.Name)
		}
		p.Name = s.Name
		out = append(out, p)
	}
	return out, nil
}

// WriteProjections prints one line per projection: the nodes, and the
// seconds they take at rate generated nodes per second (none if rate is 0).
func WriteProjections(w io.Writer, ps []Projection, rate float64) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\toptimal\tlast bound\tdone\tfactor\tlow\thigh\tnodes\tbefore last\tnodes low\tnodes high\thours\thours low\thours high\t")
	for _, p := range ps {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%.2f\t%.2f\t%.2f\t%.3g\t%.3g\t%.3g\t%.3g\t%s\t%s\t%s\t\n", p.Name, p.Optimal, p.LastBound,
			numfmt.Count(p.Done), p.Factor, p.Low, p.High, p.Nodes, p.Before, p.NodesLow, p.NodesHigh,
			hours(p.Nodes, rate), hours(p.NodesLow, rate), hours(p.NodesHigh, rate))
	}
	return tw.Flush()
}

func hours(nodes, rate float64) string {
	if rate <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.3g", nodes/rate/3600)
}

// Korf24Projection is the projection of a korf24 report's stopped
// instances (the -j 1 runs of `tiles korf24 --json`, concatenated).
type Korf24Projection struct {
	Projections []Projection `json:"projections"`
	// Rate is the solved instances' generated nodes per second of their
	// runs (0 when none is solved): at -j 1 on an idle core, per CPU
	// second. A stopped run's count leaves out its unfinished iteration,
	// so it gives no rate.
	Rate float64 `json:"rate"`
}

// ProjectKorf24Report projects the stopped instances of the reports sols
// (ReadKorf24Reports) over the last ProjectionSteps growth ratios.
func ProjectKorf24Report(sols []Solution) (Korf24Projection, error) {
	var res Korf24Projection
	var stopped []Solution
	var gen, secs float64
	for _, s := range sols {
		if s.Status == search.Solved {
			gen += float64(s.Generated)
			secs += s.Seconds
		} else {
			stopped = append(stopped, s)
		}
	}
	if secs > 0 {
		res.Rate = gen / secs
	}
	var err error
	res.Projections, err = ProjectKorf24(stopped, ProjectionSteps)
	return res, err
}

// ReadKorf24Projection reads korf24 reports from r (ReadKorf24Reports)
// and projects their stopped instances (ProjectKorf24Report).
func ReadKorf24Projection(r io.Reader, name string) (Korf24Projection, error) {
	sols, err := ReadKorf24Reports(r, name)
	if err != nil {
		return Korf24Projection{}, err
	}
	return ProjectKorf24Report(sols)
}

// WriteTable prints the projections with their hours at Rate.
func (r *Korf24Projection) WriteTable(w io.Writer) error {
	return WriteProjections(w, r.Projections, r.Rate)
}
