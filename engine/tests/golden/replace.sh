# kubectl replace -f -: a full PUT of each object (labels and spec as written), NotFound for
# an absent object, 409 Conflict for a stale resourceVersion; --force deletes, waits, creates
# (a missing object is created all the same: replace.go sets IgnoreNotFound for the delete).
k create deployment web --image=nginx:1.27 --replicas=2
settle
k label deploy web tier=front
k replace -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.28
EOF
settle
k get deploy web --show-labels
k get deploy web -o jsonpath='{.spec.template.spec.containers[0].image} {.metadata.generation}{"\n"}'
k get deploy web -o json | k replace -f - -o name
k replace -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  resourceVersion: "3"
spec:
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.28
EOF
k replace -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: ghost
spec:
  containers:
  - name: c
    image: busybox
EOF
k run solo --image=nginx:1.27
settle
k get pod solo -o jsonpath='{.metadata.uid}{"\n"}'
k replace --force -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: solo
spec:
  containers:
  - name: solo
    image: nginx:1.28
EOF
k get pod solo -o jsonpath='{.spec.containers[0].image} {.metadata.uid}{"\n"}'
k get pod solo -o json | k replace --force --timeout=1s -f -
k replace --force -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: ghost
spec:
  containers:
  - name: c
    image: nginx
EOF
k get deploy web -o yaml | k replace --force --grace-period=0 --cascade=orphan -f -
k get rs
k replace -f -
k replace --force -f -
k replace
k replace -f web.yaml
k replace -f - --grace-period=5
k replace -f - --timeout=5s
k replace -f - --bogus
