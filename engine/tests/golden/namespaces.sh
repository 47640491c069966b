# Namespaces: the four every cluster starts with, and a deleted one's lifecycle. Storage
# marks it Terminating (pkg/registry/core/namespace/storage/storage.go Delete), the
# NamespaceLifecycle plugin refuses new content in it and the deletion of the immortal ones
# (apiserver/pkg/admission/plugin/namespace/lifecycle/admission.go), and the namespace loop
# deletes its content, writes what remains as conditions, and removes its finalizer
# (pkg/controller/namespace/deletion/namespaced_resources_deleter.go). Upstream's
# test/cmd/core.sh run_namespace_tests checks the same create, get, delete and refusals.
k get namespaces
k get ns kube-system -o jsonpath='{.metadata.labels}{" "}{.spec.finalizers}{" "}{.status.phase}{"\n"}'
k create namespace shop
k create namespace shop
k create namespace Shop
k create ns dry --dry-run=client -o yaml
k get ns dry
k create deployment web -n shop --image=nginx:1.27 --replicas=2
sleep 5s
k get deploy,rs,pods -n shop
k describe ns shop
k delete namespace kube-public
k delete ns shop --wait=false
k get ns shop
k create configmap late -n shop --from-literal=a=b
k run late -n shop --image=nginx:1.27
k delete ns shop --wait=false
sleep 1s
k describe ns shop
k get pods -n shop
sleep 20s
k get ns
k get all -n shop
k get ns shop
k create ns brief
k delete ns brief
k get ns brief
