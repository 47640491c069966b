# PriorityClasses: the two system classes every API server creates (pkg/registry/scheduling/
# rest), kubectl's generator (create_priorityclass.go), their validation
# (pkg/apis/scheduling/validation) and the Priority admission plugin on classes and pods
# (plugin/pkg/admission/priority/admission.go).
k get priorityclasses
k describe priorityclass system-node-critical
k create priorityclass high --value=1000 --description="for the shop" --dry-run=client -o yaml
k create priorityclass high --value=1000 --description="for the shop"
k create priorityclass usual --value=10 --global-default
k create pc other --value=5 --global-default
k create pc system-mine --value=5
k create pc huge --value=2000000000
k create priorityclass polite --value=1 --preemption-policy=Sometimes
k get pc
k delete pc system-cluster-critical
k run plain --image=nginx:1.27
k get pod plain -o jsonpath='{.spec.priorityClassName} {.spec.priority} {.spec.preemptionPolicy}{"\n"}'
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: important
spec:
  priorityClassName: high
  containers:
  - name: app
    image: nginx:1.27
EOF
k get pod important -o jsonpath='{.spec.priorityClassName} {.spec.priority}{"\n"}'
k describe pod important | grep Priority
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: unknown
spec:
  priorityClassName: missing
  containers:
  - name: app
    image: nginx:1.27
EOF
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: self-made
spec:
  priority: 7
  containers:
  - name: app
    image: nginx:1.27
EOF
k patch pc high -p '{"value": 5}'
