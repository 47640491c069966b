# kubectl delete: messages, --wait, grace periods, --force, selectors, and the three cascades.
k create deployment web --image=nginx:1.27 --replicas=3
k run bare --image=nginx:1.27
settle
k delete pod bare --grace-period=0 --force
k get pods -l run=bare
k delete $(k get pods -l app=web -o name | head -1)
k get pods -l app=web --no-headers | wc -l
k delete pods -l app=web --wait=false
k get pods -l app=web
settle
k delete pods -l app=nothing
k delete pod missing
k delete pod missing --ignore-not-found
k delete deploy web --cascade=sideways
k delete deploy web --cascade=false
k get rs -l app=web -o name
k delete rs -l app=web --cascade=foreground
k get pods -l app=web
k delete pods --all
k delete deploy
