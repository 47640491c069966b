# Leases (coordination.k8s.io/v1) and what every API server creates. Each node's kubelet
# holds a Lease in kube-node-lease, owned by its Node, and renews it every 10s
# (component-helpers/apimachinery/lease/controller.go, pkg/kubelet/nodelease.go); a silent
# kubelet renews nothing, and describe node prints the lease (describe.go
# `describeNodeLease`). The `kubernetes` Service in default, its Endpoints and EndpointSlice
# (pkg/controlplane/controller/kubernetesservice, pkg/controlplane/reconcilers). Lease
# validation: pkg/apis/coordination/validation/validation.go.
k get leases -n kube-node-lease
k get lease node-1 -n kube-node-lease -o yaml
sleep 25
k get leases -n kube-node-lease -o custom-columns=NAME:.metadata.name,HOLDER:.spec.holderIdentity,RENEWED:.spec.renewTime
node fail node-2
sleep 45
k get leases -n kube-node-lease -o custom-columns=NAME:.metadata.name,RENEWED:.spec.renewTime
k describe node node-2 | grep Time:
node recover node-2
sleep 11
k get lease node-2 -n kube-node-lease -o jsonpath='{.spec.renewTime}{"\n"}'
k delete lease node-1 -n kube-node-lease
sleep 11
k get lease node-1 -n kube-node-lease -o jsonpath='{.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name} {.spec.leaseDurationSeconds}{"\n"}'
k describe lease node-3 -n kube-node-lease
k apply -f - <<EOF
apiVersion: coordination.k8s.io/v1
kind: Lease
metadata:
  name: leader
spec:
  holderIdentity: app-0
  leaseDurationSeconds: 15
  renewTime: "2025-01-01T00:02:00.250000Z"
EOF
k get lease leader -o jsonpath='{.spec.renewTime}{"\n"}'
k get leases
k apply -f - <<EOF
apiVersion: coordination.k8s.io/v1
kind: Lease
metadata:
  name: broken
spec:
  leaseDurationSeconds: 0
  leaseTransitions: -1
  preferredHolder: app-1
EOF
k get svc kubernetes -o yaml
k get endpoints kubernetes
k get endpointslices kubernetes -o jsonpath='{.endpoints[0].addresses[0]}:{.ports[0].port}{"\n"}'
k run env --image=busybox --restart=Never -- sleep 3600
settle
k exec env -- env | grep ^KUBERNETES_SERVICE
