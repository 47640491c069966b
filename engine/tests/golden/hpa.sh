# kubectl autoscale and the HorizontalPodAutoscaler loop: the generated autoscaling/v2 object
# (kubectl 1.34: --cpu and --memory, --cpu-percent deprecated), the no-request trap, a scale-up under load, the five-minute
# scale-down window, describe, events, and the errors.
k create deployment web --image=nginx:1.27 --replicas=2
k autoscale deploy web --min=2 --max=6 --cpu-percent=50 --dry-run=client -o yaml
k autoscale deploy web --max=5 --dry-run=client -o json
k autoscale deploy web --max=3 --dry-run=client -o name
k autoscale deploy web --max=3 --cpu-percent=0 --min=0 --dry-run=client -o yaml
k autoscale deploy web --max=4 --cpu=500 --memory=70% --dry-run=client -o yaml
k autoscale deploy web --max=4 --cpu=1.5 --memory=2Gi --dry-run=client -o json
k autoscale deploy web --max=4 --cpu=50% --cpu-percent=50
k autoscale deploy web --max=4 --memory=lots
settle
k autoscale rs/$(k get rs -o jsonpath='{.items[0].metadata.name}') --max=3 --name=other --dry-run=client
# No CPU request: the HPA cannot compute a utilization.
k autoscale deploy web --min=2 --max=6 --cpu=50%
k get hpa
sleep 45
k get hpa
k describe hpa web
# Give the pods a request; the rollout replaces them.
k set resources deploy/web --requests=cpu=100m
k rollout status deploy/web
sleep 30
k get hpa
k top pods
load deploy/web 120m
sleep 15
k top pods
k get hpa -o wide
sleep 45
k get hpa
k get deploy web
k describe hpa web
# Scaling by hand is undone at the next sync: first up to the minimum, then, as the
# scale-down window still holds the recent recommendations of 6, back up to them.
k scale deploy web --replicas=1
sleep 15
sleep 30s
k get deploy web
# The load stops; the scale-down waits for the five-minute window.
load deploy/web 0
sleep 1m
k get hpa
sleep 2m
k get hpa
sleep 2m30s
k get hpa
sleep 2m
k get hpa
k get deploy web
k get events --field-selector involvedObject.kind=HorizontalPodAutoscaler
k get hpa web -o yaml
k autoscale deploy web --max=4 --name=web3 --dry-run=server
k autoscale deploy web --max=4 --name=web3 --dry-run=server -o name
k get hpa web3
k autoscale deploy web --max=4 --name=web2 -o yaml
k get hpa
# Two HPAs on the same pods: both refuse to act.
sleep 20
k get events --field-selector reason=AmbiguousSelector
k delete hpa web2
# Errors.
k autoscale deploy web
k autoscale deploy web --max=0
k autoscale deploy web --max=3 --min=5
k autoscale deploy web --max=abc
k autoscale deploy web --max=3 --frob
k autoscale deploy --max=3
k autoscale --max=3
k autoscale deploy nothing --max=3
k expose deploy web --port=80
k autoscale svc web --max=3
k autoscale pod $(k get pods -o jsonpath='{.items[0].metadata.name}') --max=3
k autoscale deploy web --max=3 --dry-run=maybe
k autoscale deploy web --max=3 -o wide
k autoscale -f web.yaml --max=3
k autoscale deploy web --max=3
# The API server's validation of what is sent.
k autoscale deploy web --max=3 --cpu-percent=0 --name=zero
k apply -f - <<END
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: {name: bad}
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 3
  maxReplicas: 2
  metrics:
  - type: Resource
    resource: {name: cpu, target: {type: Utilization, averageUtilization: 50, averageValue: 100m}}
  - type: Pods
    resource: {name: memory, target: {type: Percent}}
  behavior:
    scaleDown:
      stabilizationWindowSeconds: 4000
      selectPolicy: Fastest
      policies: [{type: Pods, value: 0, periodSeconds: 1801}]
END
