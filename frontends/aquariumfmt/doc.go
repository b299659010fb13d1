// Package aquariumfmt reads and writes Aquarium puzzles in the human text
// format of waterworks and in the corpus JSON Lines format, and through
// package webfmt in the formats of the web: puzzle-aquarium.com task
// strings, puzz.link URLs and pzprjs (pzprv3) files. Read tells them apart
// from the content and Write writes any of them; FORMAT.md in this
// directory is the reference for users.
//
// # The text format
//
// A puzzle looks like this:
//
//	# A 4x4 puzzle with its solution.
//	id two-pieces
//	rule region
//	  3 2 1 2
//	0 x a a x
//	2 x a a x   # x is one aquarium of two pieces
//	2 b b c c
//	4 bbcc      # the compact form of the same kind of row
//	solution
//	....
//	#..#
//	##..
//	####
//
// The input is UTF-8 text; lines end with \n or \r\n; blank lines are
// ignored; tokens are separated by spaces and tabs, and leading and
// trailing spaces do not matter. Outside the solution block a token that
// starts with '#' begins a comment that runs to the end of the line.
//
// Directive lines may come before the grid: "rule region" or "rule pool"
// states the rule the puzzle is meant for, and "id NAME" names it (one
// token). Each may appear once.
//
// The first grid line holds the W column clues, left to right: each a
// decimal number or '-' for a missing clue. Each following line is a row:
// its clue (a number or '-') and then its W aquarium labels. A label is a
// token of letters, digits and the characters _-+*/:=@$%&!~^<>()[]{}|' but
// not '-' alone; cells with the same label belong to the same aquarium,
// whose pieces need not touch. When every label of the puzzle is one
// character, a row may give its labels as one token of W characters
// ("4 aabccc"); a row uses either that compact form or one token per
// label, not both. The grid has as many rows as there are row lines before
// the solution block or the end of the input. Aquariums are numbered in
// the order their labels first appear, row by row, and Puzzle.Names keeps
// the labels.
//
// A line "solution" starts the optional solution block: exactly H lines of
// W cells, '#' for water, '.' for empty and '?' for unknown, written as one
// token ("..####") or one token per cell (". . # # # #"). Inside the block
// '#' is a cell, so comments are not allowed there; after its H lines they
// are allowed again, except that a line right after the block that reads
// as one more row of cells is reported as an extra row.
//
// Read also takes several puzzles from one text input: a directive after
// a grid (or after its solution block) begins the next puzzle, as the
// output of several documents written one after another does when each
// states an id or a rule. ParseText reads one.
//
// WriteText writes the canonical form: directives, the column clues over
// their columns, each row's clue right-aligned, every label column as wide
// as the widest label or column clue, and the solution block in compact
// rows. ParseText reads it back to the same document, so reading and
// writing a file is a fixed point after one pass.
//
// # JSON Lines
//
// ParseJSONL reads the corpus format (FORMAT.md beside this package): one
// JSON object per line with id, width, height, regions, cols, rows,
// solution and corpus fields such as difficulty and unique; blank lines are
// skipped, an id may appear once, a near miss of a known field is an error
// and any other field an annotation, carried into JSON output. Record is the shape of one line, so
// that commands printing JSON Lines can embed it and be read back.
//
// # Formats of the web
//
// Detect recognises a task string ("4_5_5_3;1,1,2,...") and a URL
// ("https://puzz.link/p?aquarium/..."), and Read takes a file of them, one
// puzzle per line, mixed freely; blank lines and comment lines (starting
// with '#') are skipped. A file of one puzzle names it after the input, as
// the text format does; a longer one names each "name:line", as JSON Lines
// does. A URL states its rule (the "r" flag: the region rule, none: the
// pool rule), so its document has HasRule set; a task string states none,
// and the default, the region rule, is the site's. A pzprv3 file holds one
// puzzle with its rule and the marks of its cells, which become the
// document's (possibly partial) solution when there is at least one.
// Problems are positioned in the whole input, past skipped lines.
//
// # MiniZinc
//
// WriteDZN writes a puzzle as data for MiniZincModel, waterworks' Aquarium
// model in MiniZinc (both rules), of which testdata/examples/aquarium.mzn
// is a copy. No reader takes dzn back.
//
// # Errors
//
// Problems in the input come back as an inputerr.List of positioned errors,
// "file:line:col: reason", up to ten per input. Columns count bytes from 1.
// Binary input (NUL bytes, control characters, invalid UTF-8) is rejected
// at its first bad byte. Every document returned holds a puzzle that passes
// Puzzle.Validate: the parsers report what Validate would reject (a clue
// larger than its line, a row of the wrong width) at its position.
package aquariumfmt
