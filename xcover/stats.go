package xcover

import "math"

// DepthStats are the branching figures of one depth of a search tree.
type DepthStats struct {
	Depth int   `json:"depth"`
	Nodes int64 `json:"nodes"`
	// MeanMinB and SDMinB are the mean and standard deviation of the
	// option count of the item chosen at the nodes of this depth that
	// branched: Korekawa et al.'s mean minimum branching factor.
	MeanMinB float64 `json:"mean_min_branching"`
	SDMinB   float64 `json:"sd_min_branching"`
	// Histogram[k] counts the nodes whose chosen item had k options (the
	// last entry: HistogramMax or more), trailing zeros cut.
	Histogram []int64 `json:"histogram,omitempty"`
}

// ByDepth returns the nodes and the minimum branching factor's mean,
// standard deviation and histogram per depth, the root (depth 0) counted
// as one node.
func (s *Stats) ByDepth() []DepthStats {
	var out []DepthStats
	for d, n := range s.NodesByDepth {
		ds := DepthStats{Depth: d, Nodes: n}
		if d == 0 {
			ds.Nodes = 1
		}
		if d < len(s.Branched) && s.Branched[d] > 0 {
			ds.MeanMinB = s.MeanMinBranching(d)
			var sq float64
			for k, c := range s.Histogram[d] {
				sq += float64(c) * (float64(k) - ds.MeanMinB) * (float64(k) - ds.MeanMinB)
			}
			ds.SDMinB = math.Sqrt(sq / float64(s.Branched[d]))
			h := s.Histogram[d][:]
			for len(h) > 0 && h[len(h)-1] == 0 {
				h = h[:len(h)-1]
			}
			ds.Histogram = append([]int64(nil), h...)
		}
		out = append(out, ds)
	}
	return out
}

// MeanMinBranching returns the mean option count of the items chosen at
// depth d (0 when no node branched there).
func (s *Stats) MeanMinBranching(d int) float64 {
	if d >= len(s.Branched) || s.Branched[d] == 0 {
		return 0
	}
	return float64(s.Branches[d]) / float64(s.Branched[d])
}
