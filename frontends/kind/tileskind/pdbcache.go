package tileskind

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/internal/files"
	"github.com/waterworks-solver/waterworks/models/tiles"
)

// NoCache is the --pdb-cache value that keeps the databases in memory
// only.
const NoCache = "none"

// PatternDBs holds IDA*'s pattern databases for each board size, read
// from a cache directory or built once, and what went wrong with a size.
type PatternDBs struct {
	dir  string // "" keeps them in memory only
	dbs  map[[2]int]*tiles.PatternDB
	errs map[[2]int]error
}

// NewPatternDBs returns the pattern databases cached in the directory
// dir: NoCache or "" keeps them in memory only.
func NewPatternDBs(dir string) *PatternDBs {
	if dir == NoCache {
		dir = ""
	}
	return &PatternDBs{dir: dir, dbs: map[[2]int]*tiles.PatternDB{}, errs: map[[2]int]error{}}
}

// Prepare reads or builds the databases of the default partition for
// w×h boards under ctx, once per size, and says where they came from
// (PDBInfo.Describe); done reports that this call read or built them,
// false when an earlier one did or failed. A failure is kept for For.
func (d *PatternDBs) Prepare(ctx context.Context, w, h int) (info PDBInfo, done bool) {
	size := [2]int{w, h}
	if d.dbs[size] != nil || d.errs[size] != nil {
		return PDBInfo{}, false
	}
	db, info, err := loadPatternDB(ctx, d.dir, w, h)
	if err != nil {
		d.errs[size] = err
		return info, false
	}
	d.dbs[size] = db
	info.db = db
	return info, true
}

// For returns the databases of w×h boards, or why there are none.
func (d *PatternDBs) For(w, h int) (*tiles.PatternDB, error) {
	size := [2]int{w, h}
	if d == nil {
		return nil, fmt.Errorf("none prepared for %d×%d boards", w, h)
	}
	if err := d.errs[size]; err != nil {
		return nil, err
	}
	if db := d.dbs[size]; db != nil {
		return db, nil
	}
	return nil, fmt.Errorf("none prepared for %d×%d boards", w, h)
}

// DefaultCacheDir returns the directory the databases are cached in by
// default: waterworks under the user's cache directory, or "" when there
// is none.
func DefaultCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "waterworks")
}

// patternsName writes a partition for a file name: tiles joined by '.',
// patterns by '_'.
func patternsName(patterns [][]int) string {
	parts := make([]string, len(patterns))
	for i, p := range patterns {
		tiles := make([]string, len(p))
		for j, t := range p {
			tiles[j] = strconv.Itoa(t)
		}
		parts[i] = strings.Join(tiles, ".")
	}
	return strings.Join(parts, "_")
}

// cacheFile returns the path of the cached databases of a w×h partition:
// the format's version is in the name, so a new version never reads an
// old file.
func cacheFile(dir string, w, h int, patterns [][]int) string {
	return filepath.Join(dir, fmt.Sprintf("tiles-pdb-v%d-%dx%d-%s.bin", tiles.PatternDBVersion, w, h, patternsName(patterns)))
}

// PDBInfo says where a database came from and what that cost.
type PDBInfo struct {
	path    string        // the cache file, "" without a cache
	built   bool          // built now (else read from path)
	why     string        // why it was built although a cache is kept
	elapsed time.Duration // the build or the read
	// SaveErr says that the cache could not be written.
	SaveErr error
	w, h    int
	db      *tiles.PatternDB
}

// loadPatternDB reads the databases of the default partition for w×h
// boards from the cache directory dir ("" for none), or builds them on
// every core and writes them there atomically. A missing, stale (other
// patterns) or corrupt file (bad checksum, cut short) is rebuilt.
func loadPatternDB(ctx context.Context, dir string, w, h int) (*tiles.PatternDB, PDBInfo, error) {
	patterns := tiles.DefaultPatterns(w, h)
	info := PDBInfo{w: w, h: h}
	start := time.Now()
	if dir != "" {
		info.path = cacheFile(dir, w, h, patterns)
		db, why := readCached(info.path, w, h, patterns)
		if db != nil {
			info.elapsed = time.Since(start)
			return db, info, nil
		}
		info.why = why
	}
	db, err := tiles.BuildPatternDB(ctx, w, h, patterns, runtime.GOMAXPROCS(0))
	if err != nil {
		return nil, info, err
	}
	info.built, info.elapsed = true, time.Since(start)
	if dir != "" {
		info.SaveErr = save(info.path, db)
	}
	return db, info, nil
}

// readCached reads a cached database, or says why it cannot be used.
func readCached(path string, w, h int, patterns [][]int) (*tiles.PatternDB, string) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, "not cached yet"
	}
	if err != nil {
		return nil, files.Reason(err).Error()
	}
	db, err := tiles.ReadPatternDB(bytes.NewReader(data))
	if err != nil {
		return nil, err.Error()
	}
	if !db.SamePatterns(w, h, patterns) {
		return nil, "stale: built for other patterns"
	}
	return db, ""
}

// save writes db to path atomically, creating the directory.
func save(path string, db *tiles.PatternDB) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	var buf bytes.Buffer
	if _, err := db.WriteTo(&buf); err != nil {
		return err
	}
	return files.WriteAtomic(path, buf.Bytes())
}

// Describe says in words where the databases came from, for stderr.
func (info PDBInfo) Describe() string {
	w, h, db := info.w, info.h, info.db
	sizes := make([]string, len(db.Patterns()))
	for i, p := range db.Patterns() {
		sizes[i] = strconv.Itoa(len(p))
	}
	what := fmt.Sprintf("pattern databases for %d×%d (%s, %d MiB)", w, h, strings.Join(sizes, "-"), db.Bytes()>>20)
	switch {
	case !info.built:
		return fmt.Sprintf("%s read from %s in %.3f s", what, info.path, info.elapsed.Seconds())
	case info.path == "":
		return fmt.Sprintf("%s built in %.3f s (not cached)", what, info.elapsed.Seconds())
	case info.SaveErr != nil:
		return fmt.Sprintf("%s built in %.3f s (%s); not cached: %v", what, info.elapsed.Seconds(), info.why, info.SaveErr)
	}
	return fmt.Sprintf("%s built in %.3f s (%s) and cached in %s", what, info.elapsed.Seconds(), info.why, info.path)
}
