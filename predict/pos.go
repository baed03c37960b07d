package predict

import (
	"strconv"
	"strings"

	"github.com/deadhunt/deadhunt/predict/trace"
	"github.com/deadhunt/deadhunt/report"
)

// splitPos splits "file:line:col" or "file:line"; what does not parse
// stays in file.
func splitPos(pos string) (file string, line, col int) {
	file = pos
	var nums []int
	for range 2 {
		i := strings.LastIndexByte(file, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(file[i+1:])
		if err != nil || n < 0 {
			break
		}
		file, nums = file[:i], append([]int{n}, nums...)
	}
	switch len(nums) {
	case 2:
		return file, nums[0], nums[1]
	case 1:
		return file, nums[0], 0
	}
	return file, 0, 0
}

func siteOf(s trace.Site) report.Site {
	file, line, col := splitPos(s.Pos)
	return report.Site{File: file, Line: line, Col: col, Func: s.Func}
}

func frameOf(f trace.Frame) report.Frame {
	file, line, _ := splitPos(f.Pos)
	return report.Frame{Func: f.Func, File: file, Line: line}
}
