package rt

// stepLog is the schedule, in chunks of a fixed size: a long schedule is
// never copied to grow (copying, and first touching the new memory, cost
// about 30 ns a step when it doubled).
type stepLog struct {
	chunks [][]stepRec
	n      int
}

const stepChunk = 4096

func (l *stepLog) add(s stepRec) {
	i := l.n % stepChunk
	if i == 0 {
		l.chunks = append(l.chunks, make([]stepRec, stepChunk))
	}
	l.chunks[len(l.chunks)-1][i] = s
	l.n++
}

func (l *stepLog) len() int { return l.n }

// at returns step i.
func (l *stepLog) at(i int) stepRec { return l.chunks[i/stepChunk][i%stepChunk] }
