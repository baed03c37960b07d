module example.com/sem

go 1.17
