package arena

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

func TestKeys(t *testing.T) {
	var k Keys
	r := rand.New(rand.NewPCG(3, 4))
	var want [][]byte
	var pos []uint64
	for i := 0; i < 20000; i++ {
		b := make([]byte, r.IntN(300))
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		want = append(want, b)
		pos = append(pos, k.Add(b))
	}
	big := bytes.Repeat([]byte{7}, MaxKey)
	bigPos := k.Add(big)
	for i, p := range pos {
		if !bytes.Equal(k.Get(p), want[i]) {
			t.Fatalf("key %d changed", i)
		}
	}
	if !bytes.Equal(k.Get(bigPos), big) || k.Bytes() < int64(len(big)) {
		t.Fatal("the largest key is not kept whole")
	}
	defer func() {
		if recover() == nil {
			t.Error("a key over MaxKey was accepted")
		}
	}()
	k.Add(make([]byte, MaxKey+1))
}
