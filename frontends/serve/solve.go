package serve

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"github.com/waterworks-solver/waterworks/frontends/aquariumfmt"
	"github.com/waterworks-solver/waterworks/frontends/jsonfields"
	"github.com/waterworks-solver/waterworks/frontends/suggest"
	"github.com/waterworks-solver/waterworks/models/aquarium"
)

// solveParams are the query parameters of POST /solve for a body that
// holds a puzzle as the command line reads it.
var solveParams = []string{"engine", "limit", "board", "rule"}

// recordView is the answer of POST /solve to a puzzle read as the command
// line reads it: the page's answer, with the puzzle's id and the
// annotations of its record, carried unchanged as the command line's JSON
// output carries them.
type recordView struct {
	ID string `json:"id"`
	solveView
	jsonfields.Annotations `json:"-"`
}

// solveInput answers POST /solve, the short name for scripts. Its body is
// the page's own request ({"puzzle": {...}, "engine": ...}), or one
// puzzle as the command line reads it: a record of JSON Lines exactly as
// "aquarium convert --to json" writes it, the text format, a puzz.link
// URL, a task or pzprv3. The query then says what the page's request
// would (?engine=gini&limit=2&board=true&rule=pool); bad input is
// answered with the command line's messages.
func (s *Server) solveInput(w http.ResponseWriter, r *http.Request) {
	query := r.URL.Query()
	s.api(func(ctx context.Context, body []byte) (any, error) {
		if isPageRequest(body) {
			return withPuzzle(s, s.solve)(ctx, body)
		}
		req, rule, err := solveQuery(query)
		if err != nil {
			return nil, err
		}
		docs, err := aquariumfmt.Read(requestName, body)
		if err != nil {
			return nil, inputError(err)
		}
		if len(docs) != 1 {
			return nil, badRequest("%s holds %d puzzles; POST /solve solves one (the command line solves many)", requestName, len(docs))
		}
		d := docs[0]
		if n := d.Puzzle.Width * d.Puzzle.Height; n > s.lim.MaxCells {
			return nil, badRequest("%s: a %dx%d grid is outside the server's limit of %d cells", d.ID, d.Puzzle.Width, d.Puzzle.Height, s.lim.MaxCells)
		}
		use := aquarium.RegionRule
		switch {
		case rule != nil:
			use = *rule
		case d.HasRule:
			use = d.Rule
		}
		v, err := s.solve(ctx, req, d.Puzzle, use)
		if err != nil {
			return nil, err
		}
		return recordView{ID: d.ID, solveView: v.(solveView), Annotations: d.Annotations}, nil
	})(w, r)
}

// isPageRequest reports whether body is the page's own request to solve:
// a JSON object with a member "puzzle", which no record has.
func isPageRequest(body []byte) bool {
	var top map[string]json.RawMessage
	if json.Unmarshal(body, &top) != nil {
		return false
	}
	_, ok := top["puzzle"]
	return ok
}

// solveQuery reads the query of POST /solve: the request it makes, and
// the rule it names (nil for none).
func solveQuery(q url.Values) (*solveRequest, *aquarium.Rule, error) {
	for key := range q {
		if !slices.Contains(solveParams, key) {
			return nil, nil, badRequest("unknown query parameter %q%s", key, suggest.DidYouMean(key, solveParams, strconv.Quote))
		}
	}
	req := &solveRequest{Engine: q.Get("engine")}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, nil, badRequest("limit %q: want 1 or 2", v)
		}
		req.Limit = n
	}
	switch v := q.Get("board"); v {
	case "", "false", "0":
	case "true", "1":
		req.Board = true
	default:
		return nil, nil, badRequest("board %q: want true or false", v)
	}
	if v := q.Get("rule"); v != "" {
		rule, err := aquarium.ParseRule(v)
		if err != nil {
			return nil, nil, badRequest("%v", err)
		}
		return req, &rule, nil
	}
	return req, nil, nil
}
