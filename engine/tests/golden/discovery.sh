# kubectl api-resources and api-versions: the resources kubeloop serves, in discovery's
# order and kubectl's layouts, with its filters and errors.
k api-resources
k api-resources -o wide
k api-resources -o name
k api-resources --namespaced=false
k api-resources --namespaced --no-headers
k api-resources --api-group=apps
k api-resources --api-group= -o name
k api-resources --sort-by=name
k api-resources --sort-by=kind -o name
k api-resources --verbs=get,list --categories=all
k api-resources --verbs=proxy
k api-resources --sort-by=age
k api-resources -o json
k api-resources -o foo
k api-resources pods
k api-versions
k api-versions apps
k api-versions --short
