# Nodes and faults: cordon, drain, a node that fails and recovers, stopped controllers, lost events.
k create deployment web --image=nginx:1.27 --replicas=6
settle
k get pods -o wide
k cordon node-1
k get nodes
k drain node-1 --ignore-daemonsets
settle
k get pods -o wide
k uncordon node-1
node toleration 20
node fail node-2
sleep 45
k get nodes
sleep 30
k get pods -o wide
node recover node-2
settle
k get nodes
k get pods -o wide
controller stop replicaset
k delete pods -l app=web --wait=false
sleep 10
k get pods
controller list
controller start replicaset
settle
k get pods
events drop 5
k scale deploy web --replicas=2
sleep 5
k get rs
settle
k get rs
node add 2 --max-pods=4
node remove node-3
k get nodes
node fail node-99
controller stop nothing
