package predict

import (
	"fmt"
	"slices"

	"github.com/deadhunt/deadhunt/report"
)

// The shapes of the blocking candidates beyond a lock held across an
// operation and a select's abandoned partner (Block.Shape).
const (
	// ShapeWGAdd: a WaitGroup Add by one goroutine and a Wait by another
	// that no happens-before orders: the Wait can come first and return
	// without waiting for what the Add counts (the Add inside the
	// goroutine it counts, or an Add after the Wait started while other
	// counts can end first). What then blocks is the counted goroutine,
	// whose partner went on.
	ShapeWGAdd = "wg-add"
	// ShapeCondUnlocked: a Cond Signal or Broadcast by a goroutine that
	// neither held c.L at it nor took c.L since its last Signal, so the
	// condition it announces was set under another lock or none: the
	// waiter can check the condition, be preempted before its Wait, and
	// miss the Signal, even when it waits in a loop.
	ShapeCondUnlocked = "cond-unlocked"
	// ShapeLateReceive: an unbuffered receive completed by a send in a
	// select with a default: had the receiver come later, the send would
	// have taken the default and the receiver waits for good. HeldAt is
	// the receiver's step before the receive. (A close cannot leave a
	// receiver waiting: one that comes after it returns at once.)
	ShapeLateReceive = "late-receive"
)

// shapeRank orders candidates of one kind: the shapes above name a
// specific order of two operations, so their aims come before the
// generic ones (an abandoned partner's) that share their finding.
func shapeRank(s string) int {
	if s == "" {
		return 1
	}
	return 0
}

// shapeTarget sets the holds of a candidate of a Shape: the goroutine
// whose operation must come second is held at it until the other's has
// happened (or nothing else can step).
func shapeTarget(t *Target, bl *Block) {
	switch bl.Shape {
	case ShapeWGAdd:
		// The Add waits until nothing else can step: the Wait returns
		// first and its goroutine goes on to whatever the counted
		// goroutine would have needed (releasing it at the Wait's step
		// instead let it often add and hand its value over first).
		t.Postpone = []string{bl.OpAt.String()}
		for _, s := range bl.PartnerAt {
			addPos(&t.Sites, s)
		}
	case ShapeCondUnlocked:
		// The waiter, its condition checked, waits at its Wait for the
		// Signal. It must check before the signaller sets the condition:
		// left out of the ordered goroutines it runs first whenever it
		// can (directed's thread bounding), up to its hold, and no change
		// point demotes it at its Lock of c.L.
		t.Postpone = []string{bl.OpAt.String()}
		t.Until = posList(bl.PartnerAt)
		if gs := slices.DeleteFunc(slices.Clone(t.Goroutines), func(c string) bool { return c == bl.Waiter }); len(gs) > 0 {
			t.Goroutines = gs
		}
	case ShapeLateReceive:
		// The receiver comes after the send took its default. A receive
		// that arrives before its sender is filed as waiting, not held,
		// so the hold is at the receiver's step before it (its start,
		// when the receive is its first operation), and at the receive.
		t.Postpone = []string{bl.OpAt.String()}
		if !bl.HeldAt.IsZero() {
			t.Postpone = posList([]report.Site{bl.HeldAt, bl.OpAt})
			addPos(&t.Sites, bl.HeldAt)
		}
		t.Until = posList(bl.PartnerAt)
	}
	addPos(&t.Sites, bl.OpAt)
}

// shapeMessage says what a candidate of a Shape is.
func shapeMessage(bl *Block) string {
	switch bl.Shape {
	case ShapeWGAdd:
		return fmt.Sprintf("WaitGroup.Add at %s is not ordered before the Wait at %s: if the Wait comes first it returns without waiting for the goroutine counted there",
			bl.OpAt, siteList(bl.PartnerAt))
	case ShapeCondUnlocked:
		return fmt.Sprintf("Cond.Wait at %s (c.L taken at %s) is signalled at %s by a goroutine that does not take c.L: a Signal between the waiter's check of its condition and its Wait is lost",
			bl.OpAt, bl.HeldAt, siteList(bl.PartnerAt))
	case ShapeLateReceive:
		return fmt.Sprintf("%s at %s was completed by a send with a default at %s: if the receive comes later, the send takes its default and the receive waits for good",
			commName(bl.Mode), bl.OpAt, siteList(bl.PartnerAt))
	}
	return ""
}
