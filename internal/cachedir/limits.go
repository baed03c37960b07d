package cachedir

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// MaxEnv names the environment variable that sets the cache's size cap,
// e.g. 500M or 4G (binary units); 0 for no cap.
const MaxEnv = "DEADHUNT_CACHE_MAX"

// Limits are what trimming keeps.
type Limits struct {
	MaxAge  time.Duration // entries unused for longer are removed
	MaxSize int64         // bytes; least recently used entries go first; 0 is no cap
}

// The defaults: go's build cache keeps entries for 5 days too; 2 GiB is
// a few hundred instrumented test binaries.
const (
	DefaultMaxAge  = 5 * 24 * time.Hour
	DefaultMaxSize = 2 << 30
	// TrimInterval is how often at most the cache is trimmed.
	TrimInterval = time.Hour
)

// LimitsFromEnv are the default limits with MaxEnv's cap.
func LimitsFromEnv() (Limits, error) {
	l := Limits{MaxAge: DefaultMaxAge, MaxSize: DefaultMaxSize}
	if v := os.Getenv(MaxEnv); v != "" {
		n, err := ParseSize(v)
		if err != nil {
			return l, fmt.Errorf("%s=%s: %v", MaxEnv, v, err)
		}
		l.MaxSize = n
	}
	return l, nil
}

// ParseSize reads a size: bytes, or a number with K, M, G or T (powers of
// 1024), optionally followed by B or iB; case does not matter.
func ParseSize(s string) (int64, error) {
	num := strings.ToUpper(strings.TrimSpace(s))
	for _, suffix := range []string{"IB", "B"} {
		if n, ok := strings.CutSuffix(num, suffix); ok && n != "" {
			num = n
			break
		}
	}
	scale := 1.0
	if i := len(num) - 1; i >= 0 {
		if p := strings.IndexByte("KMGT", num[i]); p >= 0 {
			scale = float64(int64(1) << (10 * (p + 1)))
			num = num[:i]
		}
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || f < 0 || f*scale > 1<<62 {
		return 0, fmt.Errorf("want a size such as 500M or 2G, or 0 for no cap")
	}
	return int64(f * scale), nil
}

// FormatSize says n bytes the way ParseSize reads them, to a tenth.
func FormatSize(n int64) string {
	const units = "KMGT"
	if n < 1024 {
		return strconv.FormatInt(n, 10) + "B"
	}
	f, u := float64(n)/1024, 0
	for f >= 1024 && u < len(units)-1 {
		f, u = f/1024, u+1
	}
	return strconv.FormatFloat(f, 'f', 1, 64) + string(units[u])
}
