# kubectl top pod and top node over the simulated usage: metrics one scrape after start,
# load from `load` and from the Services' users, CPU capped by limits, and the errors.
k top node
k create deployment web --image=nginx:1.27 --replicas=2
settle
k top pods
k top pod $(k get pods -o jsonpath='{.items[0].metadata.name}')
sleep 15
k top pod
k top node
load deployment/web 300m
load
k top pods --sort-by=cpu
k create deployment cache --image=redis:7 --replicas=1
k expose deploy web --port=80
settle
traffic svc/web 100
sleep 15
k top po --containers
k top pods -l app=web --sum
k top pods -A --no-headers --sort-by=memory
k set resources deploy/web --limits=cpu=250m,memory=64Mi
k rollout status deploy/web
sleep 15
k top pods -l app=web
load deployment/web 0
k top pods -l app=web
k top nodes --sort-by=cpu
k top no node-1 --show-capacity
node fail node-3
k top node
k top node node-3
k top node nothing
k top pod nothing
k top pod -l app=none
k top pod -A -l app=none
k create deployment bad --image=nginx:doesnotexist
sleep 2m10s
k top pod -l app=bad
k top pod a b
k top pod --sort-by=name
k top pod web -l app=web
k top node node-1 -l a=b
k top deployments
k top pod --frob
k top
load deploy/nothing 1
load deploy/web lots
load svc/web 1
