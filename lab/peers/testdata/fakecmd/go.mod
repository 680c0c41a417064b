module example.com/fakecmd

go 1.26
