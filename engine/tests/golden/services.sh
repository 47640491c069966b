# Services: expose, create service, get/describe/yaml, node ports and cluster IPs, endpoints
# written by the controllers, and a selector-less Service whose endpoints are written by hand.
k create deployment web --image=nginx:1.27 --replicas=3 --port=80
settle
k expose deploy web --port=80 --target-port=80
k get svc
k get svc -o wide
k get svc web -o yaml
sleep 1
k get endpointslices
k get endpoints
k describe svc web
k create service clusterip api --tcp=80:8080 --tcp=443:8443
k create service nodeport edge --tcp=80:8080 --node-port=30080
k create service clusterip db --clusterip=None
k get svc
k get svc edge -o jsonpath='{.spec.ports[0].nodePort}{"\n"}'
k create service nodeport clash --tcp=80 --node-port=30080
k create service nodeport low --tcp=80 --node-port=8080
k create service clusterip api --tcp=80
k create service clusterip web2 --tcp=0:80
k create service clusterip web2 --tcp=80:http_port
k create service clusterip web2
k apply -f - <<YAML
apiVersion: v1
kind: Service
metadata:
  name: outside
spec:
  clusterIP: 10.0.0.10
  selector: {app: web}
  ports:
  - port: 80
YAML
k apply -f - <<YAML
apiVersion: v1
kind: Service
metadata:
  name: fixed
spec:
  clusterIP: 10.96.0.10
  type: Foo
  selector: {app: web}
  ports:
  - port: 70000
    protocol: HTTP
YAML
k expose deploy web --port=8080 --name=web-alt --type=NodePort
# Applying a NodePort Service again keeps its cluster IP and node port.
k apply -f - <<YAML
apiVersion: v1
kind: Service
metadata:
  name: shop
spec:
  type: NodePort
  selector: {app: web}
  ports:
  - name: http
    port: 80
    targetPort: 80
YAML
k get svc shop
k apply -f - <<YAML
apiVersion: v1
kind: Service
metadata:
  name: shop
  labels: {tier: front}
spec:
  type: NodePort
  selector: {app: web}
  ports:
  - name: http
    port: 80
    targetPort: 80
YAML
k get svc shop --show-labels
k get svc db -o jsonpath='{.spec.clusterIP} {.spec.clusterIPs} {.spec.ipFamilies}{"\n"}'
k describe svc web-alt
k apply -f - <<YAML
apiVersion: v1
kind: Service
metadata:
  name: manual
spec:
  ports:
  - port: 80
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata:
  name: manual-x7k2p
  labels:
    kubernetes.io/service-name: manual
addressType: IPv4
ports:
- name: ""
  port: 80
  protocol: TCP
endpoints:
- addresses: [10.0.9.1]
  conditions: {ready: true, serving: true, terminating: false}
  nodeName: node-1
  targetRef: {kind: Pod, name: db-0, namespace: default}
- addresses: [10.0.9.2]
  conditions: {ready: true, serving: true, terminating: false}
- addresses: [10.0.9.3]
  conditions: {ready: true}
- addresses: [10.0.9.4]
  conditions: {ready: false, serving: false, terminating: false}
---
apiVersion: v1
kind: Endpoints
metadata:
  name: manual
subsets:
- addresses: [{ip: 10.0.9.1}, {ip: 10.0.9.2}, {ip: 10.0.9.3}]
  notReadyAddresses: [{ip: 10.0.9.4}]
  ports: [{port: 80, protocol: TCP}]
YAML
k describe svc manual
k get endpointslices manual-x7k2p
k describe endpointslice manual-x7k2p
k get endpoints manual
k get ep manual -o name
k describe ep manual
k label svc web tier=front
k get svc -l tier=front
k get all
k delete svc web web-alt
k delete endpointslice manual-x7k2p
k get svc
k delete -f - <<YAML
apiVersion: v1
kind: Service
metadata:
  name: api
---
apiVersion: v1
kind: Endpoints
metadata:
  name: manual
YAML
export
# A Service's name is a DNS-1035 label (ValidateServiceName; test/cmd/core.sh:1349).
k create service clusterip invalid-large-service-name-that-has-more-than-sixty-three-characters --tcp=80
k create service clusterip 1st --tcp=80
