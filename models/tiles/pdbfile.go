package tiles

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"
)

// PatternDBVersion numbers the layout of the tables and of the file
// WriteTo writes. It changes whenever either changes, so a file written
// by an older version is never read as a newer one (caches put it in the
// file name too).
const PatternDBVersion = 1

// pdbMagic starts every pattern database file.
const pdbMagic = "waterworks tiles pattern database\n"

// ErrCorruptPatternDB is wrapped by the errors ReadPatternDB returns for a
// file that is not a whole, intact pattern database of this version.
var ErrCorruptPatternDB = errors.New("corrupt pattern database")

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// WriteTo writes the database: a header (the magic line, the version, the
// board size and the patterns), the tables, and a CRC-32C of all that.
func (db *PatternDB) WriteTo(w io.Writer) (int64, error) {
	sum := crc32.New(castagnoli)
	cw := &countingWriter{w: io.MultiWriter(w, sum)}
	bw := bufio.NewWriterSize(cw, 1<<16)
	header := db.header()
	bw.Write(header)
	for _, t := range db.tables {
		bw.Write(t)
	}
	if err := bw.Flush(); err != nil {
		return cw.n, err
	}
	err := binary.Write(w, binary.LittleEndian, sum.Sum32())
	return cw.n + 4, err
}

// header encodes the magic line, the version, the size and the patterns.
func (db *PatternDB) header() []byte {
	h := []byte(pdbMagic)
	h = binary.LittleEndian.AppendUint32(h, PatternDBVersion)
	h = append(h, byte(db.width), byte(db.height), byte(len(db.patterns)))
	for _, p := range db.patterns {
		h = append(h, byte(len(p)))
		for _, t := range p {
			h = append(h, byte(t))
		}
	}
	return h
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// ReadPatternDB reads a database WriteTo wrote and checks its checksum.
// A file of another version, cut short, or with a wrong checksum gives an
// error wrapping ErrCorruptPatternDB.
func ReadPatternDB(r io.Reader) (*PatternDB, error) {
	corrupt := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrCorruptPatternDB, fmt.Sprintf(format, args...))
	}
	br := bufio.NewReaderSize(r, 1<<16)
	fixed := make([]byte, len(pdbMagic)+4+3)
	if _, err := io.ReadFull(br, fixed); err != nil {
		return nil, corrupt("header: %v", err)
	}
	if string(fixed[:len(pdbMagic)]) != pdbMagic {
		return nil, corrupt("not a pattern database")
	}
	if v := binary.LittleEndian.Uint32(fixed[len(pdbMagic):]); v != PatternDBVersion {
		return nil, corrupt("version %d, not %d", v, PatternDBVersion)
	}
	w, h, n := int(fixed[len(fixed)-3]), int(fixed[len(fixed)-2]), int(fixed[len(fixed)-1])
	if n > MaxPatterns {
		return nil, corrupt("%d patterns", n)
	}
	patterns := make([][]int, n)
	for i := range patterns {
		k, err := br.ReadByte()
		if err != nil {
			return nil, corrupt("header: %v", err)
		}
		buf := make([]byte, k)
		if _, err := io.ReadFull(br, buf); err != nil {
			return nil, corrupt("header: %v", err)
		}
		for _, t := range buf {
			patterns[i] = append(patterns[i], int(t))
		}
	}
	db, err := newPatternDB(w, h, patterns)
	if err != nil {
		return nil, corrupt("%v", err)
	}
	for _, t := range db.tables {
		if _, err := io.ReadFull(br, t); err != nil {
			return nil, corrupt("tables: %v", err)
		}
	}
	want := crc32.Checksum(db.header(), castagnoli)
	for _, t := range db.tables {
		want = crc32.Update(want, castagnoli, t)
	}
	var stored [4]byte
	if _, err := io.ReadFull(br, stored[:]); err != nil {
		return nil, corrupt("checksum: %v", err)
	}
	if got := binary.LittleEndian.Uint32(stored[:]); got != want {
		return nil, corrupt("checksum %08x, want %08x", got, want)
	}
	if _, err := br.ReadByte(); err != io.EOF {
		return nil, corrupt("bytes after the checksum")
	}
	return db, nil
}

// SamePatterns reports whether db was built for a w×h board with exactly
// these patterns, in this order.
func (db *PatternDB) SamePatterns(w, h int, patterns [][]int) bool {
	return db.width == w && db.height == h && slices.EqualFunc(db.patterns, patterns, slices.Equal)
}
