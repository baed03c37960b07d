module example.com/pool

go 1.22

require example.com/sem v1.0.0
