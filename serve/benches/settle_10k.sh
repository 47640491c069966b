# `kubeloop run` from start to exit: 10,000 pods on 100 nodes, settled (BENCHMARKS.md,
# "The engine's speed won back"). Time it with /usr/bin/time -v.
node add 97
k create deployment web --image=nginx:1.27 --replicas=10000
settle
k get deployment web
