// Package scan holds what every reader of a branchwise text format shares:
// a position in a file (Position), an error at a position (Error, modelled
// on go/scanner.Error) and a line reader (Lines) that, unlike
// bufio.Scanner, has no token limit of its own, accepts LF, CR and CRLF line
// ends and skips a UTF-8 byte-order mark at the start of the input.
//
// A line is read into a buffer that grows as needed, so a line costs its
// own length in memory and nothing more. Readers of files that should be
// small still want a bound, so that a stray binary file or a runaway
// generator gives an error rather than gigabytes of buffer: MaxLineBytes is
// that bound, and a longer line is reported with its line number.
package scan
