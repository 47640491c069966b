# kubectl get -o wide and --no-headers for every kind get serves (printers.go column
# definitions, priority-1 columns only with -o wide), and -o custom-columns-file.
k create deployment web --image=nginx:1.27 --replicas=2
k expose deploy web --port=80 --type=NodePort
settle
k get pods -o wide
k get pods -o wide --no-headers
k get rs -o wide
k get rs -o wide --no-headers
k get deploy -o wide
k get deploy --no-headers
k get svc -o wide
k get svc -o wide --no-headers
k get endpointslices -o wide
k get endpointslices --no-headers
k get endpoints -o wide
k get endpoints -o wide --no-headers
k get nodes -o wide
k get nodes -o wide --no-headers
k get events -o wide --field-selector involvedObject.kind=Deployment
k get events --no-headers --field-selector involvedObject.kind=Deployment
k get deploy,svc -o wide -A
k get deploy,svc -o wide -A --no-headers
k get namespaces
k get pods -o custom-columns-file=/dev/stdin <<EOF
NAME      IMAGE                          NODE
.metadata.name   {.spec.containers[0].image}   spec.nodeName
EOF
k get pods -o custom-columns-file=/dev/stdin --no-headers <<EOF
NAME
.metadata.name
EOF
k get deploy --template='NAME:.metadata.name' -o custom-columns
k get pods -o custom-columns-file=/dev/stdin <<EOF
NAME IMAGE
.metadata.name
EOF
k get pods -o custom-columns-file=/dev/stdin <<EOF
NAME
EOF
k get pods -o custom-columns-file=/dev/stdin
k get pods -o custom-columns-file=cols.txt
