# English

## The graph's frame: its labels, zoom buttons, lanes and empty state

graph-label = ownership graph
graph-svg-label = Workloads, their ReplicaSets, Jobs and Pods joined by their ownerReferences
graph-viewport-label = ownership graph: drag or use the arrow keys to pan; wheel, pinch, + and - to zoom; 0 fits
graph-zoom = zoom
graph-zoom-out = zoom out
graph-zoom-out-hint = zoom out (key: -)
graph-zoom-fit = Fit
graph-zoom-fit-hint = fit the whole graph (key: 0)
graph-zoom-in = zoom in
graph-zoom-in-hint = zoom in (key: +)
graph-summarised = { $count } pods: each group is summarised. Click a summary to show its pods.
graph-lane-no-owner = No owner
graph-lane-services = Services (selecting no Deployment's pods) and their Ingresses
graph-orphans-owner = the orphans lane
graph-acted = { $loop } acted here
graph-lost-one = missed: { $loop } notices in { $time }
graph-lost-many = missed: { $count } loops, first notices in { $time }
graph-lost-detail = { $loop } notices in { $time }
graph-empty-title = The cluster is empty
graph-empty-hint = Deployments, ReplicaSets and Pods appear here, joined by their ownerReferences. Try:

## The legend, and the pod phases it keys (Pending, Running, Terminating and Completed are
## Kubernetes status words and stay English in every language)

graph-legend = legend
graph-legend-controller = controller ref
graph-legend-other = other ref
graph-legend-finalizers = finalizers
graph-phase-pending = Pending
graph-phase-creating = Creating
graph-phase-running = Running
graph-phase-unready = Not ready
graph-phase-failing = Failing
graph-phase-terminating = Terminating
graph-phase-completed = Completed

## Words on the boxes (kubectl's column headings such as READY stay English)

graph-badge-deleted = DELETED
graph-badge-deleting = DELETING
graph-badge-paused = ⏸ PAUSED
graph-badge-suspended = ⏸ SUSPENDED
graph-rev = rev { $rev }
graph-finalizers-line = ⚑ finalizers: { $list }
graph-tooltip-finalizers = finalizers: { $list }
graph-top-image = image: { $images }
graph-deleted-note-top = background: dependents
graph-deleted-note-bottom = are being collected
graph-order-one-by-one = one by one
graph-order-parallel = parallel
graph-scaled-back = scaled by hand to { $asked }; the { $loop } loop set it back to { $set }, the size its owner wants
graph-summarise = ⊟ Summarise pods
graph-summarise-label = Summarise these pods
graph-aggregate-label = { $count } pods of { $owner }: { $summary }. Show each pod
graph-aggregate-title = { $count } pods: { $summary }
graph-aggregate-show = ▸ Show each pod
graph-pod-no-node = no node
graph-pod-deleted = deleted
graph-pod-node = node: { $node }

## Services and Ingresses

graph-svc-no-selector = no selector: endpoints are not managed
graph-svc-no-selector-short = no selector
graph-svc-no-pods = selects no pods: no endpoints
graph-svc-endpoints = endpoints: { $ready } of { $selected } pods ready
graph-svc-label = Service { $name }, { $endpoints }; requests served { $served }, failed { $failed }
graph-svc-rate = { $rate } req/s
graph-svc-requests = requests: { $served } served, { $failed } failed { $rate }
graph-ingress-no-service = routes to no Service
graph-ingress-missing = → { $services } ({ $missing } missing)
graph-ingress-label = Ingress { $name }, hosts { $hosts }, { $routes }
graph-ingress-class = class { $class }
graph-ingress-hosts = hosts: { $hosts }
graph-ingress-no-controller = address: none (no ingress controller)
graph-ingress-no-address = no address: no ingress controller

## The small boxes: revisions, configs, disruption budgets, claims, autoscalers

graph-revision-label = ControllerRevision { $name }, revision { $revision }
graph-config-missing = not found
graph-config-read-by = read by this workload's pods
graph-pdb-chip = pdb { $name } · { $allowed } allowed
graph-pdb-about = { $allowed } disruption(s) allowed; { $healthy } healthy of { $needed } needed
graph-pdb-about-blocked = { $allowed } disruption(s) allowed, a drain waits; { $healthy } healthy of { $needed } needed
graph-claim-in-use = in use
graph-claim-kept = no pod: kept
graph-hpa-no-metrics = NO METRICS
graph-hpa-first-sync = first sync within 15 s
graph-hpa-left = { $count ->
    [one] { $count } replica, left as it is
   *[other] { $count } replicas, left as they are
}
graph-hpa-replicas = { $current } → { $desired } replicas
graph-hpa-label = HorizontalPodAutoscaler { $name } scaling { $target }: { $util }, { $replicas }
graph-hpa-scales = scales { $target }

## The nodes panel (kubectl's node and pod STATUS stays English)

nodes-panel-label = nodes
nodes-panel-title = Nodes
nodes-panel-empty-before = No nodes. Add one with
nodes-panel-empty-after = .
nodes-panel-node-label = node { $name }, { $status }
nodes-panel-load = { $count } / { $capacity } pods
nodes-panel-idle = no pods

## The rollout budget meter (maxSurge, maxUnavailable and Recreate are the API's words)

budget-label = rollout budget
budget-heading = Rollout budget
budget-hide = Hide budget
budget-show = Show budget
budget-toggle-hint = the surge and availability limits of each rollout
budget-more = and { $count } more rolling out
budget-done = done
budget-rolling = rolling out
budget-desired = desired
budget-pods = pods
budget-available = available
budget-bar-label = { $what }: { $old } old, { $new } new
budget-recreate = Recreate: no budget; every old pod goes before a new one starts
budget-fencepost = (fencepost → { $n })
budget-capped = (capped → { $n })
budget-old = old
budget-new = new
budget-old-named = old { $name }
budget-new-named = new { $name }
budget-old-sets = { $count } old RSs
budget-new-sets = { $count } new RSs
budget-side = { $who } { $replicas } ({ $ready } ready, { $available } available)
budget-new-none = new: not created yet
budget-compact = { $name } { $old } old → { $new } new · pods { $pods } ≤ { $max } · available { $available } ≥ { $min }
budget-compact-recreate = { $name } { $old } old → { $new } new · Recreate: no budget

## The exported picture (SVG and PNG)

svg-empty-cluster = an empty cluster
svg-namespace = namespace { $name }
svg-namespaces = namespaces { $names }
svg-summarised = { $count } pods: each group is summarised
svg-legend-selects = selects
