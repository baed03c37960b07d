package trace

// decodeUse decodes the events that refer to goroutines and locks: every
// field is a number.
func decodeUse(e *Event, args []field) string {
	var ns [4]int // at most 4 fields (useArity)
	lo, hi := useArity(e.Op)
	if len(args) < lo || len(args) > hi {
		return arity(e.Op, len(args), lo)
	}
	for i := range args {
		n, ok := number(&args[i])
		if !ok {
			return badNumber(e.Op, &args[i])
		}
		ns[i] = n
	}
	switch e.Op {
	case OpAcq, OpRAcq, OpWait, OpRWait:
		e.G, e.Lock, e.Site = ns[0], ns[1], ns[2]
		if e.Op == OpAcq || e.Op == OpRAcq {
			e.Stack = NoStack
			if len(args) == 4 {
				e.Stack = ns[3]
			}
		}
	case OpRel, OpRRel:
		e.G, e.Lock = ns[0], ns[1]
	case OpGo:
		e.G, e.Peer, e.Site = ns[0], ns[1], ns[2]
	case OpHB:
		e.G, e.Peer = ns[0], ns[1]
	case OpEnd:
		e.G = ns[0]
	case OpComm:
		e.G, e.Site, e.Mode, e.Obj = ns[0], ns[1], ns[2], ns[3]
	}
	return ""
}

// useArity is the least and greatest number of fields after the op name.
func useArity(op Op) (lo, hi int) {
	switch op {
	case OpAcq, OpRAcq, OpComm:
		return 3, 4
	case OpWait, OpRWait, OpGo:
		return 3, 3
	case OpRel, OpRRel, OpHB:
		return 2, 2
	}
	return 1, 1 // OpEnd
}
