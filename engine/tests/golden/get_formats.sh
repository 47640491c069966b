# kubectl get: every output format, label columns, namespaces, several kinds, and errors.
k create deployment web --image=nginx:1.27 --replicas=2
k create namespace shop
k create deployment api --image=httpd:2.4 -n shop
settle
k get deploy
k get deploy -o wide
k get rs -o wide
k get pods --show-labels
k get pods -o wide
k get pods --no-headers
k get deploy,rs -A
k get all
k get nodes
k get nodes -o wide
k get deploy web -o name
k get pods -o name -n shop
k get deploy web -o yaml
k get rs -l app=web -o json | head -12
k get pods -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.spec.nodeName}{"\n"}{end}'
k get pods -o jsonpath='{.items[?(@.status.phase=="Running")].metadata.labels.app}{"\n"}'
k get pods -l 'app in (web,api)' -A -o name
k get pods -l app!=web
k get pods -l '!app'
k get pods -n nowhere
k get pod nosuchpod
k get configmaps
k get foos
k get pods --foo
k get pods -l 'x in ('
k get pods -o custom-columns=NAME:.metadata.name
k get
