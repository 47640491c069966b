# kubectl set resources and set env: template changes roll out like any other, the same
# change again does nothing, pods refuse what the API server forbids, and the errors; patch
# and apply meet the same resource checks as set resources.
k create deployment web --image=nginx:1.27 --replicas=2
settle
k set resources deploy/web --limits=cpu=200m,memory=512Mi --requests=cpu=0.1,memory=0.25Gi
k rollout status deploy/web
k get deploy web -o jsonpath='{.spec.template.spec.containers[0].resources}{"\n"}'
k set resources deploy/web --limits=cpu=200m
k set resources deployment web -c 'ng*' --limits=memory=1Gi -o name
k set resources deploy web -c db --limits=cpu=1
k set resources deploy web --limits=cpu=1 --requests=cpu=2
k set resources deploy web --limits=cpu=-1
k set resources deploy web --limits=gpu=1
k set resources deploy web --limits=cpu=1Q
k set resources deploy web --limits=cpu=1KK
k set resources deploy web --limits=cpu
k set resources deploy web
k set resources deploy --limits=cpu=1
k set resources deploy/nothing --limits=cpu=1
k set resources deploy/web --frob
settle
k set env deploy/web GREETING=hello MODE=blue
k rollout status deploy/web
k set env deploy/web --list
k set env deploy/web -e MODE=green COLOR-
k set env deploy/web MODE=green
k set env deploy/web MODE=red --overwrite=false
k set env deploy/web -c db X=1
k set env deploy/web GREETING-
k set env deploy/web --list
k set env deploy/web --list -o yaml
k set env deploy/web 1X=y
k set env deploy/web X
k set env deploy/web X=1 X-
k set env web X=1 deploy/other
k set env X=1
k set env deploy/web --from=configmap/x
settle
k rollout history deploy/web
k rollout restart deploy/web
k rollout status deploy/web
k rollout history deploy/web
k set env $(k get pods -o name | head -1) X=1
k set resources $(k get pods -o name | head -1) --limits=cpu=1
k set image $(k get pods -o name | head -1) nginx=nginx:1.28 -o name
k patch deploy web -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","resources":{"requests":{"cpu":"2"},"limits":{"cpu":"1"}}}]}}}}'
k apply -f - <<END
apiVersion: apps/v1
kind: Deployment
metadata:
  name: hungry
spec:
  selector:
    matchLabels:
      app: hungry
  template:
    metadata:
      labels:
        app: hungry
    spec:
      containers:
      - name: app
        image: nginx:1.27
        resources:
          limits:
            memory: -1Gi
            gpu: "1"
END
# Every kind with a pod template takes set image, env and resources (polymorphichelpers
# updatePodSpecForObject): a DaemonSet and a StatefulSet roll the change out, a CronJob's
# next Jobs get it.
k apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: a
        image: busybox:sleep
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 1
  selector:
    matchLabels: {app: db}
  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
      - name: d
        image: redis:7
EOF
k create cronjob tick --image=busybox --schedule=@hourly
settle
k set image ds/agent a=nginx:1.28
k set env sts/db MODE=fast
k set resources ds/agent --limits=cpu=200m
k set image cj/tick tick=busybox:1.37
k rollout status ds/agent
k rollout status sts/db
k get ds agent -o jsonpath='{.spec.template.spec.containers[0].image} {.spec.template.spec.containers[0].resources}{"\n"}'
k get sts db -o jsonpath='{.spec.template.spec.containers[0].env}{"\n"}'
k get cj tick -o jsonpath='{.spec.jobTemplate.spec.template.spec.containers[0].image}{"\n"}'
