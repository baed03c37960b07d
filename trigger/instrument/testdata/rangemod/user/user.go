package user

import (
	"example.com/rangemod/base"
	"example.com/rangemod/helper"
)

func Count() int { return helper.Drain(helper.Wrapped{Watcher: base.New()}) }
