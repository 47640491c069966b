# The flags of the first verbs that no other transcript reaches: a watch of changes only, one
# printing its events,
# describe without events, events as YAML and watched, an externalname Service and a created
# one as YAML, run --command, expose with a selector, a protocol and a headless IP,
# scale/label/set image over --all and -l, all containers' logs and a followed log, and drain
# with a grace period.
k create deployment web --image=nginx:1.27 --replicas=2
k run solo --image=busybox --restart=Never --command -- sleep 3600
settle
k scale deploy web --replicas=3; timeout 20s k get deploy web --watch-only
k scale deploy web --replicas=2; timeout 20s k get deploy web -w --output-watch-events
k scale deploy web --replicas=3; timeout 20s k get deploy web --watch-only --output-watch-events -o json | head -6
k describe deploy web --show-events=false
k events --for=deploy/web --no-headers
k events --for=pod/solo -o yaml | head -12
timeout 5s k events -w --types=Warning
k create service externalname search --external-name=example.com
k create service clusterip db --tcp=5432 -o yaml
k expose deploy web --name=web-udp --port=53 --protocol=UDP --selector=app=web
k expose deploy web --name=web-headless --port=80 --cluster-ip=None
k get svc
k scale deploy --all --replicas=3
k label deploy --all tier=front
k set image deploy -l app=web nginx=nginx:1.28
k set image deploy --all nginx=nginx:1.28
k rollout status deploy/web
k rollout history deploy/web
k logs solo --all-containers
timeout 5s k logs deploy/web -f --tail=1
k drain node-1 --ignore-daemonsets --force --grace-period=5
k get pods -o wide
