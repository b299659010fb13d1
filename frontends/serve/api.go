package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/waterworks-solver/waterworks/frontends/inputerr"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/frontends/textblock"
)

// apiError is an error with the HTTP status it answers, and for bad input
// the problems with their positions, so the page can show each next to the
// input.
type apiError struct {
	status   int
	msg      string
	problems []problem
}

// problem is one positioned problem of an input, as the readers of the
// command line report it.
type problem struct {
	Line    int    `json:"line,omitempty"`
	Col     int    `json:"col,omitempty"`
	Message string `json:"message"` // the whole "name:line:col: reason"
}

func (e *apiError) Error() string { return e.msg }

func badRequest(format string, args ...any) *apiError {
	return &apiError{status: http.StatusBadRequest, msg: fmt.Sprintf(format, args...)}
}

// inputError turns an error of the input readers into a bad request that
// lists every positioned problem.
func inputError(err error) *apiError {
	e := &apiError{status: http.StatusBadRequest, msg: err.Error()}
	for _, one := range inputerr.All(err) {
		p := problem{Message: one.Error()}
		var ie *inputerr.Error
		if errors.As(one, &ie) {
			p.Line, p.Col = ie.Line, ie.Col
		}
		e.problems = append(e.problems, p)
	}
	if len(e.problems) > 0 {
		e.msg = e.problems[0].Message
		if n := len(e.problems); n > 1 {
			e.msg += fmt.Sprintf(" (and %d more)", n-1)
		}
	}
	return e
}

// errorBody is the JSON of every error answer.
type errorBody struct {
	Error    string    `json:"error"`
	Problems []problem `json:"problems,omitempty"`
}

// handler is an API endpoint: it decodes its request from the body and
// returns the value to answer with as JSON, or an error.
type handler func(ctx context.Context, body []byte) (any, error)

// api wraps an endpoint: it reads the body within the size limit, puts the
// request under the deadline, and writes the answer or the error as JSON.
func (s *Server) api(h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, err := s.readBody(w, r)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), s.lim.Deadline)
		defer cancel()
		v, err := h(ctx, body)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, v)
	}
}

// readBody reads a request body of at most MaxBody bytes.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	if r.ContentLength > s.lim.MaxBody {
		return nil, tooLarge(s.lim.MaxBody)
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.lim.MaxBody))
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		return nil, tooLarge(s.lim.MaxBody)
	case err != nil:
		return nil, badRequest("reading the request: %v", err)
	}
	return data, nil
}

func tooLarge(limit int64) *apiError {
	return &apiError{status: http.StatusRequestEntityTooLarge,
		msg: fmt.Sprintf("the request is larger than the server's limit of %s; use the command line for larger inputs", bytesWord(limit))}
}

func bytesWord(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// fail answers with err: its status and message for an apiError, 500 and
// a short message for anything else (logged in full).
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		s.logf("%s %s: %v", r.Method, r.URL.Path, err)
		ae = &apiError{status: http.StatusInternalServerError, msg: "internal error: " + err.Error()}
	}
	if ae.status == http.StatusServiceUnavailable {
		w.Header().Set("Retry-After", "1")
	}
	writeJSON(w, ae.status, errorBody{Error: ae.msg, Problems: ae.problems})
}

// requestName names a request body in the positions of its problems:
// "request:1:12: ...".
const requestName = "request"

// decode reads a JSON request into v, refusing unknown fields so that a
// mistyped field is an error and not silently ignored. Every problem is
// worded as the command line words those of its inputs (jsonfields), at
// its line and column in the body: never in encoding/json's words.
func decode(body []byte, v any) error {
	if len(bytes.TrimSpace(body)) == 0 {
		return badRequest("bad request: the body is empty; want a JSON object")
	}
	if !json.Valid(body) {
		var anything any
		return requestProblem(body, json.Unmarshal(body, &anything))
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if key, ok := unknownField(err); ok {
			col := 1 + bytes.Index(body, []byte(strconv.Quote(key)))
			line, col := textblock.Position(body, col-1)
			return inputError(inputerr.New(requestName, line, col, "%s", jsonfields.Message(key, jsonKeys(reflect.TypeOf(v)))))
		}
		return requestProblem(body, err)
	}
	return nil
}

// requestProblem words an error of encoding/json about body at its line
// and column.
func requestProblem(body []byte, err error) error {
	col, msg := jsonfields.Problem(body, err)
	line, col := textblock.Position(body, col-1)
	return inputError(inputerr.New(requestName, line, col, "%s", msg))
}

// unknownField returns the key that a json.Decoder which disallows
// unknown fields refused.
func unknownField(err error) (string, bool) {
	rest, ok := strings.CutPrefix(err.Error(), "json: unknown field ")
	if !ok {
		return "", false
	}
	key, uerr := strconv.Unquote(rest)
	return key, uerr == nil
}

// jsonKeys lists the JSON keys of the struct type t and of the structs
// within it, for "did you mean".
func jsonKeys(t reflect.Type) []string {
	var keys []string
	seen := map[reflect.Type]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] {
			return
		}
		seen[t] = true
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case name == "-" || !f.IsExported() && !f.Anonymous:
				continue
			case name == "" && f.Anonymous:
			case name == "":
				keys = append(keys, f.Name)
			default:
				keys = append(keys, name)
			}
			walk(f.Type)
		}
	}
	walk(t)
	return keys
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	data, err := jsonfields.Marshal(v) // with the annotations of an input record, if v carries them
	if err != nil {
		status, data = http.StatusInternalServerError, []byte(`{"error":"internal error: cannot encode the answer"}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(data, '\n'))
}

// slots bounds the solves running at once.
type slots struct {
	mu   sync.Mutex
	used int
	size int
	// freed, made when someone waits (onFree), is closed the next time
	// slots are given back.
	freed chan struct{}
}

func newSlots(n int) *slots { return &slots{size: n} }

// take reserves n slots, or fewer when n exceeds the whole bound (a race of
// more engines than slots then runs alone), and returns how many to give
// back; it fails with 503 when they are not free.
func (sl *slots) take(n int) (int, error) {
	sl.mu.Lock()
	defer sl.mu.Unlock()
	n = min(n, sl.size)
	if sl.used+n > sl.size {
		return 0, &apiError{status: http.StatusServiceUnavailable,
			msg: fmt.Sprintf("the server is busy: %d solves are running, its limit; try again in a moment", sl.used)}
	}
	sl.used += n
	return n, nil
}

func (sl *slots) give(n int) {
	sl.mu.Lock()
	sl.used -= n
	if sl.freed != nil {
		close(sl.freed)
		sl.freed = nil
	}
	sl.mu.Unlock()
}

// onFree returns a channel closed the next time slots are given back: a
// client refused with 503 may wait on it before it tries again.
func (sl *slots) onFree() <-chan struct{} {
	sl.mu.Lock()
	defer sl.mu.Unlock()
	if sl.freed == nil {
		sl.freed = make(chan struct{})
	}
	return sl.freed
}

// busy runs f holding one solve slot.
func (s *Server) busy(f func() (any, error)) (any, error) {
	n, err := s.slots.take(1)
	if err != nil {
		return nil, err
	}
	defer s.slots.give(n)
	return f()
}
