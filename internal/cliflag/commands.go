package cliflag

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/branchwise/branchwise/search"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Exit statuses of a command line.
const (
	ExitOK          = 0
	ExitFailure     = 1   // bad input or a failed run
	ExitUsage       = 2   // a mistyped command or flag (IsUsage)
	ExitInterrupted = 130 // stopped by Ctrl-C (128 + SIGINT), as shells report it
)

// ErrInterrupted is returned by a command that stopped on Ctrl-C after
// printing its partial results. It wraps context.Canceled (errors.Is),
// so that search.StatusOf reads it as Interrupted.
var ErrInterrupted error = interrupted{}

// interrupted is ErrInterrupted's type: a cancellation in the command's
// words.
type interrupted struct{}

func (interrupted) Error() string { return "cliflag: interrupted" }
func (interrupted) Unwrap() error { return context.Canceled }

// timeLimit is StopError's error for a run that the time limit ended: it
// wraps context.DeadlineExceeded, which search.StatusOf calls the time
// limit, and says so in the command's words.
type timeLimit struct{}

func (timeLimit) Error() string { return "stopped by the time limit" }
func (timeLimit) Unwrap() error { return context.DeadlineExceeded }

// StopError is the error of a run that ctx stopped, ctx derived from
// parent (the command's context, which Ctrl-C cancels): ErrInterrupted
// after Ctrl-C, an error that names the time limit after ctx's deadline,
// else ctx's error.
func StopError(parent, ctx context.Context) error {
	switch {
	case parent.Err() != nil:
		return ErrInterrupted
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		return timeLimit{}
	}
	return ctx.Err()
}

// Written is a writer that remembers whether anything went through it: a
// command line's standard output, for Ended.
type Written struct {
	W    io.Writer
	Some bool
}

func (w *Written) Write(p []byte) (int, error) {
	w.Some = w.Some || len(p) > 0
	return w.W.Write(p)
}

// Ended is what ended command c after ctx, which Ctrl-C cancels: err, or
// ErrInterrupted once ctx is done and err is its cancellation (a table
// being built, a count's setup). When such a run was asked for --json and
// printed nothing on out, Ended writes one JSON object that says so: a
// --json run always prints one object (issue 36).
//
// A run that ended with the error of a time limit its flags set
// (--max-time, --max-cpu), as a table build does that has no partial
// result to print, was stopped, not failed: Ended says so on c's standard
// error (and as one JSON object, {"status": "stopped", "stopped_by": ...})
// and returns nil, the exit status of every run a limit stops. A memory
// limit's error stays an error: before a result it is a refusal (a table
// that cannot fit) or a failure to hold even the setup.
func Ended(ctx context.Context, c *cobra.Command, err error, out *Written) error {
	if err == nil {
		return nil
	}
	if ctx.Err() == nil {
		if flag := limitFlag(c, err); flag != nil {
			by := search.StatusOf(err).String()
			if asJSON(c) && !out.Some {
				WriteJSON(out, map[string]string{"status": "stopped", "stopped_by": by})
			}
			fmt.Fprintf(c.ErrOrStderr(), "%s: stopped by the %s (--%s %s) before a result: %v\n", c.Root().Name(), by, flag.Name, flag.Value, err)
			return nil
		}
		return err
	}
	if !errors.Is(err, context.Canceled) { // ErrInterrupted too
		return err
	}
	if asJSON(c) && !out.Some {
		WriteJSON(out, map[string]string{"status": "interrupted"})
	}
	return ErrInterrupted
}

// limitErrors pairs the error of each time limit with the flag that sets
// it.
var limitErrors = []struct {
	err  error
	flag string
}{{context.DeadlineExceeded, "max-time"}, {search.ErrCPULimit, "max-cpu"}}

// limitFlag returns the flag of c, given on the command line, whose limit
// err is, or nil.
func limitFlag(c *cobra.Command, err error) *pflag.Flag {
	for _, l := range limitErrors {
		if f := c.Flags().Lookup(l.flag); f != nil && f.Changed && errors.Is(err, l.err) {
			return f
		}
	}
	return nil
}

// asJSON reports whether c was asked for --json.
func asJSON(c *cobra.Command) bool {
	f := c.Flags().Lookup("json")
	return f != nil && f.Value.String() == "true"
}

// ExitStatus says on stderr, as prog, what ended a command with err, and
// returns the exit status: ExitOK for nil; ExitInterrupted for
// ErrInterrupted; ExitUsage, with a pointer to the help, for a usage error
// (IsUsage); else ExitFailure.
func ExitStatus(prog string, err error, stderr io.Writer) int {
	switch {
	case err == nil:
		return ExitOK
	case errors.Is(err, ErrInterrupted):
		fmt.Fprintf(stderr, "%s: interrupted\n", prog)
		return ExitInterrupted
	}
	fmt.Fprintf(stderr, "%s: %v\n", prog, err)
	if IsUsage(err) {
		fmt.Fprintf(stderr, "Run '%s help' for usage.\n", prog)
		return ExitUsage
	}
	return ExitFailure
}

// CmdPath is c's path without the program name, for messages that already
// start with the program's name.
func CmdPath(c *cobra.Command) string {
	return strings.TrimPrefix(c.CommandPath(), c.Root().Name()+" ")
}

// ArgsUsage wraps a cobra argument validator so that its complaint is a
// usage error (an *opterr.Error) naming the command.
func ArgsUsage(v cobra.PositionalArgs) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if err := v(c, args); err != nil {
			return opterr.Errorf("", "%s: %v", CmdPath(c), err)
		}
		return nil
	}
}

// cobraUsage are the starts of the errors cobra itself returns for a bad
// command line (it has no error types for them).
var cobraUsage = []string{"unknown command", "unknown flag", "unknown shorthand flag", "accepts ", "requires at least", "requires at most", "invalid argument", "flag needs an argument"}

// IsUsage reports whether err is the caller's mistake on the command line:
// an *opterr.Error from the library's checks, or cobra's complaint about a
// command, a flag or the arguments.
func IsUsage(err error) bool {
	if opterr.Is(err) {
		return true
	}
	s := err.Error()
	for _, p := range cobraUsage {
		if strings.HasPrefix(s, p) || strings.Contains(s, " "+p) {
			return true
		}
	}
	return false
}

// RejectUnknown makes every command below c that only groups others
// refuse an unknown subcommand with a usage error and a suggestion, as the
// root does, instead of printing its help and succeeding.
func RejectUnknown(c *cobra.Command) {
	for _, sub := range c.Commands() {
		RejectUnknown(sub)
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
		return opterr.Errorf("", "%s", msg)
	}
}

// CheckCommand applies the flag policy (Check) to the flags c was given, so
// that the same mistake is the same usage error in every command, checks
// --progress, and lets every command that reads a file read standard input
// for "-" (StdinArgs). It is the root command's PersistentPreRunE.
func CheckCommand(c *cobra.Command, args []string) error {
	StdinArgs(c, args)
	if m := ProgressMode; m != "auto" && m != "always" && m != "never" {
		return opterr.Errorf("--progress", "--progress %q: want auto, always or never", m)
	}
	var err error
	c.Flags().Visit(func(f *pflag.Flag) {
		if err == nil {
			err = Check(f)
		}
	})
	if err != nil {
		return opterr.Errorf("", "%s: %v", CmdPath(c), err)
	}
	return nil
}

// StdinPath is a path that opens standard input, for the readers that take
// only a file name (Windows has none).
const StdinPath = "/dev/stdin"

// StdinAnnotation is the annotation of a command that reads "-" itself.
const StdinAnnotation = "stdin"

// StdinArgs replaces the argument "-" by StdinPath, in place: cobra passes
// the same slice to the command's RunE. A command that reads "-" itself
// says so with the annotation StdinAnnotation.
func StdinArgs(c *cobra.Command, args []string) {
	if _, own := c.Annotations[StdinAnnotation]; own || runtime.GOOS == "windows" {
		return
	}
	for i, a := range args {
		if a == "-" {
			args[i] = StdinPath
		}
	}
}

// heartbeatEvery is the time between two calls of a heartbeat: often
// enough that a waiting user sees the time so far move.
const heartbeatEvery = time.Second

// Heartbeat calls beat every heartbeatEvery until stop is called, when prog
// is enabled: for work that reports no progress of its own, a line that
// says it is alive.
func Heartbeat(prog *Progress, beat func()) (stop func()) {
	if prog == nil || !prog.Enabled {
		return func() {}
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(heartbeatEvery)
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

// Watched is a progress line that several goroutines share, kept alive by
// a heartbeat until the work reports something of its own (Printf).
type Watched struct {
	mu       sync.Mutex
	prog     *Progress
	reported bool
	stop     func()
}

// Watch starts a Watched line on prog: every heartbeatEvery, until the
// first Printf, it shows idle's line.
func Watch(prog *Progress, idle func() string) *Watched {
	w := &Watched{prog: prog}
	w.stop = Heartbeat(prog, func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		if !w.reported {
			prog.Printf("%s", idle())
		}
	})
	return w
}

// Printf replaces the line (Progress.Printf), and ends the idle lines.
func (w *Watched) Printf(format string, args ...any) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.reported = true
	w.prog.Printf(format, args...)
}

// Stop ends the heartbeat and clears the line.
func (w *Watched) Stop() {
	w.stop()
	w.prog.Done()
}
