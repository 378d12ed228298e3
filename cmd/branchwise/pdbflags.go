package main

import (
	"time"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/pdb"
	"github.com/spf13/pflag"
)

// pdbFlags are the pattern-database settings shared by tiles and rubik.
type pdbFlags struct {
	cacheDir string
	noCache  bool
}

func (f *pdbFlags) add(fs *pflag.FlagSet) {
	fs.StringVar(&f.cacheDir, "cache-dir", "", "pattern-database cache directory (default $"+pdb.CacheEnv+", else branchwise under the user cache directory)")
	fs.BoolVar(&f.noCache, "no-cache", false, "build the pattern databases without reading or writing the cache")
}

func (f *pdbFlags) dir() (string, error) { return pdb.CacheDir(f.cacheDir, f.noCache) }

// options returns build options that show each layer on the progress line.
func (f *pdbFlags) options(e *env, workers int, maxMem int64) pdb.Options {
	prog := cliflag.NewProgress(e.stderr)
	return pdb.Options{Workers: workers, MaxMem: maxMem, Progress: func(l pdb.Layer) {
		prog.Printf("building pattern database: depth %d, %d of %d entries, %s", l.Depth, l.Filled, l.Size, l.Elapsed.Round(time.Second))
	}}
}
