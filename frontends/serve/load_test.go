package serve

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/kind"
	"github.com/waterworks-solver/waterworks/frontends/kind/aquariumkind"
	"github.com/waterworks-solver/waterworks/models/aquarium"
	"github.com/waterworks-solver/waterworks/models/aquarium/aqcorpus"
	"github.com/waterworks-solver/waterworks/models/aquarium/generate"
)

var (
	long        = flag.Bool("long", false, "run the load test (TestSolveUnderLoad): many clients against /solve for a while")
	loadClients = flag.Int("load-clients", 200, "TestSolveUnderLoad: concurrent clients")
	loadFor     = flag.Duration("load-for", 20*time.Second, "TestSolveUnderLoad: how long the clients send requests")
)

// loadCase is one request of the load test and what a right answer is.
type loadCase struct {
	name string
	body []byte
	// puzzle is the puzzle asked about, nil for a hostile request, which
	// must get a 4xx answer.
	puzzle *aquarium.Puzzle
	// solvable: the puzzle has a solution (a generated puzzle's is known);
	// unique: it has exactly one (the corpus says so).
	solvable, unique bool
}

// loadCases returns the requests: every corpus puzzle when the corpus is
// there, generated puzzles of 6x6 to 40x40 with a known solution, and
// hostile requests.
func loadCases(t *testing.T) []loadCase {
	var cases []loadCase
	add := func(name string, p *aquarium.Puzzle, solvable, unique bool) {
		body, err := json.Marshal(solveRequest{Puzzle: ptr(jsonOf(name, p, aquarium.RegionRule)), Limit: 2})
		require.NoError(t, err)
		cases = append(cases, loadCase{name: name, body: body, puzzle: p, solvable: solvable, unique: unique})
	}
	if aqcorpus.Dir() != "" {
		for _, rec := range aqcorpus.Load(t) {
			add(rec.ID, rec.Puzzle(), rec.IsUnique(), rec.IsUnique())
		}
	}
	rng := rand.New(rand.NewPCG(16, 1))
	for i := range 60 {
		side := []int{6, 8, 10, 15, 20, 30, 40}[i%7]
		p, _ := generate.RandomPuzzle(rng, side, side, 2*side, aquarium.RegionRule, 0.3)
		add(fmt.Sprintf("random-%dx%d-%d", side, side, i), p, true, false)
	}
	hostile := []string{
		`{`, `[]`, `{"puzzle":null}`, `{"puzzle":{"width":1000000000,"height":1000000000}}`,
		`{"puzzle":{"width":-1,"height":3}}`, `{"puzzle":{"width":2,"height":1,"regions":[0,0],"cols":[5,0],"rows":[1]}}`,
		`{"puzzle":{"width":2,"height":1,"regions":[0],"cols":[1,0],"rows":[1]}}`,
		`{"puzzle":{"width":2,"height":1,"regions":[0,-7],"cols":[1,0],"rows":[1]}}`,
		`{"puzzle":{"width":2,"height":1,"regions":[0,0],"cols":[1,0],"rows":[1],"rule":"tsunami"}}`,
		`{"puzzle":{"width":2,"height":1,"regions":[0,0],"cols":[1,0],"rows":[1]},"limit":1000}`,
		`{"puzzle":{"width":2,"height":1,"regions":[0,0],"cols":[1,0],"rows":[1]},"engine":"../../etc/passwd"}`,
		`{"puzzle":{"width":2,"height":1,"walls":{"right":"2","below":""},"cols":[1,0],"rows":[1]}}`,
		strings.Repeat("[", 100000),
		`{"puzzle":{"width":2,"height":1,"regions":[0,0],"cols":[1,0],"rows":[1]},"extra":` + strings.Repeat(`"x`, 1<<19) + `"}`,
		"\x00\xff\xfe binary",
	}
	for i, h := range hostile {
		cases = append(cases, loadCase{name: fmt.Sprintf("hostile-%d", i), body: []byte(h)})
	}
	return cases
}

func ptr[T any](v T) *T { return &v }

// loadStats are the load test's counts, shared by the clients.
type loadStats struct {
	requests, answered, unknown, busy, refused atomic.Int64
	mu                                         sync.Mutex
	latencies                                  []time.Duration // of answered requests
	all                                        []time.Duration // of every request
	failures                                   []string        // 5xx, transport errors, wrong answers
}

func (st *loadStats) fail(format string, args ...any) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if len(st.failures) < 20 {
		st.failures = append(st.failures, fmt.Sprintf(format, args...))
	}
}

// TestSolveUnderLoad sends /solve requests from many concurrent clients for a fixed
// time against a server on a loopback port (go test -long; -load-clients
// and -load-for change the load) and checks that nothing crashes and no
// answer is wrong: every solution is re-checked by the client with the
// independent checker, a puzzle with a known solution is never called
// unsolvable, a unique corpus puzzle is never called ambiguous, hostile
// requests get a 4xx answer, and past the solve bound the answer is 503.
// It logs requests per second, latencies, errors and memory for
// BENCHMARKS.md.
func TestSolveUnderLoad(t *testing.T) {
	if !*long {
		t.Skip("the load test runs with -long")
	}
	cases := loadCases(t)
	s := newTestServer(t, Config{Engines: []aquariumkind.Engine{aquariumkind.CP()}})
	var panics atomic.Int64
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				panics.Add(1)
				panic(v)
			}
		}()
		s.ServeHTTP(w, r)
	}))
	defer ts.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *loadClients, MaxConnsPerHost: *loadClients}, Timeout: time.Minute}
	baseGoroutines := runtime.NumGoroutine()

	var st loadStats
	var peak atomic.Uint64
	stopSampling := make(chan struct{})
	go func() {
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-stopSampling:
				return
			case <-time.After(250 * time.Millisecond):
			}
		}
	}()
	deadline := time.Now().Add(*loadFor)
	var wg sync.WaitGroup
	for c := range *loadClients {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(c), 2))
			for time.Now().Before(deadline) {
				lc := cases[rng.IntN(len(cases))]
				freed := s.slots.onFree()
				if st.oneRequest(client, ts.URL+"/solve", lc) == http.StatusServiceUnavailable {
					select { // back off until a solve ends, then try again
					case <-freed:
					case <-time.After(time.Second):
					}
				}
			}
		})
	}
	wg.Wait()
	close(stopSampling)
	elapsed := *loadFor

	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	client.CloseIdleConnections()
	leftOver := func() bool { return runtime.NumGoroutine() < baseGoroutines+20 }
	assert.Eventually(t, leftOver, 10*time.Second, 10*time.Millisecond, "goroutines left running")
	pct := func(d []time.Duration, p float64) time.Duration {
		if len(d) == 0 {
			return 0
		}
		slices.Sort(d)
		return d[min(len(d)-1, int(p*float64(len(d))))]
	}
	t.Logf("%d clients for %v, %d kinds of request (%d puzzles): %d requests (%.0f/s), %d answered (%.0f/s), %d unknown at the deadline, %d busy (503), %d hostile refused (4xx)",
		*loadClients, elapsed, len(cases), countPuzzles(cases), st.requests.Load(), float64(st.requests.Load())/elapsed.Seconds(),
		st.answered.Load(), float64(st.answered.Load())/elapsed.Seconds(), st.unknown.Load(), st.busy.Load(), st.refused.Load())
	t.Logf("latency of answered requests: p50 %v, p99 %v; of every request: p50 %v, p99 %v",
		pct(st.latencies, 0.5), pct(st.latencies, 0.99), pct(st.all, 0.5), pct(st.all, 0.99))
	t.Logf("memory: peak heap in use %.1f MiB, from the OS %.1f MiB; goroutines %d before, %d after",
		float64(peak.Load())/(1<<20), float64(m.Sys)/(1<<20), baseGoroutines, runtime.NumGoroutine())
	assert.Empty(t, st.failures, "5xx answers, transport errors or wrong answers")
	assert.Zero(t, panics.Load(), "handler panics")
	assert.Positive(t, st.answered.Load())
	assert.Positive(t, st.refused.Load())
}

func countPuzzles(cases []loadCase) int {
	n := 0
	for _, c := range cases {
		if c.puzzle != nil {
			n++
		}
	}
	return n
}

// oneRequest sends one case and judges the answer; it returns the status.
func (st *loadStats) oneRequest(client *http.Client, url string, lc loadCase) int {
	start := time.Now()
	res, err := client.Post(url, "application/json", bytes.NewReader(lc.body))
	st.requests.Add(1)
	if err != nil {
		st.fail("%s: %v", lc.name, err)
		return 0
	}
	body, err := io.ReadAll(res.Body)
	res.Body.Close()
	took := time.Since(start)
	st.mu.Lock()
	st.all = append(st.all, took)
	st.mu.Unlock()
	switch {
	case err != nil:
		st.fail("%s: reading the answer: %v", lc.name, err)
	case res.StatusCode == http.StatusServiceUnavailable:
		st.busy.Add(1)
	case lc.puzzle == nil && res.StatusCode >= 400 && res.StatusCode < 500:
		st.refused.Add(1)
	case lc.puzzle == nil || res.StatusCode != http.StatusOK:
		st.fail("%s: HTTP %d: %.200s", lc.name, res.StatusCode, body)
	default:
		st.judge(lc, body, took)
	}
	return res.StatusCode
}

// judge checks a /solve answer on its own: every solution by the
// independent checker, and the status against what is known of the puzzle.
func (st *loadStats) judge(lc loadCase, body []byte, took time.Duration) {
	var v struct {
		Status    string
		Unique    *bool
		Solutions []string
	}
	if err := json.Unmarshal(body, &v); err != nil {
		st.fail("%s: %v", lc.name, err)
		return
	}
	for i, cells := range v.Solutions {
		sol, err := cellsOf(lc.puzzle, cells)
		if err == nil {
			err = aquarium.Check(lc.puzzle, sol, aquarium.RegionRule)
		}
		if err != nil {
			st.fail("%s: solution %d is wrong: %v", lc.name, i+1, err)
		}
	}
	switch {
	case v.Status == string(kind.StatusUnknown):
		st.unknown.Add(1)
		return
	case v.Status == string(kind.StatusUnsolvable) && lc.solvable:
		st.fail("%s: called unsolvable, but it has a solution", lc.name)
	case v.Status == string(kind.StatusSolved) && len(v.Solutions) == 0:
		st.fail("%s: solved without a solution", lc.name)
	case lc.unique && (v.Unique == nil || !*v.Unique):
		st.fail("%s: the corpus says it is unique; the answer says %s with %d solutions", lc.name, v.Status, len(v.Solutions))
	case v.Unique != nil && *v.Unique != (len(v.Solutions) == 1):
		st.fail("%s: unique %v with %d solutions", lc.name, *v.Unique, len(v.Solutions))
	}
	st.answered.Add(1)
	st.mu.Lock()
	st.latencies = append(st.latencies, took)
	st.mu.Unlock()
}

// BenchmarkSolveRequest measures one /solve request on the 6x6 through the
// whole handler (decoding, limits, the CP core, the check, encoding), with
// no network: the server's own cost per request.
func BenchmarkSolveRequest(b *testing.B) {
	d := readPuzzle(b, sixBySix)
	benchRequest(b, "/solve", solveRequest{Puzzle: ptr(jsonOf(d.ID, d.Puzzle, aquarium.RegionRule)), Limit: 2})
}

// BenchmarkPlayRequest measures one click of the play view on the 6x6:
// the fill, the checker and the picture the page shows.
func BenchmarkPlayRequest(b *testing.B) {
	d := readPuzzle(b, sixBySix)
	benchRequest(b, "/api/aquarium/play", stateRequest{Puzzle: ptr(jsonOf(d.ID, d.Puzzle, aquarium.RegionRule)), Click: &clickJSON{Row: 2, Col: 0, To: "#"}})
}

// BenchmarkPourRequest measures one request of the pour view for each
// kind of plan puzzle: reading, the search, the checker's replay and the
// pictures of every state.
func BenchmarkPourRequest(b *testing.B) {
	for _, c := range []struct{ kind, text string }{
		{"jugs", "--capacities 3,5 --target 4"},
		{"sort", "capacity 2\nred blue\nblue red\n-\n"},
		{"tiles", "1 2 3\n4 . 5\n7 8 6\n"},
		{"rush", `{"id":"r","board":["....","AA.B","...B","...."]}`},
		{"torch", `{"id": "classic", "times": [1, 2, 5, 10]}`},
		{"river", "items farmer wolf goat cabbage\nboat 2\nrowers farmer\nforbid wolf goat unless farmer\nforbid goat cabbage unless farmer\n"},
	} {
		b.Run(c.kind, func(b *testing.B) { benchRequest(b, "/api/pour/solve", pourRequest{Text: c.text, Kind: c.kind}) })
	}
}

// benchRequest times one request of req to path through the handler.
func benchRequest(b *testing.B, path string, req any) {
	s, err := New(Config{Engines: []aquariumkind.Engine{aquariumkind.CP()}})
	require.NoError(b, err)
	body, err := json.Marshal(req)
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body)))
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Body.String())
		}
	}
}
