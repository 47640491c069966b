// Command openapi-v2-pb turns a Swagger 2.0 JSON document into the protobuf form client-go
// reads from /openapi/v2, the way kube-openapi's handler does it (ToProtoBinary: gnostic's
// openapi_v2.ParseDocument, then proto.Marshal).
//
// Usage: openapi-v2-pb IN.json OUT.pb
//
// Builds against Debian's packages golang-go and golang-github-googleapis-gnostic-dev
// (GO111MODULE=off GOPATH=/usr/share/gocode); scripts/openapi-docs runs it.
package main

import (
	"fmt"
	"os"

	"github.com/golang/protobuf/proto"
	openapi_v2 "github.com/googleapis/gnostic/openapiv2"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: openapi-v2-pb IN.json OUT.pb")
		os.Exit(2)
	}
	in, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	doc, err := openapi_v2.ParseDocument(in)
	if err != nil {
		fmt.Fprintln(os.Stderr, "parse:", err)
		os.Exit(1)
	}
	out, err := proto.Marshal(doc)
	if err != nil {
		fmt.Fprintln(os.Stderr, "marshal:", err)
		os.Exit(1)
	}
	if err := os.WriteFile(os.Args[2], out, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
