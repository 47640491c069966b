# describe for each kind, and the Events that controllers leave behind.
k create deployment web --image=nginx:1.27 --replicas=2
settle
k describe deploy web
k describe rs
k describe $(k get pods -o name | head -1)
k describe node node-1
k get events
k delete $(k get pods -o name | head -1) --wait=false
k describe $(k get pods -o name | head -1)
