module example.com/two

go 1.21
