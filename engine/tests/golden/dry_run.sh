# --dry-run=client|server on every verb that writes: what each prints, and that nothing
# reaches the cluster (the `get`s after each group).
k create deployment web --image=nginx --replicas=3 --port=80 --dry-run=client -o yaml
k create deployment web --image=nginx --dry-run=client
k create deployment web --image=nginx --dry-run=client -o name
k create deployment web --image=nginx --dry-run=server -o yaml | grep -i policy
k create deployment web --image=nginx --dry-run
k create deployment web --image=nginx --dry-run=true
k create deployment web --image=nginx --dry-run=false --replicas=x
k create deployment web --image=nginx --dry-run=maybe
k create deployment web --image=nginx --dry-run=client -o wide
k create deployment web --image=nginx --dry-run=client --frob
k create deployment --image=nginx --dry-run=client
k create namespace team --dry-run=client -o yaml
k create namespace team --dry-run=server
k create namespace Team --dry-run=server
k run p --image=nginx --dry-run=client -o json
k run p --image=nginx --port=80 --dry-run=server
k run --image=nginx --dry-run=server
k create service clusterip web --tcp=80:8080 --dry-run=client -o yaml
k create service nodeport edge --tcp=80 --dry-run=server -o name
k get all
k create namespace team
# Server dry runs are judged as real writes are.
k create deployment web --image=nginx --replicas=2
k create deployment web --image=nginx --dry-run=server
k create deployment web --image=nginx --dry-run=client
k run Bad --image=nginx --dry-run=server
k expose deploy web --port=80 --dry-run=client -o yaml
k expose deploy web --port=80 --dry-run=server
k expose deploy nope --port=80 --dry-run=server
k get svc
# scale, patch, delete.
k scale deploy web --replicas=5 --dry-run=client
k scale deploy web --replicas=5 --dry-run=server -o yaml | grep replicas
k scale deploy web --replicas=5 --current-replicas=4 --dry-run=server
k patch deploy web -p '{"spec":{"replicas":9}}' --dry-run=server
k patch deploy web -p '{"spec":{"replicas":2}}' --dry-run=client
k patch deploy web -p '{"spec":{"replicas":2}}' --dry-run=server
k patch deploy web --subresource=scale -p '{"spec":{"replicas":2}}' --dry-run=server
k delete deploy web --dry-run=client
k delete deploy web --dry-run=server
k delete deploy nope --dry-run=server
k get deploy web -o jsonpath='{.spec.replicas} {.metadata.generation} {.metadata.resourceVersion}{"\n"}'
# apply and create -f.
k apply -f - --dry-run=server <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 4
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx
EOF
k apply -f - --dry-run=client -o yaml <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
  - name: c
    image: nginx
EOF
k apply -f - --dry-run=server <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
  - name: c
    image: nginx
EOF
k create -f - --dry-run=server <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
  - name: C
    image: nginx
EOF
k apply -f - --dry-run=bogus <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
  - name: c
    image: nginx
EOF
k apply -f - --server-side --dry-run=server <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: p
spec:
  containers:
  - name: c
    image: nginx
EOF
k get deploy web -o yaml | k apply -f - --dry-run=server -o name
k get deploy,pods
k get deploy web -o jsonpath='{.spec.replicas} {.metadata.generation} {.metadata.resourceVersion}{"\n"}'
