# Server-side apply: `kubectl apply --server-side` sends each object whole as an
# application/apply-patch+yaml PATCH under the manager `kubectl` (kubectl pkg/cmd/apply/
# apply.go); the API server merges it, records an Apply entry of exactly the fields the
# configuration names, prunes what its manager stops naming, and answers a change to another
# manager's field with a 409 conflict unless forced (apimachinery pkg/util/managedfields/
# internal/structuredmerge.go, conflict.go; structured-merge-diff merge/update.go).
k apply --server-side -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    tier: front
spec:
  replicas: 2
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
        image: nginx:1.27
EOF
k get deploy web -o jsonpath='{range .metadata.managedFields[*]}{.manager} {.operation}{"\n"}{end}'
k get deploy web --show-managed-fields -o jsonpath='{.metadata.managedFields[0].fieldsV1}{"\n"}'
k scale deploy web --replicas=4
k get deploy web -o jsonpath='{range .metadata.managedFields[*]}{.manager} {.operation} {.subresource}{"\n"}{end}'
k apply --server-side -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    tier: front
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
        image: nginx:1.27
EOF
k get deploy web -o jsonpath='{.spec.replicas}{"\n"}'
k apply --server-side --force-conflicts -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
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
        image: nginx:1.27
EOF
k get deploy web -o jsonpath='{.spec.replicas} {.metadata.labels}{"\n"}'
k get deploy web -o jsonpath='{range .metadata.managedFields[*]}{.manager} {.operation}{"\n"}{end}'
k apply --server-side --field-manager=teacher --dry-run=server -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
      - name: nginx
        image: nginx:1.28
EOF
k diff --server-side --field-manager=teacher --force-conflicts -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
      - name: nginx
        image: nginx:1.28
EOF
k diff --server-side --field-manager=teacher -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
EOF
k apply --force-conflicts -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
EOF
k apply --server-side --dry-run=client -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
EOF
k apply --server-side -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
  managedFields: []
data:
  mode: fast
EOF
