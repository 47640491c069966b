# ServiceAccounts: the default one every namespace has (pkg/controller/serviceaccount/
# serviceaccounts_controller.go), kubectl's generator (create_serviceaccount.go), the
# ServiceAccount admission plugin's lookup (plugin/pkg/admission/serviceaccount/admission.go)
# and the token subresource kubectl create token posts a TokenRequest to
# (pkg/registry/core/serviceaccount/storage/token.go, create_token.go). Upstream's
# test/cmd/core.sh run_service_accounts_tests checks the create and get.
k get serviceaccounts -A
k create serviceaccount builder
k create sa builder
k create sa Builder
k create serviceaccount tmp --dry-run=client -o yaml
k get sa
k describe sa builder
k create namespace team
sleep 1s
k get sa -n team
k delete sa default -n team
sleep 1s
k get sa -n team
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: builds
spec:
  serviceAccountName: builder
  containers:
  - name: app
    image: nginx:1.27
EOF
k get pod builds -o jsonpath='{.spec.serviceAccountName}{" "}{.spec.serviceAccount}{"\n"}'
k apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nobody
spec:
  serviceAccountName: nobody
  containers:
  - name: app
    image: nginx:1.27
EOF
k create token builder -o yaml | grep -v "token:"
k create token builder --duration=2h -o json | grep expiration
k create token builder
k create token builder --duration=1m
k create token builder --duration=-1s
k create token builder --duration=1500ms
k create token missing
k create token builder --bound-object-kind=Deployment --bound-object-name=web
k create token builder --bound-object-name=web
k create token builder --bound-object-uid=1234
k create token builder --audience=api --audience=vault -o json | grep "\""
k create token builder --audience=
