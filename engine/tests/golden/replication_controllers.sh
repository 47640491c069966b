# ReplicationControllers: the API server's defaults and validation (pkg/apis/core/v1/
# defaults.go, pkg/apis/core/validation/validation.go `ValidateReplicationControllerSpec`),
# the replication manager (pkg/controller/replication, the ReplicaSet loop's twin), the
# scale subresource, and kubectl on them as test/cmd/core.sh `run_rc_tests` drives it.
k apply -f - <<EOF
apiVersion: v1
kind: ReplicationController
metadata:
  name: frontend
spec:
  replicas: 3
  template:
    metadata:
      labels:
        app: guestbook
        tier: frontend
    spec:
      containers:
      - name: php-redis
        image: nginx:1.27
        ports:
        - containerPort: 80
EOF
k get rc frontend -o jsonpath='{.metadata.labels} {.spec.selector} {.spec.replicas}{"\n"}'
sleep 5
k get rc
k get rc -o wide
k get pods -l tier=frontend
k get pods -l tier=frontend -o jsonpath='{range .items[*]}{.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name} {end}{"\n"}'
k describe rc frontend
k scale rc frontend --replicas=2 --current-replicas=3
k scale rc frontend --replicas=5 --current-replicas=3
sleep 3
k get rc frontend
k get rc frontend -o jsonpath='{.status.replicas} {.status.readyReplicas} {.status.observedGeneration}{"\n"}'
k delete pod -l tier=frontend --wait=false
sleep 3
k get rc frontend
k expose rc frontend --port=80 --target-port=80
k get svc frontend -o jsonpath='{.spec.selector}{"\n"}'
k autoscale rc frontend --min=2 --max=3 --cpu=70%
k get hpa frontend
k get all -l app=guestbook
k apply -f - <<EOF
apiVersion: v1
kind: ReplicationController
metadata:
  name: broken
spec:
  selector:
    app: other
  template:
    metadata:
      labels:
        app: guestbook
    spec:
      restartPolicy: Never
      activeDeadlineSeconds: 5
      containers:
      - name: c
        image: nginx
EOF
k apply -f - <<EOF
apiVersion: v1
kind: ReplicationController
metadata:
  name: empty
spec:
  replicas: -1
EOF
k delete rc frontend
sleep 3
k get pods -l tier=frontend
