# StatefulSets: a headless Service and a set with a claim template, ordered creation,
# stable names and claims, scale, rolling update with a partition, and the errors.
k apply -f - <<YAML
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels: {app: nginx}
spec:
  clusterIP: None
  selector: {app: nginx}
  ports:
  - port: 80
    name: web
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: nginx
  replicas: 3
  selector:
    matchLabels: {app: nginx}
  template:
    metadata:
      labels: {app: nginx}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        ports:
        - containerPort: 80
          name: web
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ReadWriteOnce]
      resources:
        requests:
          storage: 1Gi
YAML
sleep 1
k get pods -l app=nginx
settle
k get pods -l app=nginx -o wide
k get sts
k get sts -o wide
k get pvc
k get svc nginx
k get controllerrevisions
k get controllerrevisions -o yaml | head -40
k get pod web-0 -o jsonpath='{.spec.hostname}.{.spec.subdomain} {.metadata.labels}{"\n"}'
k describe sts web
k describe pod web-1
k describe pvc www-web-1
k delete pod web-1
k get pods -l app=nginx
settle
k get pods -l app=nginx
k get pod web-1 -o jsonpath='{.spec.volumes[0].persistentVolumeClaim.claimName}{"\n"}'
k scale sts/web --replicas=5
sleep 3
k get pods -l app=nginx
settle
k scale sts web --replicas=2
sleep 2
k get pods -l app=nginx
settle
k get pods -l app=nginx
k get pvc
k patch sts web -p '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":1}}}}'
k scale sts web --replicas=3
settle
k patch sts web -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.28"}]}}}}'
sleep 1
k get pods -l app=nginx
settle
k get pods -l app=nginx -o custom-columns=NAME:.metadata.name,IMAGE:.spec.containers[0].image,REVISION:.metadata.labels.controller-revision-hash
k get controllerrevisions
k get sts web -o jsonpath='{.status.currentRevision} {.status.updateRevision} {.status.currentReplicas} {.status.updatedReplicas}{"\n"}'
k get events --field-selector involvedObject.kind=StatefulSet
k describe sts web
k patch sts web -p '{"spec":{"podManagementPolicy":"Parallel"}}'
k patch sts web --type=merge -p '{"spec":{"serviceName":"other"}}'
k scale sts web --replicas=-1
k scale sts ghost --replicas=2
k scale sts web
k apply -f - <<YAML
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: bad
spec:
  podManagementPolicy: Sometimes
  selector:
    matchLabels: {app: bad}
  template:
    metadata:
      labels: {app: bad}
    spec:
      containers:
      - name: c
        image: nginx
YAML
k apply -f - <<YAML
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: bad
spec:
  updateStrategy:
    type: OnDelete
    rollingUpdate: {partition: 1}
  persistentVolumeClaimRetentionPolicy: {whenDeleted: Keep}
  selector:
    matchLabels: {app: bad}
  template:
    metadata:
      labels: {app: other}
    spec:
      restartPolicy: OnFailure
      containers:
      - name: c
        image: nginx
YAML
k scale sts web --replicas=2 --current-replicas=7
k delete sts web
settle
k get pods -l app=nginx
k get pvc
k get controllerrevisions
