# Probes: a slow app held out of Ready by its readiness probe, an app that hangs killed by
# its liveness probe and restarted with back-off, and the probes in describe and events.
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: slow, labels: {app: slow}}
spec:
  containers:
  - name: app
    image: slowstart
    readinessProbe:
      httpGet: {path: /ready, port: 8080}
      periodSeconds: 5
EOF
sleep 10s
k get pod slow
sleep 20s
k get pod slow
k events --for pod/slow
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: wedged}
spec:
  containers:
  - name: app
    image: hangs
    ports:
    - {name: http, containerPort: 8080}
    livenessProbe:
      httpGet: {path: /healthz, port: http}
      initialDelaySeconds: 5
      periodSeconds: 10
      failureThreshold: 3
    readinessProbe:
      tcpSocket: {port: 8080}
EOF
sleep 60s
k get pod wedged
sleep 30s
k get pod wedged
k describe pod wedged
k logs wedged --previous
sleep 5m
k get pod wedged
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: invalid}
spec:
  containers:
  - name: app
    image: nginx:1.27
    livenessProbe: {httpGet: {port: 80}, exec: {command: [cat, /tmp/healthy]}, successThreshold: 3}
    startupProbe: {failureThreshold: 30}
EOF
