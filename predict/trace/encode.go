package trace

import (
	"strconv"
	"unicode/utf8"
)

// appendEvent appends the line of e (no newline) to b.
func appendEvent(b []byte, e *Event) []byte {
	b = append(b, e.Op.String()...)
	switch e.Op {
	case OpRun:
		b = appendInts(b, e.ID)
		b = appendField(b, e.Name)
	case OpSite:
		b = appendInts(b, e.ID)
		b = appendField(appendField(b, e.Pos), e.Name)
	case OpFrame:
		b = appendInts(b, e.ID)
		b = appendField(appendField(b, e.Name), e.Pos)
	case OpStack:
		b = appendInts(b, e.ID)
		b = appendInts(b, e.Frames...)
	case OpLock:
		b = appendInts(b, e.ID)
		b = appendField(appendField(b, e.Name), e.Instance)
	case OpAcq, OpRAcq:
		b = appendInts(b, e.G, e.Lock, e.Site)
		if e.Stack != NoStack {
			b = appendInts(b, e.Stack)
		}
	case OpWait, OpRWait:
		b = appendInts(b, e.G, e.Lock, e.Site)
	case OpRel, OpRRel:
		b = appendInts(b, e.G, e.Lock)
	case OpGo:
		b = appendInts(b, e.G, e.Peer, e.Site)
	case OpHB:
		b = appendInts(b, e.G, e.Peer)
	case OpEnd:
		b = appendInts(b, e.G)
	case OpComm:
		b = appendInts(b, e.G, e.Site, e.Mode)
		if e.Obj != 0 {
			b = appendInts(b, e.Obj)
		}
	}
	return b
}

func appendInts(b []byte, xs ...int) []byte {
	for _, x := range xs {
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return b
}

// appendField appends a space and s, quoted when it would not read back as
// one plain field.
func appendField(b []byte, s string) []byte {
	b = append(b, ' ')
	if needsQuote(s) {
		return strconv.AppendQuote(b, s)
	}
	return append(b, s...)
}

// needsQuote reports whether s is empty, starts with a quote, or holds a
// space, a quote, a control character or invalid UTF-8.
func needsQuote(s string) bool {
	if s == "" {
		return true
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c == '"' || c == 0x7f || c >= utf8.RuneSelf {
			return needsQuoteSlow(s)
		}
	}
	return false
}

func needsQuoteSlow(s string) bool {
	for _, r := range s {
		if r <= ' ' || r == '"' || r == 0x7f || r == utf8.RuneError || !strconv.IsPrint(r) {
			return true
		}
	}
	return false
}
