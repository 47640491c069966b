# Nodes, Deployments, ReplicaSets and their Events as a 1.34 API server and kubectl show them.
# The Node a kubelet registers: pkg/kubelet/kubelet_node_status.go initialNode (the hostname,
# os and arch labels, stable and beta; the attach-detach annotation) and
# pkg/kubelet/nodestatus/setters.go (InternalIP then Hostname; capacity, and allocatable less
# the default hard eviction thresholds; MemoryPressure, DiskPressure, PIDPressure and Ready
# with their reasons and messages; nodeInfo, kubeProxyVersion empty under the 1.33+
# DisableNodeKubeProxyVersion default; daemonEndpoints.kubeletEndpoint.Port 10250). Field
# names are the json tags of staging/src/k8s.io/api/core/v1/types.go (podCIDR, machineID, Port).
k get node node-1 -o yaml
# The kubelet's kubernetes.io/os and kubernetes.io/hostname labels select nodes.
k get nodes -l kubernetes.io/os=linux
k get nodes -l kubernetes.io/hostname=node-2,beta.kubernetes.io/arch=amd64
# staging/src/k8s.io/kubectl/pkg/describe/describe.go describeNode and describeNodeResource:
# Allocatable, Kube-Proxy Version, PodCIDR, PodCIDRs, then hugepage rows after
# ephemeral-storage in Allocated resources.
k create deployment web --image=nginx:1.27 --replicas=3
settle
k describe node node-2
# apps/v1 DeploymentStatus with the DeploymentReplicaSetTerminatingReplicas gate off, as it is
# in 1.34 (pkg/features/kube_features.go): no terminatingReplicas on Deployment or ReplicaSet.
k get deploy web -o yaml | tail -21
k get rs -o yaml | grep -c terminatingReplicas
# A rollout's ScalingReplicaSet events, worded by pkg/controller/deployment/sync.go since
# kubernetes#125118: "Scaled up replica set X from 0 to N" when the new ReplicaSet is created,
# "Scaled <up|down> replica set X from <old> to <new>" when one is resized.
k set image deploy/web nginx=nginx:1.28
settle
k get events | grep ScalingReplicaSet
