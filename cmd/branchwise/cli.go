package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
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

// usagef returns a usage error (exit status 2): an *opterr.Error, as the
// library's checks of its options return.
func usagef(format string, args ...any) error { return opterr.Errorf("", format, args...) }

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
	if opterr.Is(err) || isCobraUsage(err) {
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
Shared flags: --json, --seed, -j/--workers, --max-nodes/--max-time/--max-mem,
--progress auto|always|never (always: a progress line every 30 s in a log).
Ctrl-C stops a search and prints what it found so far (exit status 130).`,
		SilenceUsage:      true,
		SilenceErrors:     true,
		PersistentPreRunE: checkFlags,
		Version:           readVersion().String(),
	}
	root.SetVersionTemplate("branchwise {{.Version}}\n")
	root.PersistentFlags().StringVar(&cliflag.ProgressMode, "progress", "auto", "progress on standard error: auto (on a terminal), always (also to a log: a line every 30 s), never")
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usagef("%s: %v", cmdPath(c), err)
	})
	for _, newCmd := range commands {
		root.AddCommand(newCmd(e))
	}
	rejectUnknown(root)
	return root
}

// rejectUnknown makes every command that only groups others (tiles, gaps,
// ...) refuse an unknown subcommand with a usage error and a suggestion,
// as the root does, instead of printing its help and succeeding.
func rejectUnknown(c *cobra.Command) {
	for _, sub := range c.Commands() {
		rejectUnknown(sub)
	}
	if c == c.Root() || c.Runnable() || !c.HasSubCommands() {
		return
	}
	c.Args = cobra.ArbitraryArgs
	c.SuggestionsMinimumDistance = 2 // cobra's default, which it sets only for the root
	c.RunE = func(c *cobra.Command, args []string) error {
		if len(args) == 0 {
			return c.Help()
		}
		msg := fmt.Sprintf("unknown command %q for %q", args[0], c.CommandPath())
		if s := c.SuggestionsFor(args[0]); len(s) > 0 {
			msg += "; did you mean " + strings.Join(s, " or ") + "?"
		} else if top, _, err := c.Root().Find(args[:1]); err == nil && top != c.Root() {
			msg += "; did you mean " + top.CommandPath() + "?"
		}
		return usagef("%s", msg)
	}
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
			return usagef("%s: %v", cmdPath(c), err)
		}
		return nil
	}
}

// tabler is a result that prints itself as text.
type tabler interface{ WriteTable(io.Writer) error }

// output prints rep as one JSON object or as its table.
func output(e *env, asJSON bool, rep tabler) error {
	if asJSON {
		return cliflag.WriteJSON(e.stdout, rep)
	}
	return rep.WriteTable(e.stdout)
}

// svgTabler is a result that also draws itself.
type svgTabler interface {
	tabler
	WriteSVG(io.Writer) error
}

// outputSVG draws rep to the file svg when one is named (--svg), then
// prints it (output).
func outputSVG(e *env, asJSON bool, rep svgTabler, svg string) error {
	if svg != "" {
		if err := cliflag.CreateFile(svg, rep.WriteSVG); err != nil {
			return err
		}
	}
	return output(e, asJSON, rep)
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

// checkFlags applies the flag policy (cliflag.Check) to the flags c was
// given, so that the same mistake is the same usage error everywhere; and
// lets every command that reads a file read standard input for "-".
func checkFlags(c *cobra.Command, args []string) error {
	stdinArgs(c, args)
	if m := cliflag.ProgressMode; m != "auto" && m != "always" && m != "never" {
		return usagef("--progress %q: want auto, always or never", m)
	}
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

// stdinPath is a path that opens standard input, for the readers that take
// only a file name (Windows has none).
const stdinPath = "/dev/stdin"

// stdinArgs replaces the argument "-" by stdinPath, in place: cobra passes
// the same slice to the command's RunE. A command that reads "-" itself
// says so with the annotation "stdin".
func stdinArgs(c *cobra.Command, args []string) {
	if _, own := c.Annotations["stdin"]; own || runtime.GOOS == "windows" {
		return
	}
	for i, a := range args {
		if a == "-" {
			args[i] = stdinPath
		}
	}
}

// heartbeat calls beat every second until stop is called, when progress is
// on: for work that reports no progress of its own, a line that says it is
// alive.
func heartbeat(prog *cliflag.Progress, beat func()) (stop func()) {
	if !prog.Enabled {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				beat()
			}
		}
	}()
	return func() { close(done); wg.Wait() }
}
