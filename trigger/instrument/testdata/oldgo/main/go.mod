module example.com/old

go 1.16

require example.com/a v1.0.0
