# Fidelity of apply and of the API server's validation (issue #20, slice C).
# Row 4: apply over an object `create` made. apply.go warningNoLastAppliedConfigAnnotation
# (resource/name from resource.Info.ObjectName), then the patch goes through.
k create deployment web --image=nginx:1.27
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
        image: nginx:1.27
EOF
# kubectl/pkg/util/apply.go GetModifiedConfiguration: the manifest with its namespace and an
# empty annotations map, as sorted JSON with a trailing newline (hence YAML's `|`).
k get deploy web -o yaml | head -7
# apply/patcher.go patchSimple: a three-way patch (last applied, manifest, live) leaves a
# field neither the manifest nor the previous apply set, so a scale survives a re-apply.
k apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: sized
spec:
  selector:
    matchLabels: {app: sized}
  template:
    metadata:
      labels: {app: sized}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
EOF
k scale deploy sized --replicas=3
k apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: sized
spec:
  selector:
    matchLabels: {app: sized}
  template:
    metadata:
      labels: {app: sized}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
EOF
k get deploy sized -o jsonpath='{.spec.replicas}{"\n"}'
# Row 1: pkg/registry/apps/deployment/strategy.go ValidateUpdate appends
# ValidateImmutableField(spec.selector); field/errors.go ErrorBody prints the selector as JSON.
k apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels: {app: other}
  template:
    metadata:
      labels: {app: other}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
EOF
# pkg/registry/apps/replicaset/strategy.go ValidateUpdate: the same rule for ReplicaSets.
k apply -f - <<EOF
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: cache
spec:
  replicas: 1
  selector:
    matchLabels: {app: cache}
  template:
    metadata:
      labels: {app: cache}
    spec:
      containers:
      - name: redis
        image: redis:7
EOF
k apply -f - <<EOF
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: cache
spec:
  replicas: 1
  selector:
    matchLabels: {app: cache, tier: db}
  template:
    metadata:
      labels: {app: cache, tier: db}
    spec:
      containers:
      - name: redis
        image: redis:7
EOF
# Row 2: pkg/apis/core/validation ValidatePodUpdate. An image may change.
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: p1
spec:
  containers:
  - name: c
    image: nginx:1.27
    ports:
    - containerPort: 80
EOF
settle
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: p1
spec:
  containers:
  - name: c
    image: nginx:1.28
    ports:
    - containerPort: 80
EOF
# Anything else is forbidden (the real message goes on with a diff of the internal PodSpec).
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: p1
spec:
  containers:
  - name: c
    image: nginx:1.28
    ports:
    - containerPort: 8080
EOF
# Row 3: field/errors.go ErrorBody: int32 bare (ValidateNonnegativeField), maps as JSON
# (ValidatePodTemplateSpecForReplicaSet passes template.Labels).
k apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: neg
spec:
  replicas: -1
  selector:
    matchLabels: {app: neg}
  template:
    metadata:
      labels: {app: neg}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
EOF
k apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: bad
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: wrong}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
EOF
# Row 5: cli-runtime resource/visitor.go ValidateSchema (checked against kubectl 1.33).
k apply -f - <<EOF
kind: Pod
metadata:
  name: noversion
EOF
k apply -f - <<EOF
apiVersion: v1
metadata:
  name: nokind
EOF
k apply -f - <<EOF
metadata:
  name: nothing
EOF
# Row 6: pkg/apis/apps/validation ValidateDeploymentSpec: a nil selector is Required, and
# LabelSelectorAsSelector(nil) is labels.Nothing(), so the template check fails as well.
k apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nosel
spec:
  template:
    metadata:
      labels: {app: nosel}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
EOF
# Row 7: apply.go Run applies every object and returns the errors at the end; the server's
# strict decoding (runtime strictDecodingError) names the field by its path, and
# cmdutil.AddSourceToErr adds `error when creating "STDIN"`.
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: before
spec:
  containers:
  - name: c
    image: busybox:1.36
---
apiVersion: v1
kind: Pod
metadata:
  name: typo
spec:
  containers:
  - name: c
    image: busybox:1.36
    commandx: [sleep, "3600"]
---
apiVersion: v1
kind: Pod
metadata:
  name: after
spec:
  containers:
  - name: c
    image: busybox:1.36
EOF
# Several errors: cmdutil.MultipleErrors, each by StandardErrorMessage, so an Invalid error
# shows the Status message (errors.NewInvalid: `Deployment.apps "x" is invalid: [a, b]`).
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: typo2
spec:
  containers:
  - name: c
    image: busybox:1.36
    commandx: [sleep, "3600"]
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: nosel2
spec:
  template:
    metadata:
      labels: {app: x}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
EOF
# A document kubectl cannot read stops the stream; apply.go lists that error first.
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: first
spec:
  containers:
  - name: c
    image: busybox:1.36
    commandx: [sleep]
---
metadata:
  name: unreadable
---
apiVersion: v1
kind: Pod
metadata:
  name: never
spec:
  containers:
  - name: c
    image: busybox:1.36
EOF
k get pods
