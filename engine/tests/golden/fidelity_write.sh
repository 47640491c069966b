# Fidelity of kubectl's writing verbs (issue #20, slice B2): each command's expected text comes
# from kubectl 1.34 (kubernetes/kubectl v0.34, staging/src/k8s.io/kubectl in kubernetes) or
# cli-runtime, cited above it; client-side errors were also checked against a real kubectl 1.33.
k create deployment web --image=nginx:1.27 --replicas=3
k run solo --image=nginx:1.27
settle
# pkg/scale/scale.go ScalePrecondition.validate: PreconditionError, nothing is scaled.
k scale deploy/web --current-replicas=2 --replicas=4
k get deploy web -o jsonpath='{.spec.replicas}'; echo
# pkg/scale/scale.go: a matching precondition scales.
k scale deploy/web --current-replicas=3 --replicas=4
# pkg/cmd/scale/scale.go Validate.
k scale deploy/web --current-replicas=-2 --replicas=4
# cli-runtime resource/builder.go missingResourceError.
k scale --replicas=2
# cli-runtime resource/builder.go visitBySelector: a selector without a type.
k scale -l app=web --replicas=2
k delete --all
# pkg/cmd/scale/scale.go: cobra MarkFlagRequired("replicas").
k scale deploy/web
# cli-runtime resource/builder.go visitorResult: a type without names or --all.
k scale deploy --replicas=2
# cli-runtime resource/builder.go splitResourceTypeName, for every verb taking TYPE/NAME.
k scale rs/replicaset.apps/x --replicas=2
k get pod/solo/x
k delete pod/solo/x
# pkg/cmd/scale/scale.go RunScale: objects found are scaled, the builder's NotFound comes last.
k scale deploy nosuch web --replicas=3
# pkg/cmd/delete/delete.go Validate.
k delete pod solo --grace-period=5 --force
# pkg/cmd/delete/delete.go Complete.
k delete pod solo --now --grace-period=3
# cli-runtime resource/builder.go SelectAllParam (the message ends with a space).
k delete pods -l app=web --all
# pkg/cmd/label/label.go parseLabels.
k label deploy web a=b a-
k label deploy web foo=-bad
k label deploy web a=b=c
# pkg/cmd/util/helpers.go GetResourcesAndPairs.
k label deploy web a=b x
# pkg/cmd/label/label.go Validate.
k label a=b
k label deploy web
# pkg/cmd/label/label.go validateNoOverwrites: an existing key, even with the same value.
k label deploy web app=web
# pkg/cmd/label/label.go updateDataChangeMsg: unchanged with --overwrite, then a removal.
k label deploy web app=web --overwrite
k label deploy web tier=front
k label deploy web tier-
k label deploy web tier-
# pkg/cmd/label/label.go updateDataChangeMsg: with --overwrite, a removal is "labeled" too.
k label deploy web tier=back
k label deploy web tier- --overwrite
# cli-runtime resource/builder.go visitBySelector: names with a selector, or with --all where
# the verb makes it one (delete's SelectAllParam).
k label deploy web -l app=web tier=x
k label deploy/web -l app=web tier=x
k delete pod solo --all
# pkg/cmd/set/set_image.go Run: an empty patch is skipped and prints nothing.
k set image deploy/web nginx=nginx:1.27
k set image deploy/web nginx=nginx:1.28
# pkg/cmd/set/set_image.go Run: the found container is updated, the missing one reported last.
k set image deploy/web nginx=nginx:1.27 ghost=busybox
# pkg/cmd/set/set_image.go Complete: the builder runs before Validate.
k set image
# pkg/cmd/set/set.go: cmdutil.DefaultSubCommandRun prints the help on stderr and exits 1.
k set
k set foo bar
# pkg/drain/filters.go unreplicatedFilter + PodDeleteList.errors ("cannot delete " twice in
# 1.34), pkg/cmd/drain/drain.go RunDrain, and cmdutil CheckErr printing the aggregate bare.
k drain $(k get pod solo -o jsonpath='{.spec.nodeName}')
# pkg/cmd/drain/drain.go deleteOrEvictPodsSimple: with --force the filter's warning is printed.
k drain $(k get pod solo -o jsonpath='{.spec.nodeName}') --force
# pkg/cmd/drain/drain.go: RunCordonOrUncordon for every node first, then RunDrain node by node,
# going on after a failure and listing the pending nodes at the end.
k uncordon node-1
k run solo2 --image=nginx:1.27
settle
k get pod solo2 -o jsonpath='{.spec.nodeName}'; echo
k drain node-1 node-2
# pkg/cmd/drain/drain.go Complete: nodes by label selector, but not with names as well.
k label node node-3 pool=b
k cordon -l pool=b
k cordon node-1 -l pool=b
# pkg/cmd/drain/drain.go Complete: cmdutil.UsageErrorf with each command's Use line.
k drain
k cordon
k uncordon
k cordon node/a/b
# pkg/cmd/create/create_deployment.go Run wraps the API server's Status message.
k create deployment Web --image=nginx:1.27
# pkg/cmd/create/create.go NameFromCommandArgs.
k create deployment --image=nginx:1.27
k create deployment a b --image=nginx:1.27
k create namespace
# pkg/cmd/create/create.go RunCreate.
k create
k create frobs x
# spf13/pflag: an int32 flag's range, with the shorthand and the usage hint.
k create deployment big --image=nginx:1.27 --replicas=99999999999
# pkg/cmd/run/run.go and pkg/generate ParseLabels.
k run --image=nginx:1.27
k run x --image=nginx:1.27 --labels=a=b,c
k run x --image=nginx:1.27 --port=http
