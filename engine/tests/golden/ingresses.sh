# Ingresses (networking.k8s.io/v1): kubectl's generator (staging/src/k8s.io/kubectl/pkg/cmd/
# create/create_ingress.go), the table (pkg/printers/internalversion/printers.go
# printIngress), describe with each backend's endpoints (staging/src/k8s.io/kubectl/pkg/
# describe/describe.go IngressDescriber) and the API server's validation
# (pkg/apis/networking/validation/validation.go). No ingress controller runs: ADDRESS stays
# blank.
k create deployment web --image=nginx:1.27 --replicas=2 --port=80
settle
k expose deploy web --port=80 --target-port=80
sleep 1
k create ingress shop --rule="shop.example.com/=web:80" --rule="shop.example.com/api*=api:http,tls=shop-cert" --class=nginx --annotation=team=store --dry-run=client -o yaml
k create ingress shop --rule="shop.example.com/=web:80" --rule="shop.example.com/api*=api:http,tls=shop-cert" --class=nginx --annotation=team=store
k create ingress catch-all --default-backend=web:80
k create ing many --rule="a.example.com/=web:80" --rule="b.example.com/=web:80" --rule="c.example.com/=web:80" --rule="d.example.com/=web:80" --rule="/x=web:80"
k get ingress
k get ing -o wide
k get ingresses.networking.k8s.io shop -o jsonpath='{.spec.rules[0].http.paths[1].pathType} {.spec.tls[0].secretName} {.status}{"\n"}'
k describe ingress shop
k describe ing catch-all
k get ingress --field-selector metadata.name=catch-all
k get all
k create ingress empty
k create ingress bad --rule="bad"
k create ingress bad --default-backend=web:80:1
k create ingress ip --rule="10.0.0.1/=web:80"
k create ingress other --rule="/=web:80" --dry-run=server
k create ingress named --default-backend=web:http -o name
k create ingress other --rule="*.example.com/*=web:80,tls" --dry-run=client -o json
k get ingress other
k apply -f - <<YAML
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: broken
  annotations:
    kubernetes.io/ingress.class: nginx
spec:
  ingressClassName: traefik
  defaultBackend:
    service:
      name: Web
      port:
        number: 70000
  tls:
  - hosts:
    - "*.bad.*"
    secretName: Bad_Secret
  rules:
  - host: "*.example.com"
    http:
      paths:
      - path: api//v1
        pathType: Prefix
        backend:
          service:
            name: web
            port:
              name: http
              number: 80
      - path: /x
        pathType: Glob
        backend:
          resource:
            kind: Bucket
            name: b
      - path: /y
        backend:
          service:
            name: web
  - host: 2001:db8::1
    http:
      paths: []
YAML
k apply -f - <<YAML
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: bucket
spec:
  defaultBackend:
    resource:
      apiGroup: k8s.example.com
      kind: StorageBucket
      name: static-assets
  rules:
  - http:
      paths:
      - path: /static
        pathType: ImplementationSpecific
        backend:
          resource:
            kind: StorageBucket
            name: static-assets
YAML
k describe ingress bucket
k get ingress bucket -o jsonpath='{.metadata.generation}{"\n"}'
k annotate ingress bucket note=one
k get ingress bucket -o jsonpath='{.metadata.generation}{"\n"}'
k delete ingress catch-all
k get ing
