package pdb

import "encoding/json"

// CacheDir returns the cache directory a command uses: "" (build, do not
// cache) with noCache, else dir when given, else DefaultDir.
func CacheDir(dir string, noCache bool) (string, error) {
	switch {
	case noCache:
		return "", nil
	case dir != "":
		return dir, nil
	}
	return DefaultDir()
}

// sourceJSON is how a Source is written in JSON.
type sourceJSON struct {
	Path    string  `json:"path,omitempty"`
	Built   bool    `json:"built"`
	Rebuilt string  `json:"rebuilt_because,omitempty"`
	Seconds float64 `json:"seconds"`
}

// MarshalJSON writes the source as {"path", "built", "rebuilt_because",
// "seconds"}.
func (s Source) MarshalJSON() ([]byte, error) {
	j := sourceJSON{Path: s.Path, Built: s.Built, Seconds: s.Elapsed.Seconds()}
	if s.Rebuilt != nil {
		j.Rebuilt = s.Rebuilt.Error()
	}
	return json.Marshal(j)
}
