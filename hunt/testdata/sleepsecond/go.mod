module example.com/sleepsecond

go 1.21
