module github.com/cryptolab-go/cryptolab

go 1.26
