package tui

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/deadhunt/deadhunt/report"
)

// A long schedule is mostly loops: review folds a block of steps repeated
// many times into the block once and a row "× 99,999". The folding is
// the compact encoding's (report.Compact): a run of count repetitions is
// folded when the repetitions after the first cover foldMin steps or more.
const foldMin = 8

// laneItem is one row of the lanes: a step, a fold, or where a goroutine
// of the finding ends blocked.
type laneItem struct {
	step   int // index of the step (of the first folded one for a fold); -1 for an end row
	g      int
	text   string
	change bool
	fold   int   // steps folded (0: a step row)
	foldGs []int // the goroutines of a folded block
}

// foldSchedule turns a schedule into rows, folding repeated blocks.
func foldSchedule(steps []report.Step) []laneItem {
	var items []laneItem
	c := report.Compact(steps)
	i := 0
	stepItem := func(i int) laneItem {
		s := steps[i]
		return laneItem{step: i, g: s.Goroutine, text: strings.TrimSpace(s.Op + " " + path.Base(s.Site)), change: s.Change}
	}
	for _, run := range c.Runs {
		block := (len(run) - 1) / 4
		count := run[0]
		if count < 2 || (count-1)*block < foldMin {
			for range count * block {
				items = append(items, stepItem(i))
				i++
			}
			continue
		}
		var gs []int
		for k := range block {
			items = append(items, stepItem(i+k))
			if g := steps[i+k].Goroutine; !slices.Contains(gs, g) {
				gs = append(gs, g)
			}
		}
		folded := (count - 1) * block
		items = append(items, laneItem{step: i + block, g: gs[0], fold: folded, foldGs: gs,
			text: fmt.Sprintf("× %s (%s steps)", thousands(count-1), thousands(folded))})
		i += count * block
	}
	return items
}

// thousands writes n with thousands separators: 99,998.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// nextItem returns the index of the first row after from for which ok
// holds, or -1.
func nextItem(items []laneItem, from int, ok func(prev, it *laneItem) bool) int {
	for i := from + 1; i < len(items); i++ {
		var prev *laneItem
		if i > 0 {
			prev = &items[i-1]
		}
		if ok(prev, &items[i]) {
			return i
		}
	}
	return -1
}

// isChangePoint: a priority change point, a switch to another goroutine,
// or a fold (the loop's end is where the schedule changes).
func isChangePoint(prev, it *laneItem) bool {
	return it.step >= 0 && (it.change || it.fold > 0 || prev != nil && prev.fold == 0 && prev.g != it.g)
}
