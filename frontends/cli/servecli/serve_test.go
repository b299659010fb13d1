package servecli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/waterworks-solver/waterworks/frontends/cli/internal/clikit"
	"github.com/waterworks-solver/waterworks/sat/backends"
)

func TestMain(m *testing.M) {
	backends.ServeIfWorker()
	os.Exit(m.Run())
}

// lines is a writer that hands each line written to a channel.
type lines struct {
	mu  sync.Mutex
	buf bytes.Buffer
	c   chan string
}

func (l *lines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf.Write(p)
	for {
		line, err := l.buf.ReadString('\n')
		if err != nil {
			l.buf.WriteString(line)
			return len(p), nil
		}
		l.c <- strings.TrimSpace(line)
	}
}

// TestServe starts the command on a free loopback port, reads the page at
// the address it prints, and interrupts it: exit 130.
func TestServe(t *testing.T) {
	file := filepath.Join("..", "..", "..", "testdata", "aquarium", "6x6-easy.txt")
	out := &lines{c: make(chan string, 10)}
	var errOut bytes.Buffer
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, clikit.IO{In: strings.NewReader(""), Out: out, Err: &errOut}, []string{"--addr", "127.0.0.1:0", file})
	}()
	var url string
	select {
	case url = <-out.c:
	case code := <-done:
		t.Fatalf("exit %d before serving: %s", code, errOut.String())
	case <-time.After(10 * time.Second):
		t.Fatal("no address printed")
	}
	require.True(t, strings.HasPrefix(url, "http://127.0.0.1:"), url)
	res, err := http.Get(url)
	require.NoError(t, err)
	page, _ := io.ReadAll(res.Body)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, string(page), "6x6-easy.txt")
	res, err = http.Post(url+"api/aquarium/load", "application/json", strings.NewReader(`{"file":0}`))
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)

	stop()
	select {
	case code := <-done:
		assert.Equal(t, clikit.ExitInterrupted, code)
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop")
	}
	assert.NotContains(t, errOut.String(), "not this computer alone")
}

func TestServeUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--addr", "127.0.0.1:0", "no/such/file.txt"}, "no such file"},
		{[]string{"--addr", "127.0.0.1:0", "."}, "not a regular file"},
		{[]string{"--addr", "not an address"}, "not an address"},
		{[]string{"--timeout", "0s"}, "--timeout must be positive"},
		{[]string{"--solves", "0"}, "must be at least 1"},
		{[]string{"--port", "80"}, "unknown flag --port"},
	} {
		var out, errOut bytes.Buffer
		code := run(context.Background(), clikit.IO{In: strings.NewReader(""), Out: &out, Err: &errOut}, tc.args)
		assert.Equal(t, clikit.ExitUsage, code, tc.args)
		assert.Contains(t, errOut.String(), tc.want, tc.args)
		assert.Empty(t, out.String())
	}
}

func TestPageURL(t *testing.T) {
	for addr, want := range map[string]string{"127.0.0.1:8080": "http://127.0.0.1:8080/", "[::]:80": "http://localhost:80/", "[::1]:9": "http://[::1]:9/"} {
		assert.Equal(t, want, pageURL(fakeAddr(addr)))
	}
}

type fakeAddr string

func (a fakeAddr) Network() string { return "tcp" }
func (a fakeAddr) String() string  { return string(a) }
