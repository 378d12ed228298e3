package branching

import (
	"math/big"

	"github.com/branchwise/branchwise/internal/opterr"
)

// Report is the whole analysis of a node-type graph, as the command line
// prints it: the graph reduced, its asymptotic branching factor and
// eigenvalue, its characteristic polynomial when small, and the exact node
// counts to a depth.
type Report struct {
	Graph       string             `json:"graph"` // a description, for the reader
	Types       int                `json:"types"`
	Reduced     int                `json:"reduced_types"`
	Recurrent   int                `json:"recurrent_types"`
	Irreducible bool               `json:"irreducible"`
	Period      int                `json:"period"`
	Limits      []float64          `json:"limits"`
	Asymptotic  float64            `json:"asymptotic"`
	Eigenvalue  float64            `json:"eigenvalue"`
	Polynomial  string             `json:"polynomial,omitempty"`
	Fractions   map[string]float64 `json:"fractions,omitempty"`
	Depths      []DepthCount       `json:"depths"`
}

// DepthCount is the exact number of nodes at one depth (a decimal string:
// it outgrows every integer type) and the ratio to the depth above.
type DepthCount struct {
	Depth     int     `json:"depth"`
	Nodes     string  `json:"nodes"`
	Branching float64 `json:"branching_factor,omitempty"`
}

// Report limits.
const (
	// MaxPolyTypes bounds the graphs whose characteristic polynomial is
	// computed: the exact computation is O(n^4) big-integer operations.
	MaxPolyTypes = 40
	// maxFractionTypes bounds the graphs whose type fractions are listed.
	maxFractionTypes = 12
	// reportIterations bounds the analysis's iteration (Analyze).
	reportIterations = 1000000
)

// MaxReportDepth bounds a report's depth: the exact counts are big
// integers, whose digits grow with the depth (a hundred thousand rows of
// thousands of digits is as much as a table is read).
const MaxReportDepth = 100000

// CheckDepth reports a depth (--depth) outside 0..MaxReportDepth.
func CheckDepth(depth int) error {
	if depth < 0 || depth > MaxReportDepth {
		return opterr.Errorf("--depth", "--depth must be between 0 and %d", MaxReportDepth)
	}
	return nil
}

// NewReport analyses g (reduced first) and counts its nodes to depth.
func NewReport(what string, g *Graph, depth int) Report {
	q, _ := g.Reduce()
	a := q.Analyze(reportIterations)
	rep := Report{Graph: what, Types: len(g.Names), Reduced: len(q.Names), Recurrent: len(a.Recurrent),
		Irreducible: a.Irreducible, Period: a.Period, Limits: a.Limits, Asymptotic: a.Asymptotic, Eigenvalue: a.Eigenvalue}
	if len(a.Recurrent) > 0 && len(a.Recurrent) <= MaxPolyTypes {
		rep.Polynomial = PolyString(CharPoly(q.RecurrentMatrix(a.Recurrent)))
	}
	if len(q.Names) <= maxFractionTypes {
		rep.Fractions = map[string]float64{}
		for i, fr := range a.Fractions {
			if fr > 0 {
				rep.Fractions[q.Names[i]] = fr
			}
		}
	}
	counts := q.Counts(depth)
	for d, n := range counts {
		row := DepthCount{Depth: d, Nodes: n.String()}
		if d > 0 && counts[d-1].Sign() > 0 {
			row.Branching, _ = new(big.Rat).SetFrac(n, counts[d-1]).Float64()
		}
		rep.Depths = append(rep.Depths, row)
	}
	return rep
}
