# ResourceQuotas: kubectl create quota, the quota loop's usage, and the admission plugin's
# refusals (upstream: test/cmd/core.sh run_resource_quota_tests is absent, so
# plugin/pkg/admission/resourcequota/controller.go checkRequest and
# pkg/controller/resourcequota/resource_quota_controller.go are the models).
k create quota compute --hard=pods=3,requests.cpu=1,limits.memory=1Gi
k create quota objects --hard=count/deployments.apps=1,services=1,configmaps=2
k create quota preview --hard=cpu=500m --scopes=NotBestEffort --dry-run=client -o yaml
k create resourcequota bad --hard=pods
settle
k get quota
k describe quota compute
k run bare --image=nginx:1.27
k create deployment web --image=nginx:1.27 --replicas=4
k set resources deploy web --requests=cpu=300m --limits=memory=200Mi
sleep 20
k get pods
k get events --field-selector reason=FailedCreate
k describe quota compute
k create deployment api --image=nginx:1.27
k scale deploy web --replicas=2
sleep 5
k get quota compute -o jsonpath='{.status.used}{"\n"}'
k apply -f - <<EOF
apiVersion: v1
kind: ResourceQuota
metadata:
  name: scoped
spec:
  hard:
    pods: "1"
    widgets: "2"
  scopes:
  - Terminating
  - NotTerminating
EOF
k delete quota compute objects
k get quota
