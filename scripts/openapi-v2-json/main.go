// Command openapi-v2-json reads the protobuf form of a Swagger document (what
// scripts/openapi-v2-pb writes) back into JSON, keys in the order gnostic's ToRawInfo gives
// them. scripts/openapi-v2-pb re-encodes its output to the same bytes, so the committed
// serve/openapi/v2.pb.zz, inflated, is a swagger.json source for scripts/openapi-docs: a new
// kind's definitions and paths are added to it, and the script is run with --any-source.
//
// Usage: openapi-v2-json IN.pb OUT.json
//
// Builds like openapi-v2-pb, against Debian's golang-go and golang-github-googleapis-gnostic-dev
// (GO111MODULE=off GOPATH=/usr/share/gocode).
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"reflect"

	"github.com/golang/protobuf/proto"
	openapi_v2 "github.com/googleapis/gnostic/openapiv2"
	yaml "gopkg.in/yaml.v2"
)

func write(b *bytes.Buffer, v interface{}) {
	switch t := v.(type) {
	case yaml.MapSlice:
		b.WriteByte('{')
		for i, item := range t {
			if i > 0 {
				b.WriteByte(',')
			}
			k, _ := json.Marshal(fmt.Sprint(item.Key))
			b.Write(k)
			b.WriteByte(':')
			write(b, item.Value)
		}
		b.WriteByte('}')
	case []interface{}:
		b.WriteByte('[')
		for i, item := range t {
			if i > 0 {
				b.WriteByte(',')
			}
			write(b, item)
		}
		b.WriteByte(']')
	case []string:
		if t == nil {
			t = []string{}
		}
		s, _ := json.Marshal(t)
		b.Write(s)
	case map[interface{}]interface{}:
		// ToRawInfo gives ordered slices; a Go map would lose the order.
		panic("openapi-v2-json: an unordered map in the document")
	default:
		rv := reflect.ValueOf(v)
		if rv.Kind() == reflect.Slice && rv.Type().Elem().Kind() == reflect.Struct {
			if _, ok := rv.Type().Elem().FieldByName("Key"); ok {
				b.WriteByte('{')
				for i := 0; i < rv.Len(); i++ {
					if i > 0 {
						b.WriteByte(',')
					}
					k, _ := json.Marshal(fmt.Sprint(rv.Index(i).FieldByName("Key").Interface()))
					b.Write(k)
					b.WriteByte(':')
					write(b, rv.Index(i).FieldByName("Value").Interface())
				}
				b.WriteByte('}')
				return
			}
		}
		if rv.Kind() == reflect.Slice {
			b.WriteByte('[')
			for i := 0; i < rv.Len(); i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				write(b, rv.Index(i).Interface())
			}
			b.WriteByte(']')
			return
		}
		s, err := json.Marshal(t)
		if err != nil {
			panic(fmt.Sprintf("%T: %v", t, err))
		}
		b.Write(s)
	}
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: openapi-v2-json IN.pb OUT.json")
		os.Exit(2)
	}
	in, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	var doc openapi_v2.Document
	if err := proto.Unmarshal(in, &doc); err != nil {
		panic(err)
	}
	var b bytes.Buffer
	write(&b, doc.ToRawInfo())
	if err := os.WriteFile(os.Args[2], b.Bytes(), 0o644); err != nil {
		panic(err)
	}
}
