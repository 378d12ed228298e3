// Package opterr is the library's convention for a caller's wrong setting:
// an option that is unknown, out of range, or at odds with another. The
// library's Check methods and name parsers return an *Error; the command
// line maps it, wherever it comes from, to a usage error (exit status 2),
// while any other error is a failed run. The message names the setting as
// the command line's flag (e.g. "--width"), since that is where users meet
// it; Option says which one to programs (the workbench's forms).
package opterr

import (
	"errors"
	"fmt"
)

// Error is a wrong setting: Option names it as a flag ("--width"), or is
// empty when the complaint concerns several; Msg is the whole message.
type Error struct {
	Option string
	Msg    string
}

func (e *Error) Error() string { return e.Msg }

// Errorf returns an *Error for option with the formatted message.
func Errorf(option, format string, args ...any) error {
	return &Error{Option: option, Msg: fmt.Sprintf(format, args...)}
}

// Is reports whether err is, or wraps, an *Error.
func Is(err error) bool {
	var e *Error
	return errors.As(err, &e)
}
