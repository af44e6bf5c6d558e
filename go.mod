module github.com/shpack/shpack

go 1.26.8

require (
	github.com/alecthomas/participle/v2 v2.1.4
	github.com/google/renameio/v2 v2.0.2
	github.com/stretchr/testify v1.12.1
)

require (
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	pgregory.net/rapid v1.3.0 // indirect
)
