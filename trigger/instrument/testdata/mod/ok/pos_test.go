package ok

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// markLine returns the line of the comment "// mark:name" in this file.
func markLine(t *testing.T, name string) int {
	_, file, _, _ := runtime.Caller(0)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasSuffix(l, "// mark:"+name) {
			return i + 1
		}
	}
	t.Fatalf("no mark %s", name)
	return 0
}

func line() int {
	_, _, l, _ := runtime.Caller(1)
	return l
}

// TestLines checks that code after multi-line rewritten constructs keeps
// its line numbers.
func TestLines(t *testing.T) {
	ch := make(chan int, 1)
	done := make(chan struct{})
	go func(
		a int,
		b int,
	) {
		ch <- a + b
		close(done)
	}(1,
		2)
	select {
	case v :=
		<-ch:
		if v != 3 {
			t.Fatal(v)
		}
	}
	<-done
	got := line() // mark:lines
	if want := markLine(t, "lines"); got != want {
		t.Fatalf("runtime.Caller says line %d, want %d", got, want)
	}
}

// TestPanic panics on a marked line after rewritten code when
// DEADHUNT_TEST_PANIC is set; the outer test reads the stack.
func TestPanic(t *testing.T) {
	if os.Getenv("DEADHUNT_TEST_PANIC") == "" {
		t.Skip("run by the instrumenter's position test")
	}
	ch := make(chan int, 1)
	select {
	case ch <- 1:
	default:
	}
	v := <-ch
	panic("line " + strconv.Itoa(v)) // mark:panic
}
