# kubectl get -o go-template: fields, range over lists and maps, if/else, with, variables,
# printf and kubectl's functions; --template, go-template-file from stdin, and the errors.
k create deployment web --image=nginx:1.27 --replicas=2
k create deployment api --image=redis:7
settle
k get deploy web -o go-template='{{.metadata.name}} {{.spec.replicas}} {{.status.readyReplicas}}{{"\n"}}'
k get deploy -o go-template='{{range .items}}{{.metadata.name}}{{"\t"}}{{.spec.replicas}}{{"\n"}}{{end}}'
k get deploy -o go-template='{{.kind}} {{len .items}}{{"\n"}}'
k get deploy web -o go-template='{{range $k, $v := .metadata.labels}}{{$k}}={{$v}};{{end}}{{"\n"}}'
k get deploy -o go-template='{{range $i, $d := .items}}{{if $i}},{{end}}{{$d.metadata.name}}{{end}}{{"\n"}}'
k get deploy -o go-template='{{range .items}}{{if eq .spec.replicas 2}}{{.metadata.name}} has two{{else if gt .spec.replicas 2}}more{{else}}{{.metadata.name}} has {{.spec.replicas}}{{end}}{{"\n"}}{{end}}'
k get deploy web -o go-template='{{with .spec.template.spec}}{{(index .containers 0).image}}{{end}} {{with .nope}}yes{{else}}no{{end}}{{"\n"}}'
k get deploy web -o go-template='{{.metadata.annotations}} {{.nope}} {{.spec.template.spec.containers}}{{"\n"}}'
k get deploy web -o go-template='{{printf "%-8s|%5d|%q|%v" .metadata.name .spec.replicas .kind .spec.strategy.type}}{{"\n"}}'
k get deploy web -o go-template='{{- /* trimmed */ -}}   {{ .metadata.name -}}   !{{"\n"}}'
k get deploy web -o go-template='{{exists . "spec" "replicas"}} {{exists . "spec" "nope"}} {{base64decode "aGVsbG8="}}{{"\n"}}'
k get deploy web -o template='{{.metadata.name}}{{"\n"}}'
k get deploy web --template='{{.metadata.namespace}}{{"\n"}}'
k get pods -l app=web -o go-template-file=/dev/stdin <<EOF
{{range .items}}{{.metadata.labels.app}} {{.status.phase}}
{{end}}
EOF
k get deploy web -o go-template
k get deploy web -o go-template-file=/tmp/t.tmpl
k get deploy web -o go-template='{{.metadata.name}'
k get deploy web -o go-template='{{if}}'
k get deploy web -o go-template='{{range .items}}'
k get deploy web -o go-template='{{foo .}}'
k get deploy web -o go-template='{{.metadata.name}}{{index .spec.template.spec.containers 3}}'
k get deploy web -o go-template='{{eq .spec.replicas 2.0}}'
k get deploy nope -o go-template='{{.metadata.name}}'
k get deploy web -o go-templat='{{.metadata.name}}'
k get deploy web -o go-template='{{.metadata.name}}' --bogus
k get deploy web -o go-template='{{.metadata.name}} {{.nope}}{{"\n"}}' --allow-missing-template-keys=false
k get deploy web -o go-template='{{.metadata.name}} {{.nope}}{{"\n"}}' --allow-missing-template-keys=true
