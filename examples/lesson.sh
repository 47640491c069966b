# The lesson "The reconciliation loop", command for command, as a kubeloop script.
# Run it: cargo run -p kubeloop -- run examples/lesson.sh
# Time only moves through commands here, so `sleep` stands in for the minutes a class takes.

# Watching it happen
k create deployment web --image=nginx:1.27 --replicas=3     # AlreadyExists is fine
sleep 3m
k get pods -l app=web
k delete $(k get pods -l app=web -o name | head -1) --wait=false; k get pods -l app=web -w

# Who owns what: ownerReferences
k get pods -l app=web -o jsonpath='{.items[0].metadata.ownerReferences[0].kind}/{.items[0].metadata.ownerReferences[0].name}{"\n"}'
k get rs -l app=web -o jsonpath='{.items[0].metadata.ownerReferences[0].kind}/{.items[0].metadata.ownerReferences[0].name}{"\n"}'
k describe $(k get pods -l app=web -o name | head -1) | grep "Controlled By"

# Garbage collection: background (the default)
k delete deploy web
sleep 5
k get rs,pods -l app=web

# --cascade=foreground: dependents first, then the owner
k create deployment web --image=nginx:1.27 --replicas=3
settle
k delete deploy web --cascade=foreground --wait=false; k get deploy,rs -l app=web
settle
k get deploy,rs,pods -l app=web

# --cascade=orphan, then recreate: the new Deployment adopts the old pods
k create deployment web --image=nginx:1.27 --replicas=3
settle
k get pods -l app=web -o name
k delete deploy web --cascade=orphan
k get rs,pods -l app=web
k create deployment web --image=nginx:1.27 --replicas=3
settle
k get pods -l app=web -o name
k get rs -l app=web -o jsonpath='{.items[0].metadata.ownerReferences[0].kind}/{.items[0].metadata.ownerReferences[0].name}{"\n"}'

# Adoption works both ways: a bare pod next to a bare ReplicaSet
k delete deploy web
settle
k apply -f - <<EOF
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: frontend
spec:
  replicas: 3
  selector:
    matchLabels:
      app: shop
  template:
    metadata:
      labels:
        app: shop
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
EOF
settle
k get pods -l app=shop
k run test --image=nginx:1.27 --labels=app=shop
settle
k get pods -l app=shop
k describe rs frontend | grep Deleted
