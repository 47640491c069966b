# ConfigMaps and Secrets: kubectl's generators (literals, a heredoc as a file and as an env
# file), get and describe, and what a pod makes of them. A missing ConfigMap key stops the
# container with CreateContainerConfigError until the ConfigMap has it; a missing Secret
# volume keeps the pod ContainerCreating with FailedMount events; exec shows the values, and
# set env --from adds one reference per key.
k create configmap app --from-literal=mode=fast --from-literal=replicas=3
k create configmap nginx-conf --from-file=nginx.conf=/dev/stdin <<EOF
server {
  listen 80;
}
EOF
k create configmap flags --from-env-file=/dev/stdin <<EOF
# features
DEBUG=false
COLOR=blue
EOF
k create secret generic db --from-literal=username=admin --from-literal=password='s3cr3t!'
k create configmap app-conf --from-literal=color=blue --append-hash -o name
k create configmap preview --from-literal=a=1 --dry-run=client -o yaml
k create configmap preview --from-literal=a=1 --dry-run=server -o json
k create secret generic token --type=example.com/token --from-literal=token=abc -o yaml
k create secret generic ssh --from-file=id_rsa=/dev/stdin --append-hash -o name <<EOF
not really a key
EOF
k create secret generic app-env --from-env-file=/dev/stdin --dry-run=client -o yaml <<EOF
TOKEN=abc
EOF
k create secret docker-registry regcred --docker-username=u --docker-password=p --docker-email=u@example.com --docker-server=registry.example.com
k get secret regcred -o go-template='{{index .data ".dockerconfigjson" | base64decode}}{{"\n"}}'
k create secret tls site --cert=/dev/stdin --key=tls.key <<EOF
-----BEGIN CERTIFICATE-----
MIIB
-----END CERTIFICATE-----
EOF
k get configmaps
k get secrets
k get secret db -o jsonpath='{.data.password}{"\n"}'
k describe configmap nginx-conf
k describe secret db
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: reader
spec:
  containers:
  - name: app
    image: busybox:sleep
    envFrom:
    - configMapRef:
        name: flags
      prefix: FLAG_
    env:
    - name: MODE
      valueFrom:
        configMapKeyRef:
          name: app
          key: mode
    - name: SIZE
      valueFrom:
        configMapKeyRef:
          name: app
          key: size
    - name: DB_PASSWORD
      valueFrom:
        secretKeyRef:
          name: db
          key: password
EOF
sleep 8
k get pod reader
k get pod reader -o jsonpath='{.status.containerStatuses[0].state.waiting.message}{"\n"}'
k create configmap app --from-literal=mode=fast --from-literal=size=large --dry-run=client -o yaml | k replace -f -
sleep 15
k get pod reader
k exec reader -- env
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: mounter
spec:
  containers:
  - name: app
    image: busybox:sleep
    volumeMounts:
    - name: certs
      mountPath: /certs
  volumes:
  - name: certs
    secret:
      secretName: tls-certs
EOF
sleep 5
k get pod mounter
k describe pod mounter | grep FailedMount
k create secret generic tls-certs --from-literal=tls.crt=cert --from-literal=tls.key=key
sleep 130
k get pod mounter
k create deployment web --image=nginx:1.27
k set env deploy/web --from=configmap/app --keys=mode
k set env deploy/web --from=secret/db --prefix=DB_
k set env deploy/web --list
k set env deploy/web --list --resolve
k delete configmap flags
k get cm
