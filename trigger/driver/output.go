package driver

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"strings"
)

// tailLines is how many lines of a run's output a failure report keeps.
const tailLines = 30

// outputInfo is what the driver reads from a run's combined output.
type outputInfo struct {
	panicked bool   // a line starting "panic: " or "fatal error: "
	failed   bool   // a line starting "--- FAIL" or "FAIL"
	tail     string // the last tailLines lines
}

func readOutput(name string) (outputInfo, error) {
	f, err := os.Open(name)
	if err != nil {
		return outputInfo{}, err
	}
	defer f.Close()
	return scanOutput(f)
}

func scanOutput(r io.Reader) (outputInfo, error) {
	var info outputInfo
	var ring []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	sc.Split(scanLinesLong)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "panic: "), strings.HasPrefix(line, "fatal error: "):
			info.panicked = true
		case strings.HasPrefix(line, "--- FAIL"), line == "FAIL" || strings.HasPrefix(line, "FAIL\t"):
			info.failed = true
		}
		ring = append(ring, line)
		if len(ring) > tailLines {
			ring = ring[1:]
		}
	}
	info.tail = strings.Join(ring, "\n")
	return info, sc.Err()
}

// scanLinesLong splits like bufio.ScanLines but cuts overlong lines instead
// of failing on them.
func scanLinesLong(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return i + 1, bytes.TrimSuffix(data[:i], []byte("\r")), nil
	}
	if len(data) >= 512*1024 || (atEOF && len(data) > 0) {
		return len(data), data, nil
	}
	return 0, nil, nil
}
