# kubectl logs: a server's startup and its probe requests, a crashing container's previous
# instance, container choice, tail and timestamps, deploy/NAME, and the refusals.
k apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        readinessProbe: {httpGet: {path: /, port: 80}, periodSeconds: 10}
EOF
k rollout status deploy/web
sleep 25s
k logs deploy/web
k logs deploy/web --tail=2 --timestamps
k expose deploy/web --port=80
k logs svc/web --tail=1
k logs svc/nosuch
k logs rs/nosuch
k run cache --image=redis:7.4
sleep 5s
k logs cache
k run crashy --image=busybox:crash
sleep 30s
k get pod crashy
k logs crashy
k logs crashy --previous
k logs crashy -c sidecar
k run broken --image=nginx:doesnotexist
sleep 10s
k logs broken
k logs nosuch
k logs web
k delete pod cache --wait=false
sleep 1.2
k logs cache --tail=5
