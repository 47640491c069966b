# Nodes, Deployments, ReplicaSets and their Events as a 1.34 API server and kubectl show them.
# Setup: a Deployment, so the nodes run pods (kubectl create deployment, apps/v1).
k create deployment web --image=nginx:1.27 --replicas=3
# Simulated time runs until the cluster is quiet (kubeloop's own command).
settle
# The Node a kubelet registers: pkg/kubelet/kubelet_node_status.go initialNode (the hostname,
# os and arch labels, stable and beta; the attach-detach annotation), the TTL controller's
# annotation (pkg/controller/ttl/ttl_controller.go, 0 s up to 100 nodes), and
# pkg/kubelet/nodestatus/setters.go (InternalIP then Hostname; capacity, and allocatable less
# the default hard eviction thresholds memory.available<100Mi and nodefs.available<10%;
# MemoryPressure, DiskPressure, PIDPressure and Ready with their reasons and messages;
# nodeInfo, kubeProxyVersion empty under the 1.33+ DisableNodeKubeProxyVersion default;
# daemonEndpoints.kubeletEndpoint.Port 10250). Field names are the json tags of
# staging/src/k8s.io/api/core/v1/types.go (podCIDR, podCIDRs, machineID, systemUUID, Port).
k get node node-1 -o yaml
# The kubelet's kubernetes.io/os label selects every node (label selection as get.go does it).
k get nodes -l kubernetes.io/os=linux
# kubernetes.io/hostname and the beta arch label select one node.
k get nodes -l kubernetes.io/hostname=node-2,beta.kubernetes.io/arch=amd64
# staging/src/k8s.io/kubectl/pkg/describe/describe.go describeNode and describeNodeResource:
# Allocatable, Kube-Proxy Version, PodCIDR, PodCIDRs, then hugepage rows after
# ephemeral-storage in Allocated resources.
k describe node node-2
# apps/v1 DeploymentStatus with the DeploymentReplicaSetTerminatingReplicas gate off, as it is
# in 1.34 (pkg/features/kube_features.go: alpha, off, 1.33 and 1.34): no terminatingReplicas.
k get deploy web -o yaml | tail -21
# ReplicaSetStatus is dropped by the same gate (pkg/registry/apps/replicaset/strategy.go).
k get rs -o yaml | grep -c terminatingReplicas
# A rollout (kubectl set image) ...
k set image deploy/web nginx=nginx:1.28
# ... run to the end.
settle
# Its ScalingReplicaSet events, worded by pkg/controller/deployment/sync.go since
# kubernetes#125118: "Scaled up replica set X from 0 to N" when the new ReplicaSet is created,
# "Scaled <up|down> replica set X from <old> to <new>" when one is resized.
k get events | grep ScalingReplicaSet
