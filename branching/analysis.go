package branching

import (
	"fmt"
	"math"
	"math/big"
	"strings"
)

// Analysis is what Analyze finds out about a type graph.
type Analysis struct {
	// Ratios are the branching factors N(d+1)/N(d) of the iteration, from
	// d = 0, as far as it ran.
	Ratios []float64
	// Period is the period of the recurrent part: 1 when the ratios
	// converge to one value, 2 when they alternate (odd x odd boards), ...
	Period int
	// Limits are the limits of the ratios at depths d with d mod Period = 0,
	// 1, ... (one value when Period is 1).
	Limits []float64
	// Asymptotic is the asymptotic branching factor: the geometric mean of
	// Limits, equal to Eigenvalue.
	Asymptotic float64
	// Eigenvalue is the dominant eigenvalue of P, by power iteration.
	Eigenvalue float64
	// Fractions are the equilibrium fractions of the types at depths
	// divisible by the period (the normalised Perron vector of the
	// iteration).
	Fractions []float64
	// Recurrent lists the types that lie on a cycle; Irreducible says
	// whether they form one strongly connected component.
	Recurrent   []int
	Irreducible bool
}

// Analyze iterates the normalised recurrence until the branching factors
// settle (to 1e-13 relative change over a period, at most maxIter depths),
// and computes the dominant eigenvalue independently by power iteration.
func (g *Graph) Analyze(maxIter int) Analysis {
	var a Analysis
	a.Recurrent, a.Irreducible, a.Period = g.structure()
	n := len(g.Names)
	cur := make([]float64, n)
	next := make([]float64, n)
	cur[g.Root] = 1
	total := 1.0
	p := max(a.Period, 1)
	for d := 0; d < maxIter; d++ {
		for i := range next {
			next[i] = 0
		}
		for i, c := range cur {
			for _, e := range g.Children[i] {
				next[e.To] += c * float64(e.Count)
			}
		}
		sum := 0.0
		for _, v := range next {
			sum += v
		}
		if sum == 0 {
			break // a finite tree: no asymptotic branching factor
		}
		a.Ratios = append(a.Ratios, sum/total)
		for i := range next {
			next[i] /= sum
		}
		cur, next = next, cur
		total = 1
		k := len(a.Ratios)
		if k > 4*p+8 && (d+1)%p == 0 {
			settled := true
			for j := 1; j <= p; j++ {
				x, y := a.Ratios[k-j], a.Ratios[k-j-p]
				if math.Abs(x-y) > 1e-13*math.Abs(x) {
					settled = false
				}
			}
			if settled {
				a.Fractions = append([]float64(nil), cur...)
				break
			}
		}
	}
	if k := len(a.Ratios); k >= p {
		a.Limits = make([]float64, p)
		logSum := 0.0
		for j := 0; j < p; j++ {
			// Ratio index r is N(r+1)/N(r): depth r mod p.
			r := k - p + j
			a.Limits[r%p] = a.Ratios[r]
			logSum += math.Log(a.Ratios[r])
		}
		a.Asymptotic = math.Exp(logSum / float64(p))
	}
	if a.Fractions == nil {
		a.Fractions = append([]float64(nil), cur...)
	}
	a.Eigenvalue = g.dominantEigenvalue()
	return a
}

// dominantEigenvalue runs the power iteration on P + I, whose eigenvalues
// are those of P plus one: for a nonnegative P this makes the dominant one
// strictly dominant in modulus even when P is periodic.
func (g *Graph) dominantEigenvalue() float64 {
	n := len(g.Names)
	x := make([]float64, n)
	y := make([]float64, n)
	for i := range x {
		x[i] = 1
	}
	lambda := 0.0
	for it := 0; it < 100000; it++ {
		copy(y, x)
		for i, xi := range x {
			for _, e := range g.Children[i] {
				y[e.To] += xi * float64(e.Count)
			}
		}
		s := 0.0
		for _, v := range y {
			s += v
		}
		for i := range y {
			y[i] /= s
		}
		sx := 0.0
		for _, v := range x {
			sx += v
		}
		l := s/sx - 1
		x, y = y, x
		if it > 10 && math.Abs(l-lambda) < 1e-15*math.Max(1, l) {
			return l
		}
		lambda = l
	}
	return lambda
}

// structure finds the types on cycles (the recurrent part), whether they
// form a single strongly connected component, and its period (the gcd of its
// cycle lengths; for several components, the lcm of their periods).
func (g *Graph) structure() (recurrent []int, irreducible bool, period int) {
	comp := g.scc()
	n := len(g.Names)
	// A type is recurrent when its component has a cycle: more than one
	// type, or a self-loop.
	size := map[int]int{}
	for _, c := range comp {
		size[c]++
	}
	onCycle := make([]bool, n)
	for i := 0; i < n; i++ {
		if size[comp[i]] > 1 {
			onCycle[i] = true
		}
		for _, e := range g.Children[i] {
			if e.To == i {
				onCycle[i] = true
			}
		}
		if onCycle[i] {
			recurrent = append(recurrent, i)
		}
	}
	comps := map[int]bool{}
	for _, i := range recurrent {
		comps[comp[i]] = true
	}
	irreducible = len(comps) == 1
	period = 0
	for c := range comps {
		p := g.componentPeriod(comp, c)
		if period == 0 {
			period = p
		} else {
			period = period * p / gcd(period, p)
		}
	}
	return recurrent, irreducible, period
}

// componentPeriod is the gcd over the edges u->v inside component c of
// level(u)+1-level(v), for BFS levels from one of its types.
func (g *Graph) componentPeriod(comp []int, c int) int {
	level := make([]int, len(g.Names))
	for i := range level {
		level[i] = -1
	}
	start := -1
	for i, ci := range comp {
		if ci == c {
			start = i
			break
		}
	}
	level[start] = 0
	queue := []int{start}
	p := 0
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, e := range g.Children[u] {
			v := e.To
			if comp[v] != c {
				continue
			}
			if level[v] < 0 {
				level[v] = level[u] + 1
				queue = append(queue, v)
			} else {
				p = gcd(p, abs(level[u]+1-level[v]))
			}
		}
	}
	if p == 0 {
		p = 1
	}
	return p
}

// scc returns the strongly connected component of every type (Tarjan).
func (g *Graph) scc() []int {
	n := len(g.Names)
	index := make([]int, n)
	low := make([]int, n)
	comp := make([]int, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []int
	counter, ncomp := 0, 0
	var visit func(v int)
	visit = func(v int) {
		index[v], low[v] = counter, counter
		counter++
		stack = append(stack, v)
		onStack[v] = true
		for _, e := range g.Children[v] {
			w := e.To
			if index[w] < 0 {
				visit(w)
				low[v] = min(low[v], low[w])
			} else if onStack[w] {
				low[v] = min(low[v], index[w])
			}
		}
		if low[v] == index[v] {
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				comp[w] = ncomp
				if w == v {
					break
				}
			}
			ncomp++
		}
	}
	for v := 0; v < n; v++ {
		if index[v] < 0 {
			visit(v)
		}
	}
	return comp
}

// CharPoly returns the coefficients c[0..n] of det(bI - P) = sum c[k] b^k
// for the square matrix p, exactly, by the Faddeev-LeVerrier recurrence
// M_k = P M_{k-1} + c_{n-k+1} I, c_{n-k} = -tr(P M_k)/k, whose divisions are
// exact over the integers.
func CharPoly(p [][]int64) []*big.Int {
	n := len(p)
	a := bigMatrix(n)
	for i := range p {
		for j := range p[i] {
			a[i][j].SetInt64(p[i][j])
		}
	}
	c := make([]*big.Int, n+1)
	c[n] = big.NewInt(1)
	m := bigMatrix(n) // M_0 = 0
	var t big.Int
	for k := 1; k <= n; k++ {
		// M_k = A M_{k-1} + c_{n-k+1} I
		am := mulBig(a, m)
		for i := 0; i < n; i++ {
			am[i][i].Add(am[i][i], c[n-k+1])
		}
		m = am
		tr := new(big.Int)
		pm := mulBig(a, m)
		for i := 0; i < n; i++ {
			tr.Add(tr, pm[i][i])
		}
		t.SetInt64(int64(k))
		c[n-k] = new(big.Int).Quo(tr.Neg(tr), &t)
	}
	return c
}

func bigMatrix(n int) [][]*big.Int {
	m := make([][]*big.Int, n)
	for i := range m {
		m[i] = make([]*big.Int, n)
		for j := range m[i] {
			m[i][j] = new(big.Int)
		}
	}
	return m
}

func mulBig(a, b [][]*big.Int) [][]*big.Int {
	n := len(a)
	r := bigMatrix(n)
	var t big.Int
	for i := 0; i < n; i++ {
		for k := 0; k < n; k++ {
			if a[i][k].Sign() == 0 {
				continue
			}
			for j := 0; j < n; j++ {
				r[i][j].Add(r[i][j], t.Mul(a[i][k], b[k][j]))
			}
		}
	}
	return r
}

// RecurrentMatrix returns the submatrix of P on the recurrent types.
func (g *Graph) RecurrentMatrix(recurrent []int) [][]int64 {
	pos := map[int]int{}
	for k, i := range recurrent {
		pos[i] = k
	}
	p := make([][]int64, len(recurrent))
	for k, i := range recurrent {
		p[k] = make([]int64, len(recurrent))
		for _, e := range g.Children[i] {
			if j, ok := pos[e.To]; ok {
				p[k][j] += e.Count
			}
		}
	}
	return p
}

// PolyString writes coefficients c (of b^0..b^n) as "b^4 - b - 2".
func PolyString(c []*big.Int) string {
	var sb strings.Builder
	for k := len(c) - 1; k >= 0; k-- {
		v := c[k]
		if v.Sign() == 0 {
			continue
		}
		abs := new(big.Int).Abs(v)
		switch {
		case sb.Len() == 0 && v.Sign() < 0:
			sb.WriteString("-")
		case sb.Len() > 0 && v.Sign() < 0:
			sb.WriteString(" - ")
		case sb.Len() > 0:
			sb.WriteString(" + ")
		}
		if abs.Cmp(big.NewInt(1)) != 0 || k == 0 {
			sb.WriteString(abs.String())
		}
		switch {
		case k == 1:
			sb.WriteString("b")
		case k > 1:
			fmt.Fprintf(&sb, "b^%d", k)
		}
	}
	if sb.Len() == 0 {
		return "0"
	}
	return sb.String()
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
