# kubectl exec: the few commands kubeloop simulates (env with the kubelet's Service
# variables, printenv, hostname, ls /, echo), picking a pod from a workload, the default
# container notice, and the errors kubectl, the API server and the kubelet give.
k create deployment db --image=redis:7
k expose deploy db --port=6379
k create deployment web --image=nginx:1.27
settle
k set env deploy/web GREETING=hello MESSAGE='$(GREETING) from $(DB_SERVICE_HOST)' COST='$$5'
k rollout status deploy/web
settle
k exec deploy/web -- env
k exec deploy/web -- printenv GREETING MESSAGE
k exec deploy/web -- printenv NOPE
k exec deploy/web -it -- hostname
k exec $(k get pods -l app=web -o name) -- cat /etc/hostname
k exec deploy/web -- ls /
k exec deploy/db -- ls /
k exec deploy/web -- echo hello   world
k exec deploy/web -- sh -c 'echo hi'
k exec deploy/web -- ls /etc
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: two
spec:
  containers:
  - name: app
    image: busybox:sleep
  - name: side
    image: alpine:sleep
EOF
settle
k exec two -- ls /
k exec two -c side -- ls /
k exec two -q -- hostname
k exec two -c nope -- env
k run broken --image=nginx:doesnotexist
sleep 5
k exec broken -- env
k exec svc/db -- hostname
k exec nothing -- env
k exec deploy/nothing -- env
k exec two
k exec
k exec two env
k exec two --frob -- env
k exec -f pod.yaml -- env
