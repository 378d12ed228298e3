// Package render draws branchwise's pictures as SVG: charts of series over
// depth (branching factors, node counts) now; boards and solutions later.
// It writes plain SVG 1.1 with no scripts or external resources, so the
// files open in any browser and embed in documents.
package render
