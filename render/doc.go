// Package render draws branchwise's pictures as SVG: charts of series over
// depth (branching factors, node counts) and sheets of board pictures on
// any grid of polygons (squares, triangles, hexagons).
// It writes plain SVG 1.1 with no scripts or external resources, so the
// files open in any browser and embed in documents.
package render
