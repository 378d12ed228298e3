package pdb

import (
	"encoding/json"
	"errors"
	"testing"
	"time"
)

func TestSourceJSON(t *testing.T) {
	for _, tc := range []struct {
		s    Source
		want string
	}{
		{Source{Built: true, Elapsed: 1500 * time.Millisecond}, `{"built":true,"seconds":1.5}`},
		{Source{Path: "/c/t.pdb", Rebuilt: errors.New("bad checksum"), Elapsed: time.Second}, `{"path":"/c/t.pdb","built":false,"rebuilt_because":"bad checksum","seconds":1}`},
	} {
		b, err := json.Marshal(tc.s)
		if err != nil || string(b) != tc.want {
			t.Errorf("%+v: %s, %v; want %s", tc.s, b, err, tc.want)
		}
	}
}

func TestCacheDir(t *testing.T) {
	if d, err := CacheDir("/x", true); d != "" || err != nil {
		t.Errorf("no cache: %q, %v", d, err)
	}
	if d, err := CacheDir("/x", false); d != "/x" || err != nil {
		t.Errorf("given: %q, %v", d, err)
	}
	t.Setenv(CacheEnv, "/from/env")
	if d, err := CacheDir("", false); d != "/from/env" || err != nil {
		t.Errorf("default: %q, %v; want $%s", d, err, CacheEnv)
	}
}
