//go:build linux

package rt

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// netQuiet reports whether nothing can come over the process's sockets
// unless one of its own goroutines acts: every socket is TCP, each
// connection's other end is another socket of the process (or has closed:
// CLOSE_WAIT), nothing is in flight (every send and receive
// queue is empty, no connection waits to be accepted) and none is being
// opened or closed. A goroutine waiting in network I/O then waits for
// good if every other one does. Otherwise it says why not. Peers in other
// processes, UDP, Unix sockets and pipes beyond the standard three are
// the world outside: never quiet.
func netQuiet() (bool, string) {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return false, err.Error()
	}
	socks := map[uint64]bool{}
	for _, e := range ents {
		fd, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		to, err := os.Readlink("/proc/self/fd/" + e.Name())
		if err != nil {
			continue // closed since the listing (ReadDir's own fd)
		}
		switch {
		case strings.HasPrefix(to, "socket:["):
			ino, err := strconv.ParseUint(strings.TrimSuffix(strings.TrimPrefix(to, "socket:["), "]"), 10, 64)
			if err != nil {
				return false, "socket " + to
			}
			socks[ino] = true
		case fd <= 2, strings.HasPrefix(to, "anon_inode:"), to == "/dev/null", to == "/dev/zero", to == "/dev/urandom", to == "/dev/random":
		case (strings.HasPrefix(to, "pipe:[") || strings.HasPrefix(to, "/dev/")) && nonBlocking(e.Name()):
			// A pipe or a device Go waits on in its network poller (as
			// os.Pipe's and exec's): whoever holds its other end is
			// outside. A blocking one (a pipe the shell left open) is
			// read in a system call, which is no wait for good.
			return false, fmt.Sprintf("fd %d is %s", fd, to)
		}
	}
	if len(socks) == 0 {
		return true, ""
	}
	var conns []tcpSock
	for _, f := range []string{"/proc/self/net/tcp", "/proc/self/net/tcp6"} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue // no IPv6
		}
		for _, s := range parseTCP(b) {
			if socks[s.inode] {
				conns = append(conns, s)
				delete(socks, s.inode)
			}
		}
	}
	if len(socks) > 0 {
		return false, fmt.Sprintf("%d socket(s) not TCP", len(socks))
	}
	return tcpQuiet(conns)
}

// nonBlocking reports whether the process's file descriptor fd (its name
// in /proc/self/fd) is in non-blocking mode, or cannot be read.
func nonBlocking(fd string) bool {
	b, err := os.ReadFile("/proc/self/fdinfo/" + fd)
	if err != nil {
		return true
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "flags:"); ok {
			flags, err := strconv.ParseUint(strings.TrimSpace(v), 8, 64)
			return err != nil || flags&syscall.O_NONBLOCK != 0
		}
	}
	return true
}

// tcpSock is a line of /proc/net/tcp: a socket's addresses, state, queues
// and inode.
type tcpSock struct {
	local, remote netip.AddrPort
	state         uint8
	tx, rx        uint64
	inode         uint64
}

// TCP states as /proc/net/tcp numbers them (include/net/tcp_states.h).
const (
	tcpEstablished = 0x01
	tcpFinWait2    = 0x05
	tcpCloseWait   = 0x08
	tcpListen      = 0x0A
)

// tcpQuiet is netQuiet's verdict on the process's TCP sockets.
func tcpQuiet(conns []tcpSock) (bool, string) {
	ours := map[netip.AddrPort]bool{}
	for _, s := range conns {
		ours[s.local] = true
	}
	for _, s := range conns {
		switch {
		case s.state == tcpCloseWait:
			// The other end closed: a read returns at once (the end of
			// the stream, which the receive queue counts as a byte) and
			// a write fails; no wait on it lasts.
		case s.tx != 0 || s.rx != 0:
			what := "bytes in flight"
			if s.state == tcpListen {
				what = "connections waiting to be accepted"
			}
			return false, fmt.Sprintf("%s: %s", s.local, what)
		case s.state == tcpListen:
		case s.state != tcpEstablished && s.state != tcpFinWait2:
			return false, fmt.Sprintf("%s: TCP state %d", s.local, s.state)
		case !ours[s.remote]:
			return false, fmt.Sprintf("%s: connected to %s, not this process", s.local, s.remote)
		}
	}
	return true, ""
}

// parseTCP parses /proc/net/tcp or tcp6; lines it cannot read are left
// out (their sockets then count as not TCP).
func parseTCP(b []byte) []tcpSock {
	var out []tcpSock
	for i, line := range bytes.Split(b, []byte("\n")) {
		f := strings.Fields(string(line))
		if i == 0 || len(f) < 10 {
			continue
		}
		local, ok1 := procAddr(f[1])
		remote, ok2 := procAddr(f[2])
		st, err1 := strconv.ParseUint(f[3], 16, 8)
		txs, rxs, ok3 := strings.Cut(f[4], ":")
		tx, err2 := strconv.ParseUint(txs, 16, 64)
		rx, err3 := strconv.ParseUint(rxs, 16, 64)
		ino, err4 := strconv.ParseUint(f[9], 10, 64)
		if !ok1 || !ok2 || !ok3 || err1 != nil || err2 != nil || err3 != nil || err4 != nil {
			continue
		}
		out = append(out, tcpSock{local: local, remote: remote, state: uint8(st), tx: tx, rx: rx, inode: ino})
	}
	return out
}

// procAddr parses an address of /proc/net/tcp: the IP in hex, 32-bit
// words in the host's (little-endian) order, then the port; an IPv4
// address mapped into IPv6 is unmapped, so that both ends of a
// connection compare.
func procAddr(s string) (netip.AddrPort, bool) {
	ips, ports, ok := strings.Cut(s, ":")
	ip, err := hex.DecodeString(ips)
	port, err2 := strconv.ParseUint(ports, 16, 16)
	if !ok || err != nil || err2 != nil || len(ip)%4 != 0 {
		return netip.AddrPort{}, false
	}
	for w := 0; w < len(ip); w += 4 {
		ip[w], ip[w+1], ip[w+2], ip[w+3] = ip[w+3], ip[w+2], ip[w+1], ip[w]
	}
	a, ok := netip.AddrFromSlice(ip)
	if !ok {
		return netip.AddrPort{}, false
	}
	return netip.AddrPortFrom(a.Unmap(), uint16(port)), true
}
