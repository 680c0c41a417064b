package result

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
)

// WriteFile writes r to path as indented JSON (the results.json of a report
// directory). Schema is set to SchemaVersion if it is zero.
func WriteFile(path string, r *Run) error {
	if r == nil {
		return fmt.Errorf("result: WriteFile %s: nil run", path)
	}
	if r.Schema == 0 {
		r.Schema = SchemaVersion
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("result: encoding %s: %w", path, err)
	}
	b = append(b, '\n')
	return os.WriteFile(path, b, 0o644)
}

// ReadFile reads a results.json written by WriteFile. It rejects files that
// are not JSON objects of this schema, and unknown fields, so that a file of
// another kind gives a clear error instead of an empty run.
func ReadFile(path string) (*Run, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Decode(path, b)
}

// Decode parses the JSON form of a Run; name is used in error messages.
func Decode(name string, b []byte) (*Run, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var r Run
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("%s: not a cryptolab results file: %v", name, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: not a cryptolab results file: trailing data", name)
	}
	if r.Schema != SchemaVersion {
		return nil, fmt.Errorf("%s: results schema %d, this cryptolab reads schema %d", name, r.Schema, SchemaVersion)
	}
	return &r, nil
}
