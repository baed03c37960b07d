module example.com/sharedir

go 1.21
