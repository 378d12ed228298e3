package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
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
				last = nil
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
// redirection or variable makes it not one command (ok false); a '*'
// stays in its word, for the caller to expand as a glob.
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
		case r == '|' || r == '<' || r == '>' || r == '$' || r == '`':
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

// docNotRun are the documented commands that TestDocCommandsRun does not
// run, each with its reason: it needs a server or a file that is not in
// the repository, or it takes minutes. TestDocCommandsParse still checks
// them; every other command of the pages is run.
var docNotRun = map[string]string{
	"pack B --count -j 1":                                            "B stands for any built-in puzzle",
	"pack B --count -j 1 --strategy R --unique":                      "B and R stand for a board and a rule",
	"queue serve --store /var/lib/bw-nats":                           "a NATS server",
	"queue push pentomino-6x10 --queue nats://HOST:4222 --job p6x10": "a NATS server",
	"worker --queue nats://HOST:4222 -j 8":                           "a NATS server",
	"queue collect --queue nats://HOST:4222 --job p6x10 --wait":      "a NATS server",
	"queue serve --store /data/bw-nats --listen 0.0.0.0:4222":        "a NATS server",
	"queue push heptiamond-pp24 --strategy first-empty --dead-regions --unique --split-depth 6 --shard 524287/1048576 --split-after 5m --queue nats://HOST:4222 --job pilot": "a NATS server",
	"worker --queue nats://HOST:4222 -j 8 --idle-exit 10m":      "a NATS server",
	"queue collect --queue nats://HOST:4222 --job pilot":        "a NATS server",
	"queue collect --queue nats://HOST:4222 --job pilot --wait": "a NATS server",
	"queue push heptiamond-pp24 --strategy first-empty --dead-regions --unique --split-depth 4 --split-after 15m --ack-wait 2m --queue nats://HOST:4222 --job pp24": "a NATS server",
	"worker --queue nats://HOST:4222 -j 64":               "a NATS server",
	"queue serve --store /tmp/q --listen 127.0.0.1:14222": "a NATS server",
	"queue push heptiamond-pp24 --strategy first-empty --dead-regions --unique --split-depth 6 --shard 524287/1048576 --split-after 5m --queue nats://127.0.0.1:14222 --job dry1": "a NATS server",
	"worker --queue nats://127.0.0.1:14222 -j 1":                 "a NATS server",
	"queue collect --queue nats://127.0.0.1:14222 --job dry1":    "a NATS server",
	"queue serve --store /work/dry12/q --listen 127.0.0.1:14232": "a NATS server",
	"queue push heptiamond-pp24 --strategy first-empty --dead-regions --unique --subtree 4,57,5,1 --split-depth 4 --split-after 15m --ack-wait 2m --queue nats://127.0.0.1:14232 --job mean12": "a NATS server",
	"worker --queue nats://127.0.0.1:14232 -j 2 --idle-exit 2m": "a NATS server",
	"queue collect --queue nats://127.0.0.1:14232 --job mean12": "a NATS server",
	"serve":                              "a web server (go test ./serve drives it)",
	"tiles korf100 --resume korf.ckpt":   "a checkpoint of a korf100 run; minutes",
	"tiles korf100 -j 2":                 "all 100 instances: minutes",
	"tiles korf24 --project report.json": "the reports of 50 runs of 15 s (TestKorf24Project runs --project on one)",
	"pack CubeInCage.xmpuzzle --disassemble --min-level 2":                                                                                                        "a BurrTools file not in the repository",
	"rubik solve --random 14 --seed 1 -j 2 --predict 100000 --svg ida.svg":                                                                                        "builds the pattern databases the first time (87 s of CPU)",
	"rubik solve --random 16 --seed 1 -j 2 --edges 7 --predict 100000 --svg rubik-ida-16.svg":                                                                     "builds the 7-edge databases (10 CPU-minutes)",
	"estimate heptiamond-pp24 --dead-regions --compare first-empty --work 10000000":                                                                               "minutes",
	"estimate heptiamond-pp24 --method paper --samples 20 --exact-depth 5 --svg fig5.svg":                                                                         "minutes",
	"estimate heptiamond-pp24 --dead-regions --compare first-empty --work 18000000 -j 1 --seed 5 --progress always":                                               "5 CPU-minutes",
	"estimate heptiamond-pp24 --cells-only --dead-regions --largest-region --compare first-empty --work 8000000 -j 1 --seed 7 --progress always":                  "2 CPU-minutes",
	"estimate pentomino-6x10 --method purdom --width 4 --samples 30 --target 10% --max-time 4m -j 2":                                                              "minutes",
	"pack pentomino-2x5x6 --count -j 1":                                                                                                                           "the rule auto chooses depends on the machine's speed",
	"merge shard-*-of-1000.json":                                                                                                                                  "needs the other 999 shards",
	"merge --out korf.ckpt korf-*.ckpt":                                                                                                                           "needs the shards' checkpoints of a korf100 run (minutes)",
	"gaps solve --seed 1000 --columns 13 --max-cpu 60s --max-mem 4GB -q":                                                                                          "up to a minute of CPU",
	"gaps survey --columns 13 --deals 1000 --seed 1000 --max-cpu 60s --max-mem 4GB -j 1 --shard 0/2 --checkpoint ck0.json":                                        "hours",
	"pack heptiamond-pp24 --count --strategy first-empty --dead-regions --unique --subtree 4,57,5,1 --split-depth 4 --checkpoint sub.ckpt -j 2 --progress always": "hours (pp24-notes.md)",
	"pack heptiamond-pp24 --count --strategy first-empty --dead-regions --unique --subtree 4,57,5,1 --split-depth 4 --resume sub.ckpt -j 2 --progress always":     "hours, and the checkpoint of the first",
	"gaps survey --columns 13 --deals 10000 --seed 100000 --algos  --max-cpu 60s --max-mem 2GB -j 1 --resume ck.json -v":                                          "about 39 CPU-hours",
	"gaps survey --columns 13 --deals 10000 --seed 100000 --algos  --max-cpu 60s --max-mem 2GB -j 1 --resume ck.json --report":                                    "ck.json is the gunzipped ledger; TestSurvey10kLedger reads it so",
	"gaps survey --columns 13 --deals 10000 --seed 100000 --algos  --max-cpu 60s --max-mem 2GB -j 1 --shard 0/2 --resume s0.json -v":                              "about 19 CPU-hours",
	"gaps survey --columns 13 --deals 10000 --seed 100000 --algos  --max-cpu 60s --max-mem 2GB -j 1 --shard 1/2 --resume s1.json -v":                              "about 19 CPU-hours",
	"merge --out ck.json s0.json s1.json":                                                                                                                         "needs the two shards' ledgers",
	"estimate heptiamond-pp24 --dead-regions --work 50000000 -j 1 --seed 11":                                                                                      "3 CPU-minutes",
	"estimate heptiamond-pp24 --cells-only --dead-regions --largest-region --work 50000000 -j 1 --seed 21":                                                        "3 CPU-minutes",
	"estimate heptiamond-pp24 --dead-regions --work 140000000 -j 1 --seed 13":                                                                                     "7 CPU-minutes",
	"estimate heptiamond-pp24 --strategy first-empty --dead-regions --work 9e8 -j 1 --seed 11":                                                                    "8 CPU-minutes",
	"estimate heptiamond-pp24 --strategy first-empty --dead-regions --work 9e8 -j 1 --seed 12":                                                                    "8 CPU-minutes",
	"estimate heptiamond-pp24 --strategy first-empty --dead-regions --work 2e8 -j 1 --seed 1":                                                                     "2 CPU-minutes",
	"estimate heptiamond-pp24 --cells-only --dead-regions --largest-region --work 140000000 -j 1 --seed 23":                                                       "8 CPU-minutes",
	"estimate heptiamond-pp24 --strategy first-empty --dead-regions --symmetry --subtree 4,57,5,1 --work 95000000 -j 1 --seed 1":                                  "a CPU-minute",
}

// slowDocCommand is the time above which the test names a documented
// command it ran, so that a page does not slowly fill with long examples.
const slowDocCommand = 5 * time.Second

// docFiles are the files the documented commands read, by page and name:
// the file a page draws (box.txt) or the bad input whose error it shows.
var docFiles = map[string]string{
	"pack.md box.txt":        "grid: cubic\npieces: soma\nlayer: bottom\n..\n..\nlayer: top\n..\n.#\n",
	"distributed.md box.txt": "grid: cubic\npieces: soma\nlayer: bottom\n..\n..\nlayer: top\n..\n.#\n",
	"branching.md m.txt":     "a: 1 0\nb: -2 1\n",
	"tiles.md bad.txt":       "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n0 1 2 3 4 5 6 7 8 9 10 11 12 13 14\n",
	"gaps.md bad.txt":        "HA H2 H3 ..\nDA D2 D3 ..\nSA S2 X9 ..\nCA C2 C3 ..\n",
}

// The documented commands print what their pages show under them, and
// exit as the pages say (0, or 1 for the bad inputs shown). They run in a
// directory of their own, with the files of docFiles; the files they
// write (--svg, --checkpoint) stay there.
func TestDocCommandsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the documented commands")
	}
	cmds := docCommands(t)
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	listed := map[string]bool{}
	ran := 0
	for _, dc := range cmds {
		line := strings.Join(dc.args, " ")
		page, _, _ := strings.Cut(dc.where, ":")
		if _, skip := docNotRun[line]; skip {
			listed[line] = true
			continue
		}
		for _, a := range dc.args {
			if text, ok := docFiles[page+" "+a]; ok {
				if err := os.WriteFile(a, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
				if strings.Contains(a, "box") && !strings.Contains(pageText(t, wd, page), text) {
					t.Errorf("%s: %s as the test writes it is not drawn on the page", dc.where, a)
				}
			}
		}
		ran++
		args := make([]string, 0, len(dc.args))
		for _, a := range dc.args {
			if m, _ := filepath.Glob(a); strings.Contains(a, "*") && len(m) > 0 {
				args = append(args, m...) // the shell's glob (shard-*-of-4.json)
			} else {
				args = append(args, a)
			}
		}
		start := time.Now()
		code, stdout, stderr := runCLI(t, args...)
		if d := time.Since(start); d > slowDocCommand {
			t.Logf("%s: branchwise %s took %v", dc.where, line, d.Round(time.Millisecond))
		}
		got := stdout + stderr
		wantFail := len(dc.shown) > 0 && strings.HasPrefix(dc.shown[0], "branchwise: ")
		if wantFail && code != exitFailure || !wantFail && code != exitOK {
			t.Errorf("%s: branchwise %s: exit %d\n%s", dc.where, line, code, got)
			continue
		}
		for _, want := range dc.shown {
			want = strings.TrimRight(want, " ")
			if want == "" || strings.Contains(want, "...") || strings.HasPrefix(want, "strategy auto") {
				continue // elided, or the rule auto chose on the machine of the page
			}
			if strings.Contains(want, " s") || strings.Contains(want, "nodes/s") || strings.Contains(want, "seconds") {
				// A time: the counts before it must match ("pentomino-8x8: 520
				// solutions, 65 unique (...0.51 s)", "seconds    0.006").
				want, _, _ = strings.Cut(want, " (")
				if strings.HasPrefix(want, "seconds") || strings.HasPrefix(want, "nodes/s") || strings.Contains(want, " s") {
					continue
				}
			}
			if !strings.Contains(got, want) {
				t.Errorf("%s: branchwise %s: the page shows %q, the command printed:\n%s", dc.where, line, want, got)
				break
			}
		}
	}
	for line := range docNotRun {
		if !listed[line] {
			t.Errorf("docNotRun lists %q, which no page shows any more", line)
		}
	}
	t.Logf("ran %d of the %d documented commands (%d need a server, a missing file or minutes)", ran, len(cmds), len(cmds)-ran)
	if ran < 20 {
		t.Errorf("ran %d documented commands, want at least 20 (has a page lost its examples?)", ran)
	}
}

// pageText is the text of the docs page (or README.md) named page, from
// the package directory wd.
func pageText(t *testing.T, wd, page string) string {
	t.Helper()
	dir := "../../docs"
	if page == "README.md" {
		dir = "../.."
	}
	b, err := os.ReadFile(filepath.Join(wd, dir, page))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
