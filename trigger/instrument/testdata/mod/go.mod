module example.com/m

go 1.20
