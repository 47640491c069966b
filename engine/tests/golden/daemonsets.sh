# DaemonSets: a pod per node, following nodes added, failed and removed; rolling updates,
# ControllerRevisions, rollout status/history/undo/restart, describe, events and errors.
k apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
  labels: {app: agent}
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: agent
        image: nginx:1.27
EOF
k rollout status ds/agent
k get ds
k get ds -o wide
k get pods -o wide
k get pods --show-labels
k get controllerrevisions
node add
settle
k get ds agent
k get pods -o wide
k describe ds agent
node fail node-3
sleep 6m
k get nodes
k get ds agent
k get pods -o wide
node remove node-3
settle
k get ds agent
k get pods -o wide
k patch ds agent -p '{"spec":{"template":{"spec":{"containers":[{"name":"agent","image":"nginx:1.28"}]}}}}'
k rollout status daemonset/agent
k get controllerrevisions
k get pods -l app=agent -L controller-revision-hash,pod-template-generation
k rollout history ds/agent
k rollout history ds/agent --revision=1
k rollout undo ds/agent
k rollout status ds/agent --timeout=5s
settle
k rollout history ds/agent
k rollout undo ds/agent --to-revision=3
k rollout restart ds/agent
settle
k get events --field-selector involvedObject.kind=DaemonSet
# Errors.
k rollout history ds/agent --revision=9
k rollout undo ds/agent --to-revision=9
k rollout undo ds/agent --to-revision=-1
k rollout pause ds/agent
k rollout resume daemonset/agent
k rollout status ds/ghost
k rollout history ds
k rollout status ds/agent --bogus
k patch ds agent --type=merge -p '{"spec":{"updateStrategy":{"type":"OnDelete","rollingUpdate":null}}}'
k rollout status ds/agent
k apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: broken
spec:
  selector:
    matchLabels: {app: broken}
  updateStrategy:
    rollingUpdate: {maxUnavailable: 0, maxSurge: 0}
  template:
    metadata:
      labels: {app: other}
    spec:
      containers:
      - name: c
        image: nginx:1.27
EOF
k apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: once
spec:
  selector:
    matchLabels: {app: once}
  template:
    metadata:
      labels: {app: once}
    spec:
      restartPolicy: Never
      activeDeadlineSeconds: 60
      containers:
      - name: c
        image: nginx:1.27
EOF
k describe ds ghost
k get ds,controllerrevisions
