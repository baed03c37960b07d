package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/deadhunt/deadhunt/internal/cachedir"
)

// runClean is deadhunt clean (help/clean.txt): -cache empties deadhunt's
// cache, as go clean -cache empties go's.
func runClean(e *env, args []string) int {
	fs := flag.NewFlagSet("clean", flag.ContinueOnError)
	all := fs.Bool("cache", false, "remove everything in deadhunt's cache: hunt results, stored and linked test binaries, module copies, the extracted runtime")
	check := func(pos []string) error {
		switch {
		case len(pos) > 0:
			return fmt.Errorf("unexpected argument %q", pos[0])
		case !*all:
			return errors.New("say what to clean: -cache")
		}
		return nil
	}
	if _, code, ok := parseCommand(e, fs, check, args); !ok {
		return code
	}
	root, err := cachedir.Root()
	if errors.Is(err, cachedir.ErrOff) {
		fmt.Fprintf(e.stdout, "no cache to clean: %s=off\n", cachedir.Env)
		return exitOK
	}
	if err != nil {
		return e.fail("clean", err)
	}
	st, err := cachedir.Clean(root)
	if err != nil {
		return e.fail("clean", fmt.Errorf("%s: %w", root, err))
	}
	fmt.Fprintf(e.stdout, "removed %d entries (%s) from %s\n", st.Removed, cachedir.FormatSize(st.Freed), root)
	return exitOK
}

// runEnv is deadhunt env (help/env.txt): where deadhunt's cache is, how
// large it is, and how it is trimmed.
func runEnv(e *env, args []string) int {
	fs := flag.NewFlagSet("env", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print it as one JSON object")
	check := func(pos []string) error {
		if len(pos) > 0 {
			return fmt.Errorf("unexpected argument %q", pos[0])
		}
		return nil
	}
	if _, code, ok := parseCommand(e, fs, check, args); !ok {
		return code
	}
	c, err := cacheEnv()
	if err != nil {
		return e.fail("env", err)
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "\t")
		err = enc.Encode(c)
	} else {
		err = c.write(e.stdout)
	}
	if err != nil {
		return e.fail("env", err)
	}
	return exitOK
}

// cacheInfo is what deadhunt env says.
type cacheInfo struct {
	Dir      string `json:"dir"` // "" when off
	Off      bool   `json:"off,omitempty"`
	Size     int64  `json:"size"`
	Entries  int    `json:"entries"`
	MaxSize  int64  `json:"max_size"` // 0: no cap
	MaxAge   int    `json:"max_age_hours"`
	Interval string `json:"trim_interval"`
	Trimmed  string `json:"trimmed,omitempty"` // RFC 3339; "" if never
}

// cacheEnv reads the cache's location, size and limits.
func cacheEnv() (*cacheInfo, error) {
	limits, err := cachedir.LimitsFromEnv()
	if err != nil {
		return nil, err
	}
	c := &cacheInfo{MaxSize: limits.MaxSize, MaxAge: int(limits.MaxAge / time.Hour), Interval: cachedir.TrimInterval.String()}
	root, err := cachedir.Root()
	if errors.Is(err, cachedir.ErrOff) {
		c.Off = true
		return c, nil
	}
	if err != nil {
		return nil, err
	}
	c.Dir = root
	st, err := cachedir.Usage(root)
	if err != nil {
		return nil, err
	}
	c.Size, c.Entries = st.Size, st.Entries
	if last, ok := cachedir.LastTrim(root); ok {
		c.Trimmed = last.Format(time.RFC3339)
	}
	return c, nil
}

// write prints c as lines of text.
func (c *cacheInfo) write(w io.Writer) error {
	if c.Off {
		_, err := fmt.Fprintf(w, "cache:   off (%s=off): no hunt results kept; the build's state stays in the default place\n", cachedir.Env)
		return err
	}
	limit := "no size cap"
	if c.MaxSize > 0 {
		limit = "size cap " + cachedir.FormatSize(c.MaxSize)
	}
	trimmed := c.Trimmed
	if trimmed == "" {
		trimmed = "never"
	}
	_, err := fmt.Fprintf(w, "cache:   %s ($%s moves it)\nsize:    %s in %d entries\ntrim:    %s ($%s), entries unused for %d days removed, at most once every %s\ntrimmed: %s\n",
		c.Dir, cachedir.Env, cachedir.FormatSize(c.Size), c.Entries, limit, cachedir.MaxEnv, c.MaxAge/24, c.Interval, trimmed)
	return err
}
