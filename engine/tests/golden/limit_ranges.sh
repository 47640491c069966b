# LimitRanges: the LimitRanger admission plugin's defaults and bounds on new pods, and how
# they let a quota on CPU admit pods that name none (plugin/pkg/admission/limitranger/
# admission.go; upstream test/cmd has no LimitRange suite).
k apply -f - <<EOF
apiVersion: v1
kind: LimitRange
metadata:
  name: limits
spec:
  limits:
  - type: Container
    default:
      cpu: 500m
      memory: 256Mi
    defaultRequest:
      cpu: 100m
    max:
      cpu: "1"
    min:
      cpu: 50m
  - type: Pod
    max:
      memory: 1Gi
EOF
k get limits
k describe limitrange limits
k get limitrange limits -o jsonpath='{.spec.limits[0].defaultRequest}{"\n"}'
k run plain --image=nginx:1.27
k get pod plain -o jsonpath='{.spec.containers[0].resources}{"\n"}{.metadata.annotations}{"\n"}'
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: big
spec:
  containers:
  - name: big
    image: nginx:1.27
    resources:
      limits: {cpu: 2, memory: 2Gi}
      requests: {cpu: 10m}
EOF
k create quota compute --hard=requests.cpu=250m
settle
k create deployment web --image=nginx:1.27 --replicas=3
sleep 10
k get pods
k describe quota compute
k apply -f - <<EOF
apiVersion: v1
kind: LimitRange
metadata:
  name: upside-down
spec:
  limits:
  - type: Container
    min:
      cpu: "2"
    max:
      cpu: "1"
  - type: Pod
    default:
      cpu: 1
  - type: Node
EOF
