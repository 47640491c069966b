# Manifests on stdin (create and apply, several documents), help, clear and reset.
kubectl create -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  labels: {app: api}
spec:
  replicas: 2
  selector:
    matchLabels: {app: api}
  template:
    metadata:
      labels: {app: api}
    spec:
      containers:
      - name: httpd
        image: httpd:2.4
---
apiVersion: v1
kind: Pod
metadata:
  name: lonely
spec:
  containers:
  - name: c
    image: redis:7
EOF
kubectl create -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: lonely
spec:
  containers:
  - name: c
    image: redis:7
EOF
k apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  labels: {app: api}
spec:
  replicas: 3
  selector:
    matchLabels: {app: api}
  template:
    metadata:
      labels: {app: api}
    spec:
      containers:
      - name: httpd
        image: httpd:2.4
EOF
k apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: nope
EOF
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: typo
spec:
  containerz: []
EOF
k apply -f manifest.yaml
settle
kubectl get po,deploy
k run once --image=busybox:crash --restart=Never
sleep 20
k get pod once
help
k help
k scale --help
k get pods -h
k events --help | head -3
k frob --help
clear
reset --seed 5
k get deploy
