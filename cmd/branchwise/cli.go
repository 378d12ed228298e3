package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/branchwise/branchwise/dedup"
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"golang.org/x/term"
)

// Exit statuses.
const (
	exitOK          = 0
	exitFailure     = 1
	exitUsage       = 2
	exitInterrupted = 130
)

// commands holds the constructors of the subcommands; each subcommand's file
// adds its own in an init function, so that adding a command touches no
// other file.
var commands []func(*env) *cobra.Command

func register(newCmd func(*env) *cobra.Command) { commands = append(commands, newCmd) }

// env is what a command sees of the world: its output streams and a context
// that Ctrl-C cancels. Tests build one with buffers.
type env struct {
	ctx    context.Context
	stdout io.Writer
	stderr io.Writer
}

// usageError marks an error as the caller's misuse of the command line.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error { return usageError{fmt.Errorf(format, args...)} }

// errInterrupted is returned by a command that stopped on Ctrl-C after
// printing its partial results.
var errInterrupted = errors.New("interrupted")

// run executes the command line args and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	e := &env{ctx: ctx, stdout: stdout, stderr: stderr}
	root := newRootCmd(e)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errInterrupted):
		fmt.Fprintln(stderr, "branchwise: interrupted")
		return exitInterrupted
	}
	fmt.Fprintf(stderr, "branchwise: %v\n", err)
	var ue usageError
	if errors.As(err, &ue) || isCobraUsage(err) {
		fmt.Fprintln(stderr, "Run 'branchwise help' for usage.")
		return exitUsage
	}
	return exitFailure
}

// isCobraUsage recognises the errors cobra itself returns for a bad command
// line (it has no error types for them).
func isCobraUsage(err error) bool {
	s := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "accepts ", "requires at least", "requires at most", "invalid argument", "flag needs an argument"} {
		if strings.HasPrefix(s, p) || strings.Contains(s, " "+p) {
			return true
		}
	}
	return false
}

func newRootCmd(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:   "branchwise",
		Short: "Combinatorial puzzle search: exact counts, fast solvers, branching factors",
		Long: `branchwise searches combinatorial puzzles and measures their search spaces.

Shared flags: --json for machine-readable output, --seed for reproducible
randomness, -j/--workers for parallelism, --max-nodes/--max-time/--max-mem
to bound a search. Ctrl-C stops a search and prints what it found so far
(exit status 130).`,
		SilenceUsage:      true,
		SilenceErrors:     true,
		PersistentPreRunE: checkFlags,
		CompletionOptions: cobra.CompletionOptions{DisableDefaultCmd: true},
	}
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usageError{fmt.Errorf("%s: %w", cmdPath(c), err)}
	})
	for _, newCmd := range commands {
		root.AddCommand(newCmd(e))
	}
	return root
}

// cmdPath is the command's path without the program name, for messages
// that already start with "branchwise: ".
func cmdPath(c *cobra.Command) string {
	return strings.TrimPrefix(c.CommandPath(), c.Root().Name()+" ")
}

// argsUsage wraps a cobra argument validator so that its complaint is a
// usage error (exit status 2).
func argsUsage(v cobra.PositionalArgs) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if err := v(c, args); err != nil {
			return usageError{fmt.Errorf("%s: %w", cmdPath(c), err)}
		}
		return nil
	}
}

// limits are the shared bounds on a search.
type limits struct {
	MaxNodes int64
	MaxTime  time.Duration
	MaxMem   cliflag.ByteSize
}

func addLimitFlags(fs *pflag.FlagSet, l *limits) {
	fs.Int64Var(&l.MaxNodes, "max-nodes", 0, "stop after this many generated nodes (0: no limit)")
	fs.DurationVar(&l.MaxTime, "max-time", 0, "stop after this long, e.g. 90s or 10m (0: no limit)")
	fs.Var(&l.MaxMem, "max-mem", "stop when the search holds about this much memory, e.g. 4GB (0: no limit)")
}

// setGCLimit tells the garbage collector to keep the heap within what
// workers searches of MaxMem each may hold, unless GOMEMLIMIT says
// otherwise. Without it the Go heap may grow to twice the live data before
// a collection, so --max-mem 4GB could take 8 GB; with headroom above
// MaxMem (there was 25% and 256 MB) garbage fills the headroom and the
// resident memory ends well past the limit (issue 19: 1.45x for A*). The
// searches stop at MaxMem of live data, so the collector works hard only
// near the end.
func (l limits) setGCLimit(workers int) {
	if l.MaxMem <= 0 || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetMemoryLimit(int64(l.MaxMem) * int64(max(workers, 1)))
}

// context returns ctx bounded by the time limit.
func (l limits) context(ctx context.Context) (context.Context, context.CancelFunc) {
	if l.MaxTime > 0 {
		return context.WithTimeout(ctx, l.MaxTime)
	}
	return context.WithCancel(ctx)
}

func addJSONFlag(fs *pflag.FlagSet, p *bool) {
	fs.BoolVar(p, "json", false, "print one JSON object instead of tables")
}

func addSeedFlag(fs *pflag.FlagSet, p *int64) {
	fs.Int64Var(p, "seed", 1, "seed of the random choices")
}

func addWorkersFlag(fs *pflag.FlagSet, p *int) {
	fs.IntVarP(p, "workers", "j", runtime.NumCPU(), "number of worker goroutines")
}

// newStore checks a duplicate store's name: hash or trie.
func newStore(name string) (dedup.Store, error) {
	if st, err := dedup.New(name); err == nil && name != "" {
		return st, nil
	}
	return nil, usagef("unknown duplicate store %q (want hash or trie)", name)
}

// createFile creates the file name and writes it with write.
func createFile(name string, write func(io.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// tabler is a result that prints itself as text.
type tabler interface{ WriteTable(io.Writer) error }

// output prints rep as one JSON object or as its table.
func output(e *env, asJSON bool, rep tabler) error {
	if asJSON {
		return writeJSON(e.stdout, rep)
	}
	return rep.WriteTable(e.stdout)
}

// outputDone is output, then interrupted.
func outputDone(e *env, asJSON bool, rep tabler) error {
	if err := output(e, asJSON, rep); err != nil {
		return err
	}
	return interrupted(e)
}

// interrupted is errInterrupted when Ctrl-C ended the run.
func interrupted(e *env) error {
	if e.ctx.Err() != nil {
		return errInterrupted
	}
	return nil
}

// writeJSON prints v as one indented JSON object.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// progress writes a one-line status to standard error, overwritten in place,
// at most a few times a second, and only when standard error is a terminal.
type progress struct {
	w       io.Writer
	enabled bool
	last    time.Time
	width   int
}

func newProgress(e *env) *progress {
	p := &progress{w: e.stderr}
	if f, ok := e.stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.enabled = true
	}
	return p
}

// Printf replaces the status line, unless one was printed very recently.
func (p *progress) Printf(format string, args ...any) {
	if p == nil || !p.enabled {
		return
	}
	now := time.Now()
	if now.Sub(p.last) < 200*time.Millisecond {
		return
	}
	p.last = now
	s := fmt.Sprintf(format, args...)
	pad := ""
	if n := p.width - len(s); n > 0 {
		pad = strings.Repeat(" ", n)
	}
	p.width = len(s)
	fmt.Fprintf(p.w, "\r%s%s", s, pad)
}

// Done clears the status line.
func (p *progress) Done() {
	if p == nil || !p.enabled || p.width == 0 {
		return
	}
	fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
	p.width = 0
}
