// Package spec writes the spec of a job: the text a ledger or a
// checkpoint (package shard) is tied to, derived from the job's options
// so that none is forgotten.
package spec

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Specer is an option value that writes itself into a spec: a table, an
// automaton or a heuristic, whose Spec names what it computes (nil
// pointers are written "none").
type Specer interface {
	Spec() string
}

// Of is the spec of a job (the text a ledger or a checkpoint is tied
// to, see Job.Spec): name, then every exported field of each options
// struct in opts, depth first in declaration order, as Path=value. A
// field that does not change the results (a callback, the number of
// workers, the selection a ledger records item by item) is left out by
// the tag `spec:"-"`; every other field is in, so that an option added
// later is in the spec unless its author says otherwise, and a resumed
// run cannot mix settings. A field whose value cannot be written (a func,
// a map, an interface or a pointer that is not a Specer) is an error.
func Of(name string, opts ...any) (string, error) {
	var b strings.Builder
	b.WriteString(name)
	for _, o := range opts {
		v := reflect.ValueOf(o)
		if err := writeSpec(&b, "", v); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// specerType is the interface a value may implement to write itself.
var specerType = reflect.TypeFor[Specer]()

// writeSpec writes v, at path, into b.
func writeSpec(b *strings.Builder, path string, v reflect.Value) error {
	if v.Type().Implements(specerType) {
		if (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) && v.IsNil() {
			fmt.Fprintf(b, " %s=none", path)
			return nil
		}
		fmt.Fprintf(b, " %s=%s", path, strconv.Quote(v.Interface().(Specer).Spec()))
		return nil
	}
	switch v.Kind() {
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() || f.Tag.Get("spec") == "-" {
				continue
			}
			p := f.Name
			if path != "" {
				p = path + "." + f.Name
			}
			if err := writeSpec(b, p, v.Field(i)); err != nil {
				return err
			}
		}
		return nil
	case reflect.Interface, reflect.Pointer:
		if v.IsNil() {
			fmt.Fprintf(b, " %s=none", path)
			return nil
		}
		if v.Kind() == reflect.Interface {
			return writeSpec(b, path, v.Elem())
		}
	case reflect.String:
		fmt.Fprintf(b, " %s=%s", path, strconv.Quote(v.String()))
		return nil
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		fmt.Fprintf(b, " %s=%v", path, v.Interface()) // a time.Duration as 1m30s
		return nil
	case reflect.Slice, reflect.Array:
		fmt.Fprintf(b, " %s=[", path)
		for i := range v.Len() {
			var e strings.Builder
			if err := writeSpec(&e, "", v.Index(i)); err != nil {
				return fmt.Errorf("%s[%d]: %w", path, i, err)
			}
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strings.TrimPrefix(e.String(), " ="))
		}
		b.WriteByte(']')
		return nil
	}
	return fmt.Errorf("spec: the option %s (%s) cannot be written into a spec: tag it `spec:\"-\"` if it does not change the results, or give its type a Spec method", path, v.Type())
}

// Excluded lists the fields of the options struct opt (paths as in
// Of) that Of leaves out by their tag `spec:"-"`: a test compares it
// with the list of fields known not to change the results, so that a
// field left out is a decision written down twice.
func Excluded(opt any) []string {
	var out []string
	var walk func(path string, t reflect.Type)
	walk = func(path string, t reflect.Type) {
		if t.Kind() != reflect.Struct || t.Implements(specerType) {
			return
		}
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			p := f.Name
			if path != "" {
				p = path + "." + f.Name
			}
			if f.Tag.Get("spec") == "-" {
				out = append(out, p)
				continue
			}
			walk(p, f.Type)
		}
	}
	walk("", reflect.TypeOf(opt))
	return out
}
