# CronJobs: Jobs named by the minute, status, history limits, concurrency policies, the
# starting deadline, suspend, describe, create cronjob and create job --from, and errors.
k create cronjob tick --image=busybox:1.36 --schedule="*/1 * * * *" -- sh -c 'date; echo tick'
k get cronjobs
sleep 5m
k get cronjobs
k get cronjobs -o wide
k get jobs
k get pods
k get events --field-selector involvedObject.kind=CronJob
k describe cronjob tick
k get job tick-28928165 -o jsonpath='{.metadata.annotations}{"\n"}{.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name}{"\n"}'
k patch cronjob tick -p '{"spec":{"successfulJobsHistoryLimit":1,"suspend":true}}'
sleep 2m
k get cronjobs
k get jobs
k logs $(k get pods -l job-name=tick-28928165 -o name)
k apply -f - <<YAML
apiVersion: batch/v1
kind: CronJob
metadata:
  name: slow
spec:
  schedule: "* * * * *"
  concurrencyPolicy: Forbid
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: c
            image: busybox:1.36
            command: ["sleep", "90"]
YAML
sleep 150s
k get jobs
k get cronjob slow -o jsonpath='{.status.active[*].name}{"\n"}'
k get events --field-selector involvedObject.name=slow
k create job slow-now --from=cronjob/slow
k get job slow-now -o jsonpath='{.metadata.annotations}{"\n"}'
k create cronjob tz --image=busybox --schedule="0 9 * * *" --dry-run=client -o yaml -- echo morning
k create cronjob x --image=busybox --schedule="@hourly" --restart=Never --dry-run=server
k create cronjob x --image=busybox --schedule="@hourly" -o name
k create cronjob
k create cronjob y --image=busybox
k create cronjob y --schedule="@daily"
k create cronjob y a --image=busybox --schedule="@daily"
k create cronjob y --image=busybox --schedule="61 * * * *"
k create cronjob y --image=busybox --schedule="@daily" --restart=Always
k create cronjob this-name-is-far-too-long-for-a-cronjob-of-fifty-two-chars --image=busybox --schedule="@daily"
