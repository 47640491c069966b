# kubectl annotate: set, overwrite, remove, --all, -l, --list, --resource-version and -o;
# kubectl label's --list and --resource-version, which share its machinery; dry runs of both.
k create deployment web --image=nginx:1.27
k create deployment api --image=redis:7
settle
k annotate deploy web owner=team-a note='hello world'
k get deploy web -o jsonpath='{.metadata.annotations.owner} {.metadata.annotations.note}{"\n"}'
k annotate deploy web owner=team-b
k annotate deploy web owner=team-b note=x
k annotate deploy web owner=team-b --overwrite
k annotate deploy/web note-
k annotate deploy web note-
k annotate deploy web kubernetes.io/change-cause='first'
k annotate deploy web kubernetes.io/change-cause='second'
k annotate deploy --all tier=backend
k annotate deploy -l app=api tier=cache --overwrite -o name
k annotate deploy web --list
k annotate deploy --all --list extra=1
k annotate deploy web a=1 -o jsonpath='{.metadata.annotations.a}{"\n"}'
k get deploy web -o jsonpath='{.metadata.resourceVersion}{"\n"}'
k annotate deploy web b=2 --resource-version=1
k annotate deploy web b=2 --resource-version=$(k get deploy web -o jsonpath='{.metadata.resourceVersion}')
k annotate deploy --all c=3 --resource-version=1
k annotate deploy web --list -o yaml
k annotate deploy web
k annotate deploy web a=1 a-
k annotate deploy nope x=1
k annotate x=1
k annotate deploy web a=1 pod
k annotate deploy web x=1 --bogus
k annotate deploy --all -l app=web x=1
k label deploy web --list
k label deploy web tier=front --list
k label deploy web tier=front --resource-version=1
k label deploy web tier=front --resource-version=$(k get deploy web -o jsonpath='{.metadata.resourceVersion}') -o name
k label deploy --all --list
k label deploy web --list -o name
k label deploy web
k label deploy web stage=test --dry-run=client
k label deploy web tier=edge --overwrite --dry-run=server -o jsonpath='{.metadata.labels}{"\n"}'
k annotate deploy web dry=1 --dry-run=server
k annotate deploy web dry=1 --dry-run=client -o jsonpath='{.metadata.annotations.dry}{"\n"}'
k get deploy web -o jsonpath='{.metadata.labels.tier} {.metadata.annotations.dry}{"\n"}'
k label deploy web x=1 --dry-run=maybe
