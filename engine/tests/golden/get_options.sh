# kubectl get: -o custom-columns, --sort-by, --field-selector and -L, combined with
# --no-headers, -A and -o wide, and their errors.
k create deployment web --image=nginx:1.27 --replicas=3
k create namespace shop
k create deployment api --image=httpd:2.4 --replicas=2 -n shop
k label deploy web tier=front
k scale deploy api --replicas=1 -n shop
k expose deploy web --port=80
settle
k get pods -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName,IMAGES:.spec.containers[*].image
k get pods -A -o custom-columns='NS:{.metadata.namespace},NAME:metadata.name,MISSING:.spec.nope' --no-headers
k get deploy -A -o custom-columns=NAME:.metadata.name,REPLICAS:.spec.replicas --sort-by=.spec.replicas
k get deploy web -o custom-columns=LABELS:.metadata.labels
k get pods -n nowhere -o custom-columns=NAME:.metadata.name
k get pods --sort-by=.metadata.name --no-headers
k get deploy -A --sort-by='{.metadata.name}'
k get pods -A --sort-by=.spec.nodeName -o name
k get deploy,rs,svc --sort-by=.metadata.name -o name
k get pods --field-selector status.phase=Running -o name
k get pods -A --field-selector=metadata.namespace!=default
k get pods --field-selector spec.nodeName=node-1,status.phase==Running -o wide --no-headers | wc -l
k get nodes --field-selector spec.unschedulable=false -o name
k get events --field-selector involvedObject.kind=Deployment,reason=ScalingReplicaSet -o custom-columns=OBJ:.involvedObject.name,MSG:.message
k get svc --field-selector spec.type=ClusterIP -o name
k get deploy -L app,tier -L app.kubernetes.io/name
k get deploy -A -L tier -L app -o wide
k get rs -L app --show-labels --no-headers
timeout 2s k get deploy -w -L tier
k get pods -o custom-columns=NAME
k get pods -o custom-columns=
k get pods -o custom-columns-file=cols.txt
k get pods --sort-by=.metadata.foo
k get deploy -A --sort-by=.metadata.labels
k get pods --field-selector foo=bar
k get deploy --field-selector status.replicas=3
k get nodes --field-selector metadata.namespace=default
k get pods --field-selector status.phase
k get pods -l app=web --field-selector 'status.phase=a=b'
k get pods -w --field-selector status.phase=Running
k get deploy web --field-selector metadata.name=web
k get deploy -L app -o custom-columns=NAME:.metadata.name
