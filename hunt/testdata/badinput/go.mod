module example.com/badinput

go 1.26
