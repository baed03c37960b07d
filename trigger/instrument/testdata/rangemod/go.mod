module example.com/rangemod

go 1.22
