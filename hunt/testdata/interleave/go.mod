module example.com/interleave

go 1.26
