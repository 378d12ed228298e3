package main

import (
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// checkFlags applies the flag policy (cliflag.Check) to the flags c was
// given, so that the same mistake is the same usage error everywhere.
func checkFlags(c *cobra.Command, _ []string) error {
	var err error
	c.Flags().Visit(func(f *pflag.Flag) {
		if err == nil {
			err = cliflag.Check(f)
		}
	})
	if err != nil {
		return usagef("%s: %v", cmdPath(c), err)
	}
	return nil
}
