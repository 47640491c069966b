# Jobs: pods that finish, completions two at a time, retries with back-off, the back-off
# limit, Indexed Jobs, suspend, describe, events, logs, and create job's forms and errors.
k create job pi --image=perl:5.34.0 -- perl -Mbignum=bpi -wle 'print bpi(50)'
k get jobs
sleep 15s
k get jobs
k get jobs -o wide
k get pods
k describe job pi
k get job pi -o jsonpath='{.status.conditions[*].type}{"\n"}{.status.succeeded}{"\n"}'
k logs job/pi
k apply -f - <<YAML
apiVersion: batch/v1
kind: Job
metadata:
  name: work
spec:
  completions: 3
  parallelism: 2
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: worker
        image: busybox:1.36
        command: ["sh", "-c", "echo working on it; sleep 5; echo done"]
YAML
sleep 3s
k get job work
k get pods -l job-name=work
sleep 20s
k get job work
k get events --field-selector involvedObject.name=work
k apply -f - <<YAML
apiVersion: batch/v1
kind: Job
metadata:
  name: flaky
spec:
  backoffLimit: 2
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: c
        image: busybox:1.36
        command: ["sh", "-c", "echo connecting; sleep 2; echo failed >&2; exit 1"]
YAML
sleep 90s
k get job flaky
k get pods -l job-name=flaky
k describe job flaky
k logs job/flaky
k logs job/nope
k apply -f - <<YAML
apiVersion: batch/v1
kind: Job
metadata:
  name: indexed
spec:
  completions: 3
  parallelism: 3
  completionMode: Indexed
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: c
        image: busybox:1.36
        command: ["sh", "-c", "echo index $JOB_COMPLETION_INDEX"]
YAML
sleep 15s
k get job indexed -o jsonpath='{.status.completedIndexes}{"\n"}'
k get pods -l job-name=indexed -L batch.kubernetes.io/job-completion-index
k run once --image=busybox:1.36 --restart=Never -- echo hello from a pod
k run oops --image=busybox:1.36 --restart=Never -- sh -c 'echo about to fail; exit 3'
k run nothere --image=busybox:1.36 --restart=Never -- curl example.com
sleep 10s
k get pods once oops nothere
k logs once
k logs oops
k get pod nothere -o jsonpath='{.status.containerStatuses[0].state.terminated.reason} {.status.containerStatuses[0].state.terminated.exitCode}{"\n"}'
k create job x --image=busybox --dry-run=client -o yaml -- date
k create job x --image=busybox --dry-run=server
k create job x --image=busybox -o name
k create job
k create job y
k create job y --image=busybox --from=cronjob/z
k create job y a b --image=busybox
k create job y --image=busybox --bogus
k create job y --from=cronjob/nope
k create job y --from=deployment/web
k create job pi --image=busybox
k delete job pi work flaky indexed x
sleep 40s
k get jobs,pods
