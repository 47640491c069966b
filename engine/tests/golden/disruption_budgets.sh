# PodDisruptionBudgets: kubectl create pdb, the disruption loop's status, describe, and a
# drain that the budget paces (upstream: test/cmd/core.sh run_pod_disruption_budget_tests,
# kubectl/pkg/cmd/create/create_pdb.go, kubectl/pkg/drain/drain.go evictPods,
# pkg/registry/core/pod/storage/eviction.go).
k create deployment web --image=nginx:1.27 --replicas=6
k create pdb web --selector=app=web --max-unavailable=1
k create poddisruptionbudget half --selector=app=web --min-available=50% --dry-run=server -o yaml
k create poddisruptionbudget preview --selector='app=web,tier in (front)' --max-unavailable=10% --dry-run=client -o json
k create poddisruptionbudget named --selector=app=web --min-available=2 -o name
k delete pdb named
k create pdb bad --selector=app=web --min-available=1 --max-unavailable=1
k create pdb bad --selector=app=web --min-available=x
settle
k get pdb
k get pdb web -o yaml
k describe pdb web
k drain node-1
k get pdb web
k get pods -o wide
settle
k get pdb web -o jsonpath='{.status.disruptionsAllowed} {.status.currentHealthy}/{.status.desiredHealthy} of {.status.expectedPods}{"\n"}'
k apply -f - <<EOF
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: both
spec:
  minAvailable: 1
  maxUnavailable: 1
  selector:
    matchLabels:
      app: web
EOF
k apply -f - <<EOF
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: strict
spec:
  minAvailable: 100%
  unhealthyPodEvictionPolicy: AlwaysAllow
  selector:
    matchLabels:
      app: nothing-yet
EOF
settle
k get pdb
k describe pdb strict
k get events --field-selector involvedObject.kind=PodDisruptionBudget
k delete pdb strict web
k get pdb
k drain node-2 --timeout=1s
k explain pdb.spec
