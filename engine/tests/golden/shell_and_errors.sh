# The shell around kubectl: pipes, && and ||, quoting, substitution, timeouts and errors.
k create deployment web --image=nginx:1.27 --replicas=3
settle
k get pods -o name | sort | tail -1
k get pods --no-headers | grep Running | wc -l
k get pods -o name | grep -v web
k get pod nosuch && echo found || echo "not found"
echo "$(k get deploy web -o jsonpath='{.spec.replicas}') replicas"
timeout 5s k get pods -w -o name
k scale deploy web --replicas=4; timeout 10s k get pods -l app=web -w
k get pods -o 'jsonpath={.items[0].metadata.name'
k get 'pods
k get pods |
k frobnicate
k logs web
frob
sleep forever
k create deployment Web --image=nginx:1.27
k create deployment web --image=nginx:1.27
k create deployment web2
k run x --image=nginx:1.27 --labels=bad
k scale deploy web --replicas=99999999999
k scale deploy web --replicas=1000000
k version
