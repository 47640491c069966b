# German

## The graph's frame: its labels, zoom buttons, lanes and empty state

graph-label = Besitzgraph
graph-svg-label = Workloads, ihre ReplicaSets, Jobs und Pods, verbunden durch ihre ownerReferences
graph-viewport-label = Besitzgraph: zum Verschieben ziehen oder die Pfeiltasten nutzen; Mausrad, Zwei-Finger-Geste, + und - zoomen; 0 zeigt alles
graph-zoom = Zoom
graph-zoom-out = verkleinern
graph-zoom-out-hint = verkleinern (Taste: -)
graph-zoom-fit = Alles
graph-zoom-fit-hint = den ganzen Graphen einpassen (Taste: 0)
graph-zoom-in = vergrößern
graph-zoom-in-hint = vergrößern (Taste: +)
graph-summarised = { $count } Pods: jede Gruppe ist zusammengefasst. Klick auf eine Zusammenfassung, um ihre Pods zu sehen.
graph-lane-no-owner = Ohne Besitzer
graph-lane-services = Services (die keine Pods eines Deployments auswählen) und ihre Ingresses
graph-orphans-owner = der Spur ohne Besitzer
graph-acted = { $loop } hat hier gehandelt
graph-lost-one = verpasst: { $loop } bemerkt es in { $time }
graph-lost-many = verpasst: { $count } Schleifen, die erste bemerkt es in { $time }
graph-lost-detail = { $loop } bemerkt es in { $time }
graph-empty-title = Der Cluster ist leer
graph-empty-hint = Hier erscheinen Deployments, ReplicaSets und Pods, verbunden durch ihre ownerReferences. Probier:

## The legend, and the pod phases it keys (Pending, Running, Terminating and Completed are
## Kubernetes status words and stay English in every language)

graph-legend = Legende
graph-legend-controller = Controller-Referenz
graph-legend-other = andere Referenz
graph-legend-finalizers = Finalizer
graph-phase-pending = Pending
graph-phase-creating = Wird erstellt
graph-phase-running = Running
graph-phase-unready = Nicht bereit
graph-phase-failing = Fehlerhaft
graph-phase-terminating = Terminating
graph-phase-completed = Completed

## Words on the boxes (kubectl's column headings such as READY stay English)

graph-badge-deleted = GELÖSCHT
graph-badge-deleting = WIRD GELÖSCHT
graph-badge-paused = ⏸ PAUSIERT
graph-badge-suspended = ⏸ AUSGESETZT
graph-rev = Rev. { $rev }
graph-finalizers-line = ⚑ Finalizer: { $list }
graph-tooltip-finalizers = Finalizer: { $list }
graph-top-image = Image: { $images }
graph-deleted-note-top = im Hintergrund gelöscht: Abhängige
graph-deleted-note-bottom = werden noch eingesammelt
graph-order-one-by-one = einzeln
graph-order-parallel = parallel
graph-scaled-back = von Hand auf { $asked } skaliert; die Schleife { $loop } hat es auf { $set } zurückgesetzt, die Größe, die sein Besitzer will
graph-summarise = ⊟ Pods zusammenfassen
graph-summarise-label = Diese Pods zusammenfassen
graph-aggregate-label = { $count } Pods von { $owner }: { $summary }. Jeden Pod zeigen
graph-aggregate-title = { $count } Pods: { $summary }
graph-aggregate-show = ▸ Jeden Pod zeigen
graph-pod-no-node = kein Node
graph-pod-deleted = gelöscht
graph-pod-node = Node: { $node }

## Services and Ingresses

graph-svc-no-selector = kein Selektor: Endpoints werden nicht verwaltet
graph-svc-no-selector-short = kein Selektor
graph-svc-no-pods = wählt keine Pods aus: keine Endpoints
graph-svc-endpoints = Endpoints: { $ready } von { $selected } Pods bereit
graph-svc-label = Service { $name }, { $endpoints }; Anfragen bedient { $served }, fehlgeschlagen { $failed }
graph-svc-rate = { $rate } Anfr./s
graph-svc-requests = Anfragen: { $served } bedient, { $failed } fehlgeschlagen { $rate }
graph-ingress-no-service = leitet an keinen Service weiter
graph-ingress-missing = → { $services } ({ $missing } fehlen)
graph-ingress-label = Ingress { $name }, Hosts { $hosts }, { $routes }
graph-ingress-class = Klasse { $class }
graph-ingress-hosts = Hosts: { $hosts }
graph-ingress-no-controller = Adresse: keine (kein Ingress-Controller)
graph-ingress-no-address = keine Adresse: kein Ingress-Controller

## The small boxes: revisions, configs, disruption budgets, claims, autoscalers

graph-revision-label = ControllerRevision { $name }, Revision { $revision }
graph-config-missing = nicht gefunden
graph-config-read-by = wird von den Pods dieses Workloads gelesen
graph-pdb-chip = pdb { $name } · { $allowed } erlaubt
graph-pdb-about = { $allowed ->
    [one] { $allowed } Unterbrechung erlaubt
   *[other] { $allowed } Unterbrechungen erlaubt
}; { $healthy } gesund von { $needed } nötigen
graph-pdb-about-blocked = { $allowed ->
    [one] { $allowed } Unterbrechung erlaubt
   *[other] { $allowed } Unterbrechungen erlaubt
}, ein Drain wartet; { $healthy } gesund von { $needed } nötigen
graph-claim-in-use = in Benutzung
graph-claim-kept = kein Pod: bleibt erhalten
graph-hpa-no-metrics = KEINE METRIKEN
graph-hpa-first-sync = erster Abgleich binnen 15 s
graph-hpa-left = { $count ->
    [one] { $count } Replica, bleibt wie es ist
   *[other] { $count } Replicas, bleiben wie sie sind
}
graph-hpa-replicas = { $current } → { $desired } Replicas
graph-hpa-label = HorizontalPodAutoscaler { $name } skaliert { $target }: { $util }, { $replicas }
graph-hpa-scales = skaliert { $target }

## The nodes panel (kubectl's node and pod STATUS stays English)

nodes-panel-label = Nodes
nodes-panel-title = Nodes
nodes-panel-empty-before = Keine Nodes. Mit
nodes-panel-empty-after = {" "}fügst du einen hinzu.
nodes-panel-node-label = Node { $name }, { $status }
nodes-panel-load = { $count } / { $capacity } Pods
nodes-panel-idle = keine Pods

## The rollout budget meter (maxSurge, maxUnavailable and Recreate are the API's words)

budget-label = Rollout-Budget
budget-heading = Rollout-Budget
budget-hide = Budget ausblenden
budget-show = Budget zeigen
budget-toggle-hint = die Grenzen für Surge und Verfügbarkeit jedes Rollouts
budget-more = und { $count } weitere im Rollout
budget-done = fertig
budget-rolling = im Rollout
budget-desired = gewünscht
budget-pods = Pods
budget-available = verfügbar
budget-bar-label = { $what }: { $old } alt, { $new } neu
budget-recreate = Recreate: kein Budget; jeder alte Pod geht, bevor ein neuer startet
budget-fencepost = (Zaunpfahl → { $n })
budget-capped = (gedeckelt → { $n })
budget-old = alt
budget-new = neu
budget-old-named = alt { $name }
budget-new-named = neu { $name }
budget-old-sets = { $count } alte RSs
budget-new-sets = { $count } neue RSs
budget-side = { $who } { $replicas } ({ $ready } bereit, { $available } verfügbar)
budget-new-none = neu: noch nicht angelegt
budget-compact = { $name } { $old } alt → { $new } neu · Pods { $pods } ≤ { $max } · verfügbar { $available } ≥ { $min }
budget-compact-recreate = { $name } { $old } alt → { $new } neu · Recreate: kein Budget

## The exported picture (SVG and PNG)

svg-empty-cluster = ein leerer Cluster
svg-namespace = Namespace { $name }
svg-namespaces = Namespaces { $names }
svg-summarised = { $count } Pods: jede Gruppe ist zusammengefasst
svg-legend-selects = wählt aus
