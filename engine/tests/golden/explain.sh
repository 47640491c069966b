# kubectl explain: documentation from the API server's OpenAPI v3 documents in kubectl's
# plaintext layout, dotted field paths, aliases, --recursive, --api-version, and the
# errors kubectl gives for unknown resources, unknown fields and bad paths.
k explain deploy.spec.strategy
k explain svc.spec.ports
k explain ep --recursive
k explain deployments.apps | head -12
k explain po.spec.containers.image
k explain deploy.spec.template.spec.containers | head -14
k explain endpointslices.discovery.k8s.io.ports.port
k explain rs.status --recursive
k explain ev --api-version=v1 | head -5
k explain nodes.spec.taints --recursive
k explain pods..spec.hostname
k explain PODS.spec.hostname
k explain foos
k explain configmaps
k explain namespaces
k explain rc.spec
k explain pods.spec.nothing
k explain deploy.spec.nothing.deeper
k explain deploy.apps.spec
k explain pods.spec.containers[0]
k explain 'pods.*'
k explain
k explain pods nodes
k explain pods --api-version=apps/v1
k explain pods --api-version=v2
k explain pods --api-version=a/b/c
k explain pods -o yaml
k explain pods -o plaintext-openapiv2
k explain pods --recursive=maybe
k explain pods --max-depth=2
k explain ingress.spec
k explain ing.spec.rules.http.paths.pathType
