package main

import (
	"fmt"
	"os"

	"github.com/branchwise/branchwise/puzzles/polyform"
	"github.com/branchwise/branchwise/render"
)

// loadBurr reads problem k (from 1) of a BurrTools .xmpuzzle file and
// says on stderr what of it branchwise leaves out.
func loadBurr(e *env, file string, k int) (*polyform.Packing, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	pz, err := polyform.ReadBurr(f, file)
	if err != nil {
		return nil, err
	}
	if k < 1 || k > len(pz.Problems) {
		return nil, usagef("--problem %d: %s has problems 1 to %d", k, file, len(pz.Problems))
	}
	pr := pz.Problems[k-1]
	pk, err := pz.Packing(k - 1)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	fmt.Fprintf(e.stderr, "%s: problem %d of %d, %q", file, k, len(pz.Problems), pr.Name)
	if pr.Assemblies >= 0 {
		fmt.Fprintf(e.stderr, "; BurrTools found %d assemblies", pr.Assemblies)
		if pr.Solutions >= 0 {
			fmt.Fprintf(e.stderr, ", %d solutions", pr.Solutions)
		}
	}
	fmt.Fprintln(e.stderr)
	for _, n := range pr.Notes {
		fmt.Fprintf(e.stderr, "%s: note: %s\n", file, n)
	}
	return pk, nil
}

// writeCubeSVG draws the solutions of a packing on the cubic grid, layer
// by layer and in an isometric view.
func writeCubeSVG(name, title string, b *polyform.Board, labels [][]string) error {
	var sols [][]render.Voxel
	for _, ls := range labels {
		var vs []render.Voxel
		for i, c := range b.Cells {
			vs = append(vs, render.Voxel{X: c.X, Y: c.Y, Z: c.Z, Label: ls[i]})
		}
		sols = append(sols, vs)
	}
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := (render.CubeSheet{Title: title, Solutions: sols}).WriteSVG(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
