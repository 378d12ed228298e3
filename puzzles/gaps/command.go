package gaps

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/branchwise/branchwise/internal/opterr"
)

// DealOf returns the deal the gaps commands name: the deal file file when
// it is not empty, else the cols-column deal of seed (Generate); and what
// to call it. seeded says that --seed or --columns was given, which a file
// excludes.
func DealOf(file string, seed int64, cols int, seeded bool) (Deal, string, error) {
	if file != "" {
		if seeded {
			return Deal{}, "", opterr.Errorf("", "give a DEAL file or --seed/--columns, not both")
		}
		f, err := os.Open(file)
		if err != nil {
			return Deal{}, "", err
		}
		defer f.Close()
		d, err := Parse(f, file)
		return d, file, err
	}
	if cols < MinCols || cols > MaxCols {
		return Deal{}, "", opterr.Errorf("--columns", "--columns %d: want %d..%d", cols, MinCols, MaxCols)
	}
	return Generate(cols, uint64(seed)), fmt.Sprintf("seed %d, %d columns", seed, cols), nil
}

// WriteDeal prints the deal in a format: text (the deal file format,
// holes named: NamedHoles), solvitaire (Solvitaire's Gaps JSON) or
// solvitaire-rules (Solvitaire's rules file for the deal's size and
// rules).
func WriteDeal(w io.Writer, d Deal, format string) error {
	switch format {
	case "text":
		_, err := io.WriteString(w, d.NamedHoles())
		return err
	case "solvitaire":
		_, err := fmt.Fprintln(w, d.Solvitaire())
		return err
	case "solvitaire-rules":
		if d.Rules.Redeals > 0 {
			return opterr.Errorf("--redeals", "Solvitaire's rules file has no redeals")
		}
		_, err := fmt.Fprintln(w, d.SolvitaireRules())
		return err
	}
	return opterr.Errorf("--format", "--format %q: want text, solvitaire or solvitaire-rules", format)
}

// Check reports an unknown algorithm (CheckAlgorithm) or duplicate store
// (Stores) as option errors, before a deal is read; Solve checks them
// again.
func (o SolveOptions) Check(algo string) error {
	if err := CheckAlgorithm(algo); err != nil {
		return err
	}
	if err := CheckRules(o.Rules, algo); err != nil {
		return err
	}
	return checkStore(o.Store, o.MaxMem)
}

// SolveReport solves deal d, named src, with algo (Solve) and sums up the
// outcome (NewReport).
func SolveReport(ctx context.Context, d Deal, src, algo string, o SolveOptions) (Report, error) {
	if !o.Rules.Standard() {
		d.Rules = o.Rules
	}
	out, err := Solve(ctx, d, algo, o)
	if err != nil {
		return Report{}, err
	}
	return NewReport(d, src, algo, out)
}
