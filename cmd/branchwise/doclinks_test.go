package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// mdLink is a Markdown link or image: [text](target) or ![alt](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// anchorOf is the anchor GitHub gives a heading: lower case, letters,
// digits, '-' and '_' kept, spaces made '-', the rest dropped.
func anchorOf(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

// anchors are the anchors of a Markdown file's headings (outside fenced
// blocks), a repeated heading numbered "-1", "-2" as GitHub numbers it.
func anchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	inBlock := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inBlock = !inBlock
			continue
		}
		if inBlock || !strings.HasPrefix(line, "#") {
			continue
		}
		a := anchorOf(strings.TrimSpace(strings.TrimLeft(line, "#")))
		if n := seen[a]; n > 0 {
			out[a+"-"+strconv.Itoa(n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

// Every relative link of the README and the docs pages names a file that
// exists, and every anchor (#...) a heading of the page it points to.
func TestDocLinks(t *testing.T) {
	files, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append([]string{"../../README.md"}, files...)
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inBlock := false
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "```") {
				inBlock = !inBlock
			}
			if inBlock {
				continue
			}
			for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				where := filepath.Base(f) + ":" + strconv.Itoa(i+1)
				path, anchor, _ := strings.Cut(target, "#")
				dest := f
				if path != "" {
					dest = filepath.Join(filepath.Dir(f), path)
					if _, err := os.Stat(dest); err != nil {
						t.Errorf("%s: link %s: no such file", where, target)
						continue
					}
				}
				checked++
				if anchor == "" {
					continue
				}
				text, err := os.ReadFile(dest)
				if err != nil {
					t.Errorf("%s: link %s: %v", where, target, err)
					continue
				}
				if !anchors(string(text))[anchor] {
					t.Errorf("%s: link %s: %s has no heading with the anchor #%s", where, target, filepath.Base(dest), anchor)
				}
			}
		}
	}
	if checked < 50 {
		t.Errorf("checked %d links, want at least 50 (has the link pattern stopped matching?)", checked)
	}
}

func TestAnchorOf(t *testing.T) {
	for _, tc := range []struct{ heading, want string }{
		{"Sliding-tile IDA*", "sliding-tile-ida"},
		{"Gaps: one deal on 1 and 2 workers (issue 14)", "gaps-one-deal-on-1-and-2-workers-issue-14"},
		{"3D packings and multiplicities (issue 17)", "3d-packings-and-multiplicities-issue-17"},
		{"`pack --count` and shards", "pack---count-and-shards"},
	} {
		if got := anchorOf(tc.heading); got != tc.want {
			t.Errorf("anchorOf(%q) = %q, want %q", tc.heading, got, tc.want)
		}
	}
}
