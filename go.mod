module waterworks

go 1.26.8

require (
	github.com/crillab/gophersat v1.4.0 // indirect
	github.com/davecgh/go-spew v1.1.1 // indirect
	github.com/go-air/gini v1.0.4 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	github.com/stretchr/testify v1.11.1 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/term v0.47.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
	pgregory.net/rapid v1.3.0 // indirect
)
