package main

import (
	"fmt"
	"os"
	"time"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/puzzles/tiles"
	"github.com/branchwise/branchwise/shard"
	"github.com/spf13/cobra"
)

func newTilesKorfCmd(e *env) *cobra.Command {
	var f tilesFlags
	var which string
	var lf shard.Checkpointing
	var workers int
	c := &cobra.Command{
		Use:   "korf100 [flags]",
		Short: "Run Korf's 100 fifteen-puzzles and compare with the published results",
		Long: `Run Korf's 100 fifteen-puzzles (Korf 1985) on -j workers and print per
instance the length found and the optimal one, the nodes and the time, then
the totals. With --algo ida --heuristic md the lengths must be optimal (sum
5305) and the nodes Korf's (36,302,807,931): a difference makes the exit
status 1. With other algorithms the summary gives the instances solved and
the mean length relative to the optimum.`,
		Example: `  branchwise tiles korf100 --instances 1-10 -j 2`,
		Args:    argsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			opt, err := f.options()
			if err != nil {
				return err
			}
			sel, err := cliflag.ParseSelection("instances", which, len(tiles.Korf100()))
			if err != nil {
				return err
			}
			f.lim.SetGCLimit(workers)
			ctx, cancel := f.lim.Context(e.ctx)
			defer cancel()
			f.learn(ctx, e, &opt)
			if err := f.pdb.load(ctx, e, f.heuristic, int64(f.lim.MaxMem)); err != nil {
				return err
			}
			opt.PDB, opt.Workers = f.pdb.h, f.pdb.workers
			spec := fmt.Sprintf("tiles korf100 --algo %s --heuristic %s --weight %v --increment %d --dedup %s --fsm %d --max-nodes %d --max-mem %d",
				opt.Algorithm, f.heuristic, opt.Weight, opt.Increment, opt.Store, f.fsmLen, f.lim.MaxNodes, f.lim.MaxMem)
			slot, err := lf.Slot(os.Getenv)
			if err != nil {
				return err
			}
			sel = shard.Keep(sel, slot)
			ledger, err := lf.Open(spec)
			if err != nil {
				return err
			}
			prog := cliflag.NewProgress(e.stderr)
			done, nodes, start := 0, int64(0), time.Now()
			if ledger != nil {
				done = len(ledger.Done())
			}
			res, err := tiles.RunKorf100(ctx, tiles.Korf100Options{Solve: opt, Instances: sel, Workers: workers, Ledger: ckpt(ledger),
				Done: func(r tiles.KorfRun) {
					done, nodes = done+1, nodes+r.Generated
					prog.Printf("korf100: %d/%d instances done, %.3g nodes, %s", done, len(sel), float64(nodes), time.Since(start).Round(time.Second))
				}})
			prog.Done()
			if err := ledger.Finish(e.stderr, ctx.Err() != nil); err != nil {
				return err
			}
			if err != nil {
				return err
			}
			if err := output(e, f.asJSON, &res); err != nil {
				return err
			}
			if res.Interrupted {
				return errInterrupted
			}
			return res.Err()
		},
	}
	f.add(c)
	f.pdb.add(c.Flags(), false)
	c.Flags().StringVar(&which, "instances", "1-100", "instances to run: numbers and ranges, e.g. 1,3,60 or 1-10")
	addLedgerFlags(c.Flags(), &lf, "instance")
	cliflag.AddWorkers(c.Flags(), &workers)
	return c
}
