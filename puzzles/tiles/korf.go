package tiles

import (
	"bytes"
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

//go:embed data/korf100.txt
var korf100Text []byte

//go:embed data/korf100-results.txt
var korf100Results string

// KorfInstance is one of Korf's 100 fifteen-puzzles with its published
// optimal length and the nodes IDA* with Manhattan distance generates on it
// under Korf's conventions (data/PROVENANCE.md).
type KorfInstance struct {
	Instance
	Optimal   int
	Manhattan int
	Generated int64
}

// Korf100 returns Korf's 100 fifteen-puzzle instances, numbered 1..100.
func Korf100() []KorfInstance {
	insts, err := ReadInstances(bytes.NewReader(korf100Text), "korf100.txt", 4, 4)
	if err != nil {
		panic(err) // the embedded file is checked by the tests
	}
	byName := map[string][3]int64{}
	for _, line := range strings.Split(korf100Results, "\n") {
		f := strings.Fields(line)
		if len(f) != 4 || strings.HasPrefix(f[0], "#") {
			continue
		}
		var v [3]int64
		for i := range v {
			v[i], _ = strconv.ParseInt(f[i+1], 10, 64)
		}
		byName[f[0]] = v
	}
	out := make([]KorfInstance, len(insts))
	for i, in := range insts {
		v, ok := byName[in.Name]
		if !ok {
			panic(fmt.Sprintf("korf100: no result for instance %s", in.Name))
		}
		out[i] = KorfInstance{Instance: in, Optimal: int(v[0]), Manhattan: int(v[1]), Generated: v[2]}
	}
	return out
}
