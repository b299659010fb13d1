package clikit

import (
	"bufio"
	"fmt"
	"strconv"
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
