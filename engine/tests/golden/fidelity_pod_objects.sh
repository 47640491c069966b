# Pods and pod templates as the API server 1.34 returns them, and kubectl 1.34 reads them.
k run web --image=nginx:1.27
settle
# Spec defaults: pkg/apis/core/v1/defaults.go SetDefaults_Pod, SetDefaults_PodSpec,
# SetDefaults_Container. Admission: plugin/pkg/admission/serviceaccount/admission.go
# (kube-api-access-* projected volume, read-only mount, serviceAccount[Name]: default),
# plugin/pkg/admission/priority (priority 0, PreemptLowerPriority),
# plugin/pkg/admission/defaulttolerationseconds (not-ready/unreachable for 300s).
# metadata.generation 1: pkg/registry/core/pod/strategy.go PrepareForCreate, which also sets
# qosClass (BestEffort: no requests or limits). status.observedGeneration and the conditions'
# observedGeneration: PodObservedGenerationTracking, beta and on by default in 1.34
# (pkg/features/kube_features.go). lastProbeTime: null and lastState: {} are Go structs that
# omitempty cannot drop; imageID has no omitempty (staging/src/k8s.io/api/core/v1/types.go).
k get pod web -o yaml
# json tags podIP, podIPs, hostIP, hostIPs, qosClass: core/v1 PodStatus in types.go.
k get pods -o jsonpath='{.items[0].status.podIP}'
k get pod web -o jsonpath='{.status.podIPs[0].ip} {.status.hostIPs[0].ip} {.status.hostIP} {.status.qosClass}{"\n"}'
k create deployment api --image=httpd:2.4 --port=80
settle
# A template gets SetDefaults_PodSpec and SetDefaults_Container (and the ports' protocol
# TCP), not SetDefaults_Pod's enableServiceLinks nor anything admission adds.
k get deploy api -o yaml
# staging/src/k8s.io/kubectl/pkg/describe/describe.go describePod: describeContainerVolumes
# ("<path> from <volume> (ro)"), describeVolumes with printProjectedVolumeSource, QoS Class
# from status.qosClass, printTolerationsMultilineWithIndent.
k describe pod web
# command and args are Container fields (types.go json:"command", json:"args"); describe
# prints them in describeContainerCommand.
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: runner
spec:
  containers:
  - name: main
    image: busybox:1.36
    command: ["sh", "-c"]
    args: ["echo hello"]
EOF
k get pod runner -o jsonpath='{.spec.containers[0].command} {.spec.containers[0].args}{"\n"}'
k describe pod runner | head -24
