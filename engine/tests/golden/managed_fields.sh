# metadata.managedFields: each writer and the fields it set, as the API server's field
# manager records them (apimachinery pkg/util/managedfields/internal; the field sets of
# structured-merge-diff's typed/compare.go), and kubectl's printers, which leave them out of
# -o yaml|json unless --show-managed-fields (cli-runtime OmitManagedFieldsPrinter). The
# managers are the ones test/cmd/core.sh and apps.sh look for (core.sh:86, :378, :389).
k create deployment web --image=nginx:1.27 --replicas=2
k get deploy web -o yaml --show-managed-fields
k get deploy web -o yaml | grep -c managedFields
k label deploy web tier=front
k annotate deploy web team=blue
k set image deploy/web nginx=nginx:1.28
k get deploy web -o jsonpath='{range .metadata.managedFields[*]}{.manager} {.operation} {.subresource} {.time}{"\n"}{end}'
k label deploy web tier-
k get deploy web -o jsonpath='{.metadata.managedFields[?(@.manager=="kubectl-label")].fieldsV1}{"\n"}'
k get deploy web -o jsonpath='{.metadata.managedFields[?(@.manager=="kubectl-set")].fieldsV1}{"\n"}'
# kubectl scale names no field manager: the write is recorded under its User-Agent's first
# word. The loops' writes are entries too: the pods the ReplicaSet made are
# kube-controller-manager's, their status the kubelet's (store/managed_loops.rs).
k scale deploy web --replicas=3
k get deploy web -o jsonpath='{range .metadata.managedFields[*]}{.manager}={.fieldsV1.f:spec}{"\n"}{end}'
sleep 5
k get pods -l app=web -o jsonpath='{range .items[*]}[{.metadata.managedFields}]{end}{"\n"}'
k run solo --image=nginx:1.27
k get pod solo -o jsonpath='{.metadata.managedFields[*].manager}{"\n"}'
k rollout restart deploy/web
k get deploy web -o jsonpath='{range .metadata.managedFields[*]}{.manager} {.operation} {.subresource}{"\n"}{end}'
