# kubectl patch: strategic merge (containers by name), merge and JSON patches, no-op patches,
# the scale and status subresources, and the errors kubectl and the API server give.
k create deployment web --image=nginx:1.27 --replicas=2
settle
k patch deploy web -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.28"}]}}}}'
k rollout status deploy/web
k get deploy web -o jsonpath='{.spec.template.spec.containers[*].name} {.spec.template.spec.containers[0].image}{"\n"}'
k patch deploy web -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.28"}]}}}}'
k patch deployment/web --type merge -p '{"metadata":{"labels":{"tier":"front"}}}'
k get deploy web --show-labels
k patch deploy web --type json -p '[{"op":"replace","path":"/spec/replicas","value":3}]'
k patch deploy web --type=json -p '[{"op":"test","path":"/spec/replicas","value":9}]'
k patch deploy web --type json -p '[{"op":"remove","path":"/spec/nothing"}]'
k patch deploy web --type json -p '{"op":"add"}'
k patch deploy web --subresource scale -p '{"spec":{"replicas":1}}'
settle
k get deploy web
k patch deploy web --subresource=scale --type merge -p '{"spec":{"replicas":1}}' -o name
k patch pod nothing -p '{}'
k patch deploy web -p '{"spec":{"selector":{"matchLabels":{"app":"other"}}}}'
k patch deploy web --type merge -p '{"spec":{"selector":{"matchLabels":{"app":"other"}},"template":{"metadata":{"labels":{"app":"other"}}}}}'
k patch deploy web --subresource status --type merge -p '{"status":{"observedGeneration":1}}'
k patch deploy web --subresource status -p '{"spec":{"replicas":5}}'
k patch pod -l app=web -p '{}'
k patch deploy web --type merge -p '{"spec":{"replicas":"three"}}'
k patch deploy web -p '{"spec":{"replicas":"three"}}'
k patch deploy web -p '{"spec":{"template":{"spec":{"containers":[{"image":"x"}]}}}}'
k patch deploy web -p '{"spec":{"frobs":1}}'
k patch deploy web -p '{"spec":'
k patch deploy web
k patch deploy web -p '{}' --type yaml
k patch -p '{}'
k patch deploy -p '{}'
k patch deploy web -p '{}' --frob
k patch deploy web --patch-file patch.yaml
k patch deploy web --type merge --patch-file /dev/stdin <<EOF
metadata:
  annotations:
    team: blue
EOF
k get deploy web -o jsonpath='{.metadata.annotations.team}{"\n"}'
k patch deploy web --subresource resize -p '{}'
k patch -f web.yaml -p '{}'
k patch deploy web -p '{"spec":{"replicas":2}}' --dry-run=client
k patch node node-1 -p '{"spec":{"unschedulable":true}}'
k get nodes node-1
k patch deploy web --type merge -p '{"metadata":{"resourceVersion":"1"},"spec":{"replicas":3}}'
# A value of the wrong type: a strategic merge patch is refused as the unstructured
# converter words it (handlers/patch.go applyPatchToObject; test/cmd/core.sh:506), a merge
# patch as the JSON decoder does.
k patch deploy web -p '{"metadata":{"labels":"invalid"}}'
k patch deploy web -p '{"spec":{"replicas":"two","paused":false}}'
k patch deploy web --type merge -p '{"metadata":{"labels":"invalid"}}'
