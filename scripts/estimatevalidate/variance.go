package main

import (
	"fmt"
	"io"
	"math"

	"github.com/branchwise/branchwise/estimate"
)

// maxLook is the deepest look below a child that -variance models.
const maxLook = 3

// A proposal is how a probe chooses among the children it does not
// resolve: look is how deep it looks below each child (0: not at all,
// auto's Purdom probes; 1: the child's
// own number of children, Options.Lookahead; h: a depth-first search of
// h levels that stops at the first node h-1 below the child that has
// children, or at a solution, and otherwise proves the child's subtree
// dead and counts it), and weight how it weighs the open children.
type proposal struct {
	name   string
	look   int
	weight int
}

// The weights of a proposal.
const (
	weighUniform  = iota // each open child equally likely (Knuth 1975)
	weighChildren        // in proportion to its number of children (Options.Importance)
	weighSize            // in proportion to its subtree's size: an oracle, the best a node-count proxy can do
	weighLive            // each child whose subtree holds a solution equally likely: an oracle of perfect cuts
	weighMixture         // half uniform, half by children: a defensive mixture (Hesterberg 1995)
)

var proposals = []proposal{
	{"uniform, no look", 0, weighUniform},
	{"uniform", 1, weighUniform},
	{"children", 1, weighChildren},
	{"mixture", 1, weighMixture},
	{"uniform, look 2", 2, weighUniform},
	{"uniform, look 3", 3, weighUniform},
	{"oracle size", 1, weighSize},
	{"oracle live", 1, weighLive},
}

// probeMoments are the exact moments of one probe below a node: its
// subtree's nodes and solutions, and per proposal the expected square of
// the probe's solution estimate and its expected moves; dead[h] says a
// look of h levels proves the subtree dead, costing look[h] moves (the
// move to the node included).
type probeMoments struct {
	nodes, solutions float64
	children         int
	solution         bool
	dead             [maxLook + 1]bool
	look             [maxLook + 1]float64
	square, moves    []float64
	nodeSquare       []float64 // the expected square of the probe's node estimate
}

// exactMoments walks the whole subtree of t's current node and returns
// the moments of a probe from it for every proposal, whose bottom is
// counted exactly from the first node of its path with at most tail nodes
// (an ideal of auto's counted bottom: no failed counts). Solutions are at
// leaves, so a probe's estimate X below a node with resolved solutions R
// (leaf children and subtrees proved dead) and open children c drawn with
// probability q_c is R + X_c/q_c, and E[X^2] = R^2 + 2 R S_open + sum_c
// E[X_c^2]/q_c.
func exactMoments(t estimate.Tree, tail float64) probeMoments {
	n, sol := t.Branches()
	m := probeMoments{nodes: 1, children: n, solution: sol,
		square: make([]float64, len(proposals)), moves: make([]float64, len(proposals)),
		nodeSquare: make([]float64, len(proposals))}
	if sol {
		m.solutions = 1
	}
	kids := make([]probeMoments, n)
	for c := range kids {
		t.Down(c)
		kids[c] = exactMoments(t, tail)
		t.Up()
		m.nodes += kids[c].nodes
		m.solutions += kids[c].solutions
	}
	for h := 1; h <= maxLook; h++ {
		m.look[h] = 1
		m.dead[h] = !sol && n == 0
		if sol || n == 0 || h == 1 {
			continue
		}
		m.dead[h] = true
		for _, k := range kids {
			m.look[h] += k.look[h-1]
			if !k.dead[h-1] {
				m.dead[h] = false
				break
			}
		}
	}
	if n == 0 || m.nodes <= tail {
		for p := range proposals {
			m.square[p], m.moves[p] = m.solutions*m.solutions, m.nodes-1
			m.nodeSquare[p] = m.nodes * m.nodes
		}
		return m
	}
	for p, prop := range proposals {
		var resolved, open float64
		resolvedNodes, openNodes := 1.0, 0.0 // the node itself is resolved
		var weights []float64
		var total float64
		var openKids []int
		for c, k := range kids {
			m.moves[p] += k.look[prop.look]
			if prop.look > 0 && (k.children == 0 || k.dead[prop.look]) {
				resolved += k.solutions
				resolvedNodes += k.nodes
				continue
			}
			open += k.solutions
			openNodes += k.nodes
			w := 1.0
			switch prop.weight {
			case weighChildren:
				w = float64(k.children)
			case weighSize:
				w = k.nodes
			case weighLive:
				if k.solutions == 0 {
					w = 1e-9
				}
			}
			openKids, weights = append(openKids, c), append(weights, w)
			total += w
		}
		if prop.weight == weighMixture {
			var children float64
			for _, c := range openKids {
				children += float64(kids[c].children)
			}
			for j, c := range openKids {
				weights[j] = 0.5/float64(len(openKids)) + 0.5*float64(kids[c].children)/children
			}
			total = 1
		}
		m.square[p] = resolved*resolved + 2*resolved*open
		m.nodeSquare[p] = resolvedNodes*resolvedNodes + 2*resolvedNodes*openNodes
		for j, c := range openKids {
			q := weights[j] / total
			m.square[p] += kids[c].square[p] / q
			m.nodeSquare[p] += kids[c].nodeSquare[p] / q
			m.moves[p] += q * kids[c].moves[p]
			if prop.look == 0 {
				m.moves[p] += q // the move to the child
			}
		}
	}
	return m
}

// varianceReport prints, for every tree, the relative standard error of
// the solutions that the mean of the probes of each proposal has on a
// budget of share of the tree's nodes: sqrt(relvar x moves / budget),
// exact (computed on the whole tree, no sampling), for each tail.
func varianceReport(trees []countedTree, share float64, tails []float64, w io.Writer) {
	fmt.Fprintf(w, "| tree | nodes | solutions | solutions in share of a search | counted bottom (nodes) |")
	for _, p := range proposals {
		fmt.Fprintf(w, " %s |", p.name)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "|---|---|---|---|---|")
	for range proposals {
		fmt.Fprintf(w, "---|")
	}
	fmt.Fprintln(w)
	for _, tr := range trees {
		newTree, err := buildTree(tr.spec)
		if err != nil {
			fail(err)
		}
		budget := share * tr.nodes
		for _, tail := range tails {
			m := exactMoments(newTree(), tail)
			fmt.Fprintf(w, "| %s | %.0f | %.0f | %.2f | %.0f |", tr.name, m.nodes, m.solutions, m.solutions*share, tail)
			for p := range proposals {
				rse := func(square, mean float64) string {
					if mean == 0 {
						return "-"
					}
					return fmt.Sprintf("%.2f", math.Sqrt(max(square/(mean*mean)-1, 0)*m.moves[p]/budget))
				}
				fmt.Fprintf(w, " %.0f, %s, %s |", m.moves[p], rse(m.nodeSquare[p], m.nodes), rse(m.square[p], m.solutions))
			}
			fmt.Fprintln(w)
		}
	}
}
