package trace

import "fmt"

// opByName returns the op named by the first field of a line.
func opByName(b []byte) Op {
	switch string(b) {
	case "run":
		return OpRun
	case "site":
		return OpSite
	case "frame":
		return OpFrame
	case "stack":
		return OpStack
	case "lock":
		return OpLock
	case "acq":
		return OpAcq
	case "racq":
		return OpRAcq
	case "wait":
		return OpWait
	case "rwait":
		return OpRWait
	case "rel":
		return OpRel
	case "rrel":
		return OpRRel
	case "go":
		return OpGo
	case "hb":
		return OpHB
	case "end":
		return OpEnd
	case "comm":
		return OpComm
	}
	return OpInvalid
}

// decode builds the event of a split line.
func decode(fs []field) (Event, string) {
	if len(fs) == 0 {
		return Event{}, "empty event"
	}
	e := Event{Op: opByName(fs[0].raw)}
	if e.Op == OpInvalid || fs[0].quoted {
		return e, fmt.Sprintf("unknown event %q", fs[0].str())
	}
	args := fs[1:]
	var msg string
	switch e.Op {
	case OpRun, OpSite, OpFrame, OpLock:
		msg = decodeDef(&e, args)
	case OpStack:
		msg = decodeStack(&e, args)
	default:
		msg = decodeUse(&e, args)
	}
	return e, msg
}

func decodeDef(e *Event, args []field) string {
	want := 3
	if e.Op == OpRun {
		want = 2
	}
	if len(args) != want {
		return arity(e.Op, len(args), want)
	}
	id, ok := number(&args[0])
	if !ok {
		return badNumber(e.Op, &args[0])
	}
	e.ID = id
	switch e.Op {
	case OpRun:
		e.Name = args[1].str()
	case OpSite:
		e.Pos, e.Name = args[1].str(), args[2].str()
	case OpFrame:
		e.Name, e.Pos = args[1].str(), args[2].str()
	case OpLock:
		e.Name, e.Instance = args[1].str(), args[2].str()
	}
	return ""
}

func decodeStack(e *Event, args []field) string {
	if len(args) == 0 {
		return arity(e.Op, 0, 1)
	}
	e.Frames = make([]int, len(args)-1)
	for i := range args {
		n, ok := number(&args[i])
		if !ok {
			return badNumber(e.Op, &args[i])
		}
		if i == 0 {
			e.ID = n
		} else {
			e.Frames[i-1] = n
		}
	}
	return ""
}

func arity(op Op, got, want int) string {
	return fmt.Sprintf("%s: %d fields, want %d", op, got, want)
}

func badNumber(op Op, f *field) string {
	return fmt.Sprintf("%s: bad id %q", op, f.str())
}
