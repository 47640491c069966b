# kubectl diff -f -: the live objects against what apply would make of the manifest, as
# diff -u -N prints kubectl's LIVE and MERGED directories (exit 0, 1 and 2 are in diff_tests.rs).
k apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
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
k diff -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
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
sleep 3
k diff -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: {team: a}
spec:
  replicas: 3
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
  ports:
  - port: 80
EOF
k get deploy,svc
k get deploy web -o jsonpath='{.spec.replicas} {.metadata.generation}{"\n"}'
# Errors exit 2.
k diff
k diff -f - --frob
k diff extra -f -
k diff -f web.yaml
k diff -R -f -
k diff --prune -f -
k diff -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: many
EOF
k diff -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: Bad
spec:
  containers:
  - name: c
    image: nginx
EOF
k diff -f - <<EOF
EOF
