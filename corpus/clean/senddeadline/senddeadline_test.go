package senddeadline

import (
	"context"
	"testing"
	"time"
)

func TestCallAtDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel()
	a, ok := Call(ctx, time.Millisecond)
	if ok && a != "ok" {
		t.Fatalf("answer %q", a)
	}
}
