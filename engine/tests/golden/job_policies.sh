# Job policies (Kubernetes 1.34): a pod failure policy that fails the Job on one exit code
# and ignores another, the per-index back-off limit with failed indexes, a success policy
# that ends an Indexed Job early, what the API server refuses, and the downward API in a
# container's command. Models pkg/controller/job/{job_controller,pod_failure_policy,
# success_policy,indexed_job_utils}.go and pkg/apis/batch/validation/validation.go.
k apply -f - <<YAML
apiVersion: batch/v1
kind: Job
metadata:
  name: fail-fast
spec:
  completions: 3
  parallelism: 3
  completionMode: Indexed
  podFailurePolicy:
    rules:
    - action: FailJob
      onExitCodes:
        containerName: main
        operator: In
        values: [40]
    - action: Ignore
      onPodConditions:
      - type: DisruptionTarget
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox:1.36
        command: ["sh", "-c", "echo index $JOB_COMPLETION_INDEX; sleep 1$JOB_COMPLETION_INDEX; exit 4$JOB_COMPLETION_INDEX"]
YAML
k get job fail-fast -o jsonpath='{.spec.podReplacementPolicy} {.spec.podFailurePolicy.rules[1].onPodConditions[0].status}{"\n"}'
sleep 5s
k logs job/fail-fast
sleep 9s
k get job fail-fast
k get pods -l job-name=fail-fast
k get job fail-fast -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason}: {.message}{"\n"}{end}'
sleep 32s
k get job fail-fast
k describe job fail-fast
k apply -f - <<YAML
apiVersion: batch/v1
kind: Job
metadata:
  name: ignored
spec:
  backoffLimit: 1
  podFailurePolicy:
    rules:
    - action: Ignore
      onExitCodes:
        operator: In
        values: [3]
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox:1.36
        command: ["sh", "-c", "sleep 1; exit 3"]
YAML
sleep 45s
k get job ignored
k get job ignored -o jsonpath='failed={.status.failed} active={.status.active}{"\n"}'
k get pods -l job-name=ignored
k delete job ignored
k apply -f - <<YAML
apiVersion: batch/v1
kind: Job
metadata:
  name: per-index
spec:
  completions: 4
  parallelism: 4
  completionMode: Indexed
  backoffLimitPerIndex: 1
  maxFailedIndexes: 3
  podFailurePolicy:
    rules:
    - action: FailIndex
      onExitCodes:
        operator: In
        values: [3]
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox:1.36
        command: ["sh", "-c", "sleep 2; exit $JOB_COMPLETION_INDEX"]
YAML
k get job per-index -o jsonpath='{.spec.backoffLimit} {.spec.podReplacementPolicy}{"\n"}'
sleep 6s
k get job per-index -o jsonpath='completed={.status.completedIndexes} failed={.status.failedIndexes}{"\n"}'
sleep 15s
k get pods -l job-name=per-index -o jsonpath='{range .items[*]}{.metadata.name} {.status.phase} {.metadata.annotations.batch\.kubernetes\.io/job-index-failure-count}{"\n"}{end}'
k get job per-index
k get job per-index -o jsonpath='completed={.status.completedIndexes} failed={.status.failedIndexes} failedPods={.status.failed}{"\n"}{.status.conditions[-1:].reason}: {.status.conditions[-1:].message}{"\n"}'
k apply -f - <<YAML
apiVersion: batch/v1
kind: Job
metadata:
  name: leader
spec:
  completions: 3
  parallelism: 3
  completionMode: Indexed
  successPolicy:
    rules:
    - succeededIndexes: "0"
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: main
        image: busybox:1.36
        command: ["sh", "-c", "sleep 1$JOB_COMPLETION_INDEX"]
YAML
sleep 12s
k get job leader
k get job leader -o jsonpath='{range .status.conditions[*]}{.type} {.reason}: {.message}{"\n"}{end}'
sleep 35s
k get job leader
k get pods -l job-name=leader
k apply -f - <<YAML
apiVersion: batch/v1
kind: Job
metadata:
  name: bad
spec:
  maxFailedIndexes: 1
  podFailurePolicy:
    rules:
    - action: FailIndex
      onExitCodes:
        containerName: nope
        operator: In
        values: [2, 1, 0]
  successPolicy:
    rules:
    - succeededCount: 1
  template:
    spec:
      restartPolicy: OnFailure
      containers:
      - name: main
        image: busybox:1.36
YAML
k create job plain --image=busybox:1.36 --dry-run=server -o yaml -- sh -c 'echo hi' | grep -i policy
k apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata:
  name: downward
  labels:
    app: reader
spec:
  restartPolicy: Never
  containers:
  - name: main
    image: busybox:1.36
    command: ["sh", "-c", "echo I am $POD in $NS with app=$APP at $IP"]
    env:
    - name: POD
      valueFrom:
        fieldRef:
          fieldPath: metadata.name
    - name: NS
      valueFrom:
        fieldRef:
          fieldPath: metadata.namespace
    - name: APP
      valueFrom:
        fieldRef:
          fieldPath: metadata.labels['app']
    - name: IP
      valueFrom:
        fieldRef:
          fieldPath: status.podIP
YAML
sleep 5s
k logs downward
k get pod downward -o jsonpath='{.spec.containers[0].env[0].valueFrom.fieldRef}{"\n"}'
