package trace

import (
	"fmt"
	"strconv"
)

// field is one field of a line: raw bytes, or the unquoted text of a
// quoted field.
type field struct {
	raw    []byte
	text   string
	quoted bool
}

func (f *field) str() string {
	if f.quoted {
		return f.text
	}
	return string(f.raw)
}

// splitFields splits a line at spaces, unquoting quoted fields.
func splitFields(b []byte, fs []field) ([]field, string) {
	for i := 0; i < len(b); {
		if b[i] == ' ' {
			i++
			continue
		}
		j := i
		if b[i] != '"' {
			for j < len(b) && b[j] != ' ' {
				j++
			}
			fs = append(fs, field{raw: b[i:j]})
			i = j
			continue
		}
		f, n, msg := quotedField(b[i:])
		if msg != "" {
			return fs, msg
		}
		fs = append(fs, f)
		i += n
	}
	return fs, ""
}

func quotedField(b []byte) (field, int, string) {
	j := 1
	for j < len(b) && b[j] != '"' {
		if b[j] == '\\' {
			j++
		}
		j++
	}
	if j >= len(b) {
		return field{}, 0, "unterminated quoted field"
	}
	j++
	if j < len(b) && b[j] != ' ' {
		return field{}, 0, "quoted field followed by text"
	}
	s, err := strconv.Unquote(string(b[:j]))
	if err != nil {
		return field{}, 0, fmt.Sprintf("bad quoted field %s", b[:j])
	}
	return field{raw: b[:j], text: s, quoted: true}, j, ""
}

// number parses a non-negative decimal id.
func number(f *field) (int, bool) {
	if f.quoted || len(f.raw) == 0 || len(f.raw) > 9 {
		return 0, false
	}
	n := 0
	for _, c := range f.raw {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}
