# `kubeloop run` from start to exit: 100,000 pods on 100 nodes, settled (BENCHMARKS.md,
# "The engine's speed won back"). Time it with /usr/bin/time -v.
node add 97 --max-pods=1040
k create deployment web --image=nginx:1.27 --replicas=100000
settle
k get deployment web
