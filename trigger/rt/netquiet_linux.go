//go:build linux

package rt

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// netQuiet reports whether nothing can come over the process's sockets
// unless one of its own goroutines acts: every socket is TCP or a Unix
// stream socket, each connection's other end is another socket of the
// process (or has closed), nothing is in flight (every send and receive
// queue is empty, no connection waits to be accepted) and none is being
// opened or closed. A goroutine waiting in network I/O then waits for
// good if every other one does. Otherwise it says why not. Peers in other
// processes, UDP, Unix datagrams and non-blocking pipes beyond the
// standard three are the world outside: never quiet.
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
	if ok, why := tcpQuiet(conns); !ok {
		return false, why
	}
	if len(socks) == 0 {
		return true, ""
	}
	unix, err := unixSockets()
	if err != nil {
		return false, "Unix sockets: " + err.Error()
	}
	var ours []unixSock
	for _, u := range unix {
		if socks[u.inode] {
			ours = append(ours, u)
			delete(socks, u.inode)
		}
	}
	if len(socks) > 0 {
		return false, fmt.Sprintf("%d socket(s) neither TCP nor Unix", len(socks))
	}
	return unixQuiet(ours)
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

// TCP states as /proc/net/tcp numbers them (include/net/tcp_states.h);
// the socket diagnostics give Unix sockets' states in the same numbers
// (tcpClose: unconnected, or the peer gone).
const (
	tcpEstablished = 0x01
	tcpFinWait2    = 0x05
	tcpClose       = 0x07
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

// unixSock is a Unix socket as the kernel's socket diagnostics give it.
type unixSock struct {
	typ, state     uint8
	inode, peer    uint64
	rqueue, wqueue uint32
}

// unixQuiet is netQuiet's verdict on the process's Unix sockets: stream
// sockets only, each connected one to another of the process's, nothing
// queued, no connection waiting to be accepted.
func unixQuiet(socks []unixSock) (bool, string) {
	ours := map[uint64]bool{}
	for _, u := range socks {
		ours[u.inode] = true
	}
	for _, u := range socks {
		switch {
		case u.typ != syscall.SOCK_STREAM && u.typ != syscall.SOCK_SEQPACKET:
			return false, fmt.Sprintf("Unix socket %d: datagrams", u.inode)
		case u.state == tcpListen && u.rqueue != 0:
			return false, fmt.Sprintf("Unix socket %d: connections waiting to be accepted", u.inode)
		case u.state == tcpListen, u.state == tcpClose:
			// Listening with nothing pending; or unconnected, or its
			// peer gone (a read returns at once).
		case u.state != tcpEstablished:
			return false, fmt.Sprintf("Unix socket %d: state %d", u.inode, u.state)
		case !ours[u.peer]:
			return false, fmt.Sprintf("Unix socket %d: connected to %d, not this process's", u.inode, u.peer)
		case u.rqueue != 0 || u.wqueue != 0:
			return false, fmt.Sprintf("Unix socket %d: bytes in flight", u.inode)
		}
	}
	return true, ""
}

// Socket diagnostics over netlink (linux/sock_diag.h, linux/unix_diag.h).
const (
	sockDiagByFamily = 20
	udiagShowPeer    = 0x4
	udiagShowRQLen   = 0x10
	unixDiagPeer     = 2
	unixDiagRQLen    = 4
)

// unixSockets lists the Unix sockets of the process's network namespace
// with their peers and queues (sock_diag: /proc/net/unix has no peers).
func unixSockets() ([]unixSock, error) {
	fd, err := syscall.Socket(syscall.AF_NETLINK, syscall.SOCK_DGRAM|syscall.SOCK_CLOEXEC, syscall.NETLINK_INET_DIAG)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	ne := binary.NativeEndian
	req := make([]byte, syscall.SizeofNlMsghdr+24)
	ne.PutUint32(req[0:], uint32(len(req)))
	ne.PutUint16(req[4:], sockDiagByFamily)
	ne.PutUint16(req[6:], syscall.NLM_F_REQUEST|syscall.NLM_F_DUMP)
	ne.PutUint32(req[8:], 1) // sequence
	body := req[syscall.SizeofNlMsghdr:]
	body[0] = syscall.AF_UNIX
	ne.PutUint32(body[4:], 0xffffffff) // every state
	ne.PutUint32(body[12:], udiagShowPeer|udiagShowRQLen)
	ne.PutUint32(body[16:], 0xffffffff) // no cookie
	ne.PutUint32(body[20:], 0xffffffff)
	if err := syscall.Sendto(fd, req, 0, &syscall.SockaddrNetlink{Family: syscall.AF_NETLINK}); err != nil {
		return nil, err
	}
	var out []unixSock
	buf := make([]byte, 64<<10)
	for {
		n, _, err := syscall.Recvfrom(fd, buf, 0)
		if err != nil {
			return nil, err
		}
		msgs, err := syscall.ParseNetlinkMessage(buf[:n])
		if err != nil {
			return nil, err
		}
		for _, m := range msgs {
			switch m.Header.Type {
			case syscall.NLMSG_DONE:
				return out, nil
			case syscall.NLMSG_ERROR:
				return nil, fmt.Errorf("sock_diag: error reply")
			}
			if len(m.Data) < 16 {
				continue
			}
			u := unixSock{typ: m.Data[1], state: m.Data[2], inode: uint64(ne.Uint32(m.Data[4:]))}
			for a := m.Data[16:]; len(a) >= syscall.SizeofRtAttr; {
				l := int(ne.Uint16(a[0:]))
				if l < syscall.SizeofRtAttr || l > len(a) {
					break
				}
				v := a[syscall.SizeofRtAttr:l]
				switch ne.Uint16(a[2:]) {
				case unixDiagPeer:
					if len(v) >= 4 {
						u.peer = uint64(ne.Uint32(v))
					}
				case unixDiagRQLen:
					if len(v) >= 8 {
						u.rqueue, u.wqueue = ne.Uint32(v), ne.Uint32(v[4:])
					}
				}
				a = a[min((l+3)&^3, len(a)):]
			}
			out = append(out, u)
		}
	}
}
