# export: what a user applied, as YAML `kubectl apply -f` accepts on a real cluster. Objects a
# controller owns, and every server-set field, are left out.
k create deployment web --image=nginx:1.27 --replicas=2
settle
k set image deploy/web nginx=nginx:1.28
k run cache --image=redis:7 --labels=tier=cache
k create namespace shop
k create deployment api --image=httpd:2.4 -n shop
settle
k delete deploy api -n shop --cascade=orphan
k get deploy,rs,pods -A
export
export -n shop
export -A | grep '^kind:'
export -A | grep -c resourceVersion:
k get deploy web -o yaml | grep -c resourceVersion:
export -n nowhere
export --foo
export pods
