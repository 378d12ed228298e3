package estimate

// Result presents the exhaustive counts of a Profile as a Result: nodes
// per depth (marked exact) with their mean branching factors, and the
// totals of nodes and solutions down to the depth counted, as intervals
// of zero width. Its Method is "exact" and its Work the nodes counted.
func (p Profile) Result() Result {
	r := Result{Method: "exact"}
	var nodes, sols float64
	for d, n := range p.Nodes {
		de := DepthEstimate{Depth: d, Nodes: float64(n), Exact: true}
		if d+1 < len(p.Nodes) && n > 0 {
			de.MeanBF = float64(p.Branches[d]) / float64(n)
		}
		r.ByDepth = append(r.ByDepth, de)
		nodes += float64(n)
		sols += float64(p.Solutions[d])
		r.Work += n
	}
	r.Nodes = Interval{Estimate: nodes, Low: nodes, High: nodes, Kind: KindExact}
	r.Solutions = Interval{Estimate: sols, Low: sols, High: sols, Kind: KindExact}
	return r
}

// Scale returns the interval multiplied by f > 0, e.g. a count of
// solutions divided by the order of a symmetry group.
func (iv Interval) Scale(f float64) Interval {
	iv.Estimate, iv.Low, iv.High, iv.StdErr = iv.Estimate*f, iv.Low*f, iv.High*f, iv.StdErr*f
	return iv
}

// Shift returns the interval plus a number known exactly, e.g. solutions
// counted outside the estimated tree.
func (iv Interval) Shift(c float64) Interval {
	iv.Estimate, iv.Low, iv.High = iv.Estimate+c, iv.Low+c, iv.High+c
	return iv
}
