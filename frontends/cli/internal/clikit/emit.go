package clikit

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/waterworks-solver/waterworks/models/membudget"
	"github.com/waterworks-solver/waterworks/models/statespace"
)

// Emit writes one record in the printer's format, rec as a line of JSON,
// csvRow() under header as CSV, or by text otherwise, then flushes out.
// A failure to write is reported on stdio.Err under the command's name.
func (p *Printer) Emit(stdio IO, command string, out *bufio.Writer, rec any, header []string, csvRow func() []string, text func() error) {
	var err error
	switch p.format {
	case FormatJSON:
		err = p.JSON(rec)
	case FormatCSV:
		err = p.CSVRow(header, csvRow())
	default:
		err = text()
	}
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		fmt.Fprintf(stdio.Err, "%s: writing output: %v\n", command, err)
	}
}

// OptInt is an optional number as a CSV cell: empty when n is nil.
func OptInt(n *int) string {
	if n == nil {
		return ""
	}
	return strconv.Itoa(*n)
}

// OptBool is an optional truth value as a CSV cell: empty when b is nil.
func OptBool(b *bool) string {
	if b == nil {
		return ""
	}
	return strconv.FormatBool(*b)
}

// MS is a time in milliseconds as a CSV cell, to the microsecond.
func MS(ms float64) string { return strconv.FormatFloat(ms, 'f', 3, 64) }

// Stopped tells whether err says a search stopped before it could decide,
// and why in words: "timed out", "interrupted", or the text of a
// state-space search limit or of the memory budget. Such an answer has StatusUnknown.
func Stopped(err error) (reason string, ok bool) {
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "timed out", true
	case errors.Is(err, context.Canceled):
		return "interrupted", true
	case errors.Is(err, statespace.ErrLimit), errors.Is(err, membudget.ErrBudget):
		return err.Error(), true
	}
	return "", false
}
