package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// docCommand is a command line shown in a fenced block of a page, with the
// output the page shows under it ("$ branchwise ..." blocks).
type docCommand struct {
	where string // file:line
	args  []string
	shown []string
}

// docCommands collects the command lines of the README and docs pages.
func docCommands(t *testing.T) []docCommand {
	t.Helper()
	files, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	var out []docCommand
	for _, f := range append([]string{"../../README.md"}, files...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inBlock := false
		var last *docCommand
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "```") {
				inBlock, last = !inBlock, nil
				continue
			}
			if !inBlock {
				continue
			}
			text := strings.TrimPrefix(line, "$ ")
			if !strings.HasPrefix(text, "branchwise ") {
				if last != nil && strings.HasPrefix(line, "$ ") || strings.TrimSpace(line) == "" {
					last = nil
				} else if last != nil {
					last.shown = append(last.shown, line)
				}
				continue
			}
			args, ok := shellWords(text)
			if !ok || strings.Contains(text, "[") {
				continue // a pipeline, a shell variable or a synopsis ("[--seed S]"): not one command line
			}
			out = append(out, docCommand{where: filepath.Base(f) + ":" + strconv.Itoa(i+1), args: args[1:]})
			last = &out[len(out)-1]
			if !strings.HasPrefix(line, "$ ") {
				last = nil // output is shown only under "$ " lines
			}
		}
	}
	return out
}

// shellWords splits a command line as the shell does for the simple cases
// of the docs: words, '...' and "..." quotes, a trailing comment. A pipe,
// redirection or variable makes it not one command (ok false).
func shellWords(line string) ([]string, bool) {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == '#' && !inWord:
			return append(words, flush(&cur, &inWord)...), true
		case r == '|' || r == '<' || r == '>' || r == '$' || r == '`' || r == '*':
			return nil, false
		case r == ' ' || r == '\t':
			words = append(words, flush(&cur, &inWord)...)
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	return append(words, flush(&cur, &inWord)...), quote == 0
}

func flush(b *strings.Builder, inWord *bool) []string {
	if !*inWord {
		return nil
	}
	w := b.String()
	b.Reset()
	*inWord = false
	return []string{w}
}

// Every command line of the README and the docs names a command that
// exists, with flags it has and the arguments it takes.
func TestDocCommandsParse(t *testing.T) {
	cmds := docCommands(t)
	if len(cmds) < 30 {
		t.Fatalf("found %d command lines in the docs, want at least 30", len(cmds))
	}
	for _, dc := range cmds {
		root := newRootCmd(&env{stdout: &strings.Builder{}, stderr: &strings.Builder{}})
		c, rest, err := root.Find(dc.args)
		if err != nil || c == root && (len(dc.args) == 0 || !strings.HasPrefix(dc.args[0], "-")) {
			t.Errorf("%s: branchwise %s: no such command (%v)", dc.where, strings.Join(dc.args, " "), err)
			continue
		}
		c.InitDefaultHelpFlag()
		root.InitDefaultVersionFlag()
		if err := c.ParseFlags(rest); err != nil {
			t.Errorf("%s: branchwise %s: %v", dc.where, strings.Join(dc.args, " "), err)
			continue
		}
		if c.Args != nil {
			if err := c.Args(c, c.Flags().Args()); err != nil {
				t.Errorf("%s: branchwise %s: %v", dc.where, strings.Join(dc.args, " "), err)
			}
		}
	}
}

// docRuns are the documented commands quick enough to run in a test; each
// prints the lines its page shows under it (times and "..." left out).
var docRuns = map[string]bool{
	"pack soma": true,
	"pack pentomino-8x8 --count --unique -j 1":                             true,
	"tiles solve 1 2 3 4 5 6 7 8 8":                                        true,
	"tiles solve 0 2 1 3 4 5 6 7 8":                                        true,
	"bf tiles 2x3 --start 1 --depth 4":                                     true,
	"bf tiles 1x3":                                                         true,
	"gaps solve --seed 1 --columns 6":                                      true,
	"tiles solve korf:12":                                                  true,
	"pack pentomino-6x10 --svg solution.svg":                               true,
	"rubik solve --random 14 --seed 1 -j 2 --predict 100000 --svg ida.svg": false, // builds the tables
}

// The quick documented commands print what their pages show, and exit as
// the pages say (0, or 1 for the bad inputs shown).
func TestDocCommandsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the documented commands")
	}
	dir := t.TempDir()
	ran := 0
	for _, dc := range docCommands(t) {
		line := strings.Join(dc.args, " ")
		if !docRuns[line] {
			continue
		}
		ran++
		args := append([]string(nil), dc.args...)
		for i, a := range args {
			if strings.HasSuffix(a, ".svg") {
				args[i] = filepath.Join(dir, a)
			}
		}
		code, stdout, stderr := runCLI(t, args...)
		got := stdout + stderr
		wantFail := len(dc.shown) > 0 && strings.HasPrefix(dc.shown[0], "branchwise: ")
		if wantFail && code != exitFailure || !wantFail && code != exitOK {
			t.Errorf("%s: branchwise %s: exit %d\n%s", dc.where, line, code, got)
			continue
		}
		for _, want := range dc.shown {
			want = strings.TrimRight(want, " ")
			if want == "" || strings.Contains(want, "...") || strings.Contains(want, " s") || strings.Contains(want, "nodes/s") || strings.Contains(want, "seconds") {
				continue // elided, or a time
			}
			if !strings.Contains(got, want) {
				t.Errorf("%s: branchwise %s: the page shows %q, the command printed:\n%s", dc.where, line, want, got)
				break
			}
		}
	}
	t.Logf("ran %d documented commands", ran)
	if ran < 6 {
		t.Errorf("ran %d documented commands, want at least 6 (has a page lost its examples?)", ran)
	}
}
