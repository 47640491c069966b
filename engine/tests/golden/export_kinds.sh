# export writes every kind a user makes, in the registry's groups (model/registry.rs
# `Export`): PriorityClasses, then what pods read, the workloads, and what points at them.
# What the cluster writes for itself stays out (the default ServiceAccount, the system-
# PriorityClasses, the nodes' Leases, the kubernetes Service, the Job the CronJob started),
# and a Job loses the selector and labels the API server generated, which a real API server
# refuses on a new Job without manualSelector (pkg/registry/batch/job/strategy.go).
k create priorityclass high --value=1000
k create serviceaccount robot
k create configmap settings --from-literal=mode=fast
k create quota small --hard=pods=20
k create job once --image=busybox
k create cronjob tick --image=busybox --schedule='* * * * *'
k create deployment web --image=nginx:1.27
k create service clusterip web --tcp=80:80
k create pdb web --selector=app=web --min-available=1
k create ingress web --rule=example.com/=web:80
k autoscale deploy web --max=3
k apply -f - <<EOF
apiVersion: v1
kind: LimitRange
metadata:
  name: limits
spec:
  limits:
  - type: Container
    defaultRequest:
      cpu: 100m
---
apiVersion: coordination.k8s.io/v1
kind: Lease
metadata:
  name: leader
spec:
  holderIdentity: app-0
EOF
sleep 70
k get jobs,leases -A
export
