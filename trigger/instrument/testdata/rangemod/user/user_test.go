package user

import "testing"

func TestCount(t *testing.T) {
	if Count() != 0 {
		t.Fatal("want 0")
	}
}
