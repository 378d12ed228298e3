package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/branchwise/branchwise/internal/buildinfo"
	"github.com/branchwise/branchwise/internal/cliflag"
	"github.com/branchwise/branchwise/internal/opterr"
	"github.com/spf13/cobra"
)

// Exit statuses.
const (
	exitOK          = cliflag.ExitOK
	exitFailure     = cliflag.ExitFailure
	exitUsage       = cliflag.ExitUsage
	exitInterrupted = cliflag.ExitInterrupted
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
var errInterrupted = cliflag.ErrInterrupted

// run executes the command line args and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	out := &cliflag.Written{W: stdout}
	e := &env{ctx: ctx, stdout: out, stderr: stderr}
	root := newRootCmd(e)
	root.SetArgs(args)
	c, err := root.ExecuteContextC(ctx)
	return cliflag.ExitStatus("branchwise", cliflag.Ended(ctx, c, err, out), stderr)
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
		PersistentPreRunE: cliflag.CheckCommand,
		Version:           buildinfo.Read(stampedVersion).String(),
	}
	root.SetVersionTemplate("branchwise {{.Version}}\n")
	root.PersistentFlags().StringVar(&cliflag.ProgressMode, "progress", "auto", "progress on standard error: auto (on a terminal), always (also to a log: a line every 30 s), never")
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return usagef("%s: %v", cliflag.CmdPath(c), err)
	})
	for _, newCmd := range commands {
		root.AddCommand(newCmd(e))
	}
	cliflag.RejectUnknown(root)
	return root
}

// outputDone prints rep (cliflag.Output), then returns interrupted.
func outputDone(e *env, asJSON bool, rep cliflag.Table) error {
	if err := cliflag.Output(e.stdout, asJSON, rep); err != nil {
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

func init() { register(newVersionCmd) }

// stampedVersion, when set at link time (-ldflags "-X main.stampedVersion=v1.2.3"),
// overrides the version read from the build information.
var stampedVersion string

func newVersionCmd(e *env) *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "version",
		Short: "Print the version of branchwise and of Go",
		Long: `Version prints the module version of branchwise (as "go install
github.com/branchwise/branchwise/cmd/branchwise@latest" stamps it), or for a
build from a git checkout its revision, commit time and whether the tree was
modified; then the Go version and the platform. "branchwise --version" prints
the same line.`,
		Args: cliflag.ArgsUsage(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			v := buildinfo.Read(stampedVersion)
			if asJSON {
				return cliflag.WriteJSON(e.stdout, v)
			}
			fmt.Fprintf(e.stdout, "branchwise %s\n", v)
			return nil
		},
	}
	cliflag.AddJSON(c.Flags(), &asJSON)
	return c
}
