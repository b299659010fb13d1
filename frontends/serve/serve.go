// Package serve is the local web page of waterworks ("waterworks serve"):
// play, set and race Aquarium puzzles, and solve pour puzzles and step
// through their plans, in a browser.
//
// The page is plain HTML, JavaScript and SVG embedded in the program, with
// no build step and nothing fetched from elsewhere, so it works offline.
// The server does every piece of judging: pictures come from the same
// renderer as "aquarium render", answers are re-checked by each puzzle's
// independent checker, hints come from the same reasoner as "aquarium hint",
// and inputs are read by the same readers as the command line, so a bad
// input gets the same message with its line and column. The page only
// shows what the server says.
//
// Limits keep the server responsive: a request body of at most
// Limits.MaxBody bytes, grids of at most Limits.MaxCells cells (and
// Limits.LiveCells for the live analysis of the setter's view), a deadline
// on every request, and at most Limits.Solves solves at once, past which a
// request gets 503 and a message. The server reads no file but its
// embedded assets and the files named in Config.Files, and writes none.
//
// Scripts may POST a puzzle to /solve as the command line reads it (a
// record of JSON Lines as "aquarium convert --to json" writes it, or the
// text format), with ?engine=, ?limit=1|2, ?board=true and ?rule= in the
// query; the answer carries the record's id and annotations. The page's
// own body, {"puzzle": {...}, "engine": ...}, works there too. Bad input
// and bad requests alike are answered with the command line's words at
// their line and column, never with Go's.
package serve

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/waterworks-solver/waterworks/frontends/kind/aquariumkind"
)

//go:embed assets
var assets embed.FS

// Limits bound what one request may ask of the server.
type Limits struct {
	// MaxBody is the largest request body, in bytes.
	MaxBody int64
	// MaxCells is the largest Aquarium grid, in cells, any request may hold.
	MaxCells int
	// LiveCells is the largest grid whose solutions the setter's view
	// counts as it is edited; larger grids get the other analyses only.
	LiveCells int
	// MaxFile is the largest file named on the command line the server
	// reads, in bytes.
	MaxFile int64
	// Deadline bounds the work of one request; past it a solve answers
	// "unknown".
	Deadline time.Duration
	// Solves bounds the solves running at once; a race counts one per
	// engine. A request past it gets 503.
	Solves int
}

// DefaultLimits returns the limits of "waterworks serve": 1 MB bodies,
// grids up to 250x250, live uniqueness up to 30x30, 10 s per request and
// two solves per core.
func DefaultLimits() Limits {
	return Limits{
		MaxBody:   1 << 20,
		MaxCells:  250 * 250,
		LiveCells: 30 * 30,
		MaxFile:   64 << 20,
		Deadline:  10 * time.Second,
		Solves:    2 * runtime.GOMAXPROCS(0),
	}
}

// Config configures a Server.
type Config struct {
	// Files are the files named on the command line: the page offers them,
	// and the server reads them (and no others) when asked.
	Files []string
	// Limits bound every request; zero fields take DefaultLimits' values.
	Limits Limits
	// Engines are the Aquarium engines a race runs and /solve may name,
	// in order; nil means compare's list (aquariumkind.Engines).
	Engines []aquariumkind.Engine
	// Log receives one line per failed request and the server's own
	// messages; nil discards them.
	Log io.Writer
}

// Server serves the page and its API. It is an http.Handler.
type Server struct {
	cfg   Config
	lim   Limits
	mux   *http.ServeMux
	page  *template.Template
	slots *slots
	log   io.Writer
	logMu sync.Mutex
}

// withDefaults returns l with each limit that is not positive set to its
// DefaultLimits value.
func (l Limits) withDefaults() Limits {
	def := DefaultLimits()
	orDefault(&l.MaxBody, def.MaxBody)
	orDefault(&l.MaxCells, def.MaxCells)
	orDefault(&l.LiveCells, def.LiveCells)
	orDefault(&l.MaxFile, def.MaxFile)
	orDefault(&l.Deadline, def.Deadline)
	orDefault(&l.Solves, def.Solves)
	return l
}

// orDefault sets *v to def when it is not positive.
func orDefault[T int | int64 | time.Duration](v *T, def T) {
	if *v <= 0 {
		*v = def
	}
}

// New returns a server for cfg.
func New(cfg Config) (*Server, error) {
	lim := cfg.Limits.withDefaults()
	page, err := template.ParseFS(assets, "assets/index.html")
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, lim: lim, page: page, slots: newSlots(lim.Solves), log: cfg.Log}
	if s.log == nil {
		s.log = io.Discard
	}
	if s.cfg.Engines == nil {
		s.cfg.Engines = aquariumkind.Engines(true)
	}
	s.routes()
	return s, nil
}

func (s *Server) routes() {
	static, _ := fs.Sub(assets, "assets")
	m := http.NewServeMux()
	m.HandleFunc("GET /{$}", s.index)
	m.Handle("GET /static/", http.StripPrefix("/static/", noIndex(http.FileServerFS(static))))
	m.HandleFunc("GET /api/files", s.files)
	m.HandleFunc("POST /api/aquarium/load", s.api(s.load))
	m.HandleFunc("POST /api/aquarium/generate", s.api(s.generate))
	m.HandleFunc("POST /api/aquarium/play", s.api(s.play))
	m.HandleFunc("POST /api/aquarium/hint", s.api(s.onGrid(s.hint)))
	m.HandleFunc("POST /api/aquarium/check", s.api(s.onGrid(s.check)))
	m.HandleFunc("POST /api/aquarium/solve", s.api(withPuzzle(s, s.solve)))
	m.HandleFunc("POST /api/aquarium/analyse", s.api(withPuzzle(s, s.analyse)))
	m.HandleFunc("POST /api/aquarium/export", s.export)
	m.HandleFunc("POST /api/aquarium/race", s.race)
	m.HandleFunc("POST /api/pour/solve", s.api(s.pour))
	m.HandleFunc("POST /solve", s.solveInput) // the short name for scripts, which also reads the command line's inputs
	s.mux = m
}

// ServeHTTP serves a request, with the headers every answer carries.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'")
	s.mux.ServeHTTP(w, r)
}

// noIndex refuses directory listings of the static files.
func noIndex(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "" || r.URL.Path[len(r.URL.Path)-1] == '/' {
			http.NotFound(w, r)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// pageData is what the page template shows.
type pageData struct {
	Files  []fileEntry
	Limits Limits
}

func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := s.page.Execute(w, pageData{Files: s.fileList(), Limits: s.lim}); err != nil {
		s.logf("page: %v", err)
	}
}

func (s *Server) logf(format string, args ...any) {
	s.logMu.Lock()
	defer s.logMu.Unlock()
	fmt.Fprintf(s.log, format+"\n", args...)
}

// ShutdownGrace is how long requests in flight get to finish once the
// server is told to stop.
const ShutdownGrace = 5 * time.Second

// Serve serves on ln until ctx is done, then shuts down gracefully:
// requests in flight get ShutdownGrace to finish, and those still running
// then are cancelled. It returns nil after a shutdown ctx asked for, and
// the error of the listener otherwise.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	base, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      s.lim.Deadline + 30*time.Second,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return base },
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	grace, stop := context.WithTimeout(context.Background(), ShutdownGrace)
	defer stop()
	err := srv.Shutdown(grace)
	if errors.Is(err, context.DeadlineExceeded) {
		s.logf("requests still running after %v: cancelled", ShutdownGrace)
		cancel() // stops the solves of the requests still running
		err = srv.Close()
	}
	if serr := <-done; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}

// fileEntry is a file named on the command line, as the page lists it.
type fileEntry struct {
	Index int    `json:"index"`
	Name  string `json:"name"`
}

func (s *Server) fileList() []fileEntry {
	list := make([]fileEntry, len(s.cfg.Files))
	for i, name := range s.cfg.Files {
		list[i] = fileEntry{Index: i, Name: name}
	}
	return list
}

func (s *Server) files(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.fileList())
}

// decodeInput decodes a request that names its input into req and reads
// that input: *text and *file, once decoded, point into req (see input).
func (s *Server) decodeInput(body []byte, req any, text *string, file **int) (name string, data []byte, err error) {
	if err := decode(body, req); err != nil {
		return "", nil, err
	}
	return s.input(*text, *file)
}

// input returns what a request asks to read: a file named on the command
// line when file is set, else the pasted text, named "input" in messages.
func (s *Server) input(text string, file *int) (name string, data []byte, err error) {
	if file != nil {
		return s.readFile(*file)
	}
	return pastedName, []byte(text), nil
}

// readFile reads the i-th file named on the command line: the only files
// the server ever reads besides its assets.
func (s *Server) readFile(i int) (name string, data []byte, err error) {
	if i < 0 || i >= len(s.cfg.Files) {
		return "", nil, badRequest("no file %d: the server was started with %d", i, len(s.cfg.Files))
	}
	name = s.cfg.Files[i]
	f, err := os.Open(name)
	if err != nil {
		return name, nil, badRequest("%v", err)
	}
	defer f.Close()
	data, err = io.ReadAll(io.LimitReader(f, s.lim.MaxFile+1))
	if err != nil {
		return name, nil, badRequest("%s: %v", name, err)
	}
	if int64(len(data)) > s.lim.MaxFile {
		return name, nil, badRequest("%s is larger than %d bytes", name, s.lim.MaxFile)
	}
	return name, data, nil
}
