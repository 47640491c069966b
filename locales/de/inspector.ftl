# German

## The inspector's frame: title, close, empty state, namespace, deletion notice

insp-label = Inspektor
insp-heading = Inspektor
insp-close-label = Inspektor schließen
insp-nothing-selected = Nichts ausgewählt. Klick ein Objekt an, um zu sehen, was es will und was es hat.
insp-namespace = Namespace
insp-deleting-since = Wird gelöscht: angefordert vor { $age }.
insp-deleting-finalizers = Es bleibt, bis seine Finalizer entfernt sind: { $finalizers }.

## The desired-versus-observed table's frame

insp-compare-caption = Was es will und was die Schleifen bisher erreicht haben
insp-compare-field = Feld
insp-compare-desired = Soll (spec)
insp-compare-observed = Ist (status)
insp-compare-matches = stimmt:
insp-compare-differs = weicht ab:

## The sections: owners, dependents, labels, finalizers, events

insp-actions-label = Aktionen
insp-edit-yaml = YAML bearbeiten
insp-owners-label = Owner
insp-heading-owners = Owner
insp-no-owners = Keine ownerReferences: Niemand löscht dieses Objekt für dich.
# $owner is Kind/name, as kubectl writes it.
insp-controlled-by = Gesteuert von { $owner }
insp-owned-by = Gehört zu { $owner }
insp-controlled-by-gone = Gesteuert von { $owner } (nicht mehr da)
insp-owned-by-gone = Gehört zu { $owner } (nicht mehr da)
insp-dependents-label = abhängige Objekte
insp-heading-owns = Besitzt
insp-labels-label = Labels
insp-heading-labels = Labels
insp-word-none = keine
insp-heading-annotations = Annotations
insp-finalizers-label = Finalizer
insp-heading-finalizers = Finalizer
insp-finalizer-foreground = wartet, bis der Garbage Collector die abhängigen Objekte gelöscht hat, die es blockieren
insp-finalizer-orphan = wartet, bis der Garbage Collector diesen Owner aus seinen abhängigen Objekten entfernt hat
insp-events-label = Events
insp-heading-events = Letzte Events
# $age is a kubectl AGE: 5s, 2m10s.
insp-ago = vor { $age }

## The history of writes ($who is a loop's name, or insp-change-by-you)

insp-history-label = Verlauf
insp-heading-history =
    { $count ->
        [one] Verlauf ({ $count } Änderung)
       *[other] Verlauf ({ $count } Änderungen)
    }
insp-change-created = erstellt
insp-change-changed = geändert
insp-change-deleted = gelöscht
insp-change-by = von { $who }
insp-change-by-you = dir (kubectl)
insp-change-none = (nichts)
insp-change-became = wurde zu
insp-change-more =
    { $count ->
        [one] und { $count } weiteres Feld
       *[other] und { $count } weitere Felder
    }

## The buttons: delete with a cascade, scale, labels, image
## (background, foreground and orphan are kubectl's --cascade values and stay as they are)

insp-cascade-legend = Beim Löschen kaskadieren:
insp-deps-deployment = seine ReplicaSets und deren Pods
insp-deps-pods = seine Pods
# $kind is Deployment, ReplicaSet or ReplicationController; $deps is insp-deps-*.
insp-cascade-background =
    Lösche { $kind ->
        [ReplicationController] den
       *[other] das
    } { $kind } sofort; der Garbage Collector löscht danach { $deps }.
insp-cascade-foreground =
    Behalte { $kind ->
        [ReplicationController] den
       *[other] das
    } { $kind }, als „wird gelöscht“ markiert, bis { $deps } weg sind; erst dann wird { $kind ->
        [ReplicationController] er
       *[other] es
    } gelöscht.
insp-cascade-orphan =
    Lösche nur { $kind ->
        [ReplicationController] den
       *[other] das
    } { $kind }; { $deps } bleiben, ohne Owner.
insp-delete-button = Löschen
insp-scale-label = Skalieren
insp-scale-down = Runterskalieren
insp-scale-up = Hochskalieren
insp-replica-count =
    { $count ->
        [one] { $count } Replica
       *[other] { $count } Replicas
    }
insp-edit-labels = Labels bearbeiten
# The hint reads: (before) app= (after).
insp-label-hint-before = Ändere
insp-label-hint-after = und sieh zu, wie das ReplicaSet diesen Pod freigibt und einen neuen erstellt.
insp-label-key = Schlüssel von Label { $n }
insp-label-value = Wert von Label { $n }
insp-label-remove = Label { $n } entfernen
insp-remove = Entfernen
insp-add-label = Label hinzufügen
insp-save-labels = Labels speichern
insp-cancel = Abbrechen
insp-set-image = Image setzen
insp-container = Container
insp-image = Image
insp-image-suggestions = Image-Vorschläge
insp-try = Probier:

## Rows of Deployments, ReplicaSets, Pods, Nodes and Services
## (status words such as Running, Ready, Complete, Bound and True stay English)

insp-row-replicas = Replicas
insp-row-up-to-date = Aktuell
insp-row-ready = Bereit
insp-row-available = Verfügbar
insp-row-image =
    { $count ->
        [one] Image
       *[other] Images
    }
insp-image-nothing-running = nichts läuft
insp-row-spec-version = Spec-Version
insp-generation = Generation { $generation }
insp-generation-seen = vom Controller gesehen: { $observed }
insp-row-rollout = Rollout
insp-rollout-complete = abgeschlossen
insp-rollout-stuck = hängt: Progress-Deadline überschritten
insp-rollout-paused = pausiert
insp-rollout-in-progress = läuft
insp-row-status = Status
insp-row-node = Node
insp-pod-any-node = beliebig (der Scheduler wählt)
insp-pod-not-scheduled = nicht eingeplant: { $reason }
insp-pod-not-scheduled-yet = noch nicht eingeplant
insp-row-container = Container { $name }
insp-container-not-started = nicht gestartet
insp-container-running = läuft mit { $image }
insp-container-waiting = wartet: { $reason }
insp-unknown = unbekannt
insp-container-exited = beendet mit Code { $code }: { $reason }
insp-container-no-state = noch kein Zustand
insp-container-restarted =
    ({ $count ->
        [one] einmal
       *[other] { $count }-mal
    } neu gestartet)
insp-node-cordoned = Ready, abgesperrt (keine neuen Pods)
insp-row-pods = Pods
insp-at-most = höchstens { $max }
insp-node-pods = { $count } auf diesem Node
insp-row-selector = Selector
insp-endpoints-unmanaged = Endpoints werden nicht verwaltet
insp-selector-matches =
    { $count ->
        [one] { $count } Pod passt
       *[other] { $count } Pods passen
    }
insp-row-endpoints = Endpoints
insp-endpoints-wanted = { $count } (einer pro passendem Pod)
insp-endpoints-ready = { $ready } bereit, { $not_ready } nicht bereit

## Rows of DaemonSets, StatefulSets, Jobs, CronJobs, HPAs and PersistentVolumeClaims

insp-row-nodes-to-run = Nodes, auf denen einer laufen soll
insp-every-eligible-node = jeder geeignete Node
insp-nodes =
    { $count ->
        [one] { $count } Node
       *[other] { $count } Nodes
    }
insp-row-scheduled = Eingeplant
insp-row-misscheduled = Auf einem Node, auf den er nicht gehört
insp-row-dns-names = DNS-Namen
insp-dns-headless-found = Headless Service { $service } gefunden
insp-dns-headless-missing = kein Headless Service { $service }: Die Namen lassen sich nicht auflösen
insp-row-revision = Revision
insp-row-completions = Abschlüsse
insp-row-failed-pods = Fehlgeschlagene Pods
insp-retries-at-most =
    { $limit ->
        [one] höchstens { $limit } Wiederholung
       *[other] höchstens { $limit } Wiederholungen
    }
insp-row-running-at-once = Gleichzeitig laufend
insp-up-to = bis zu { $count }
insp-never-yet = noch nie
insp-row-schedule = Zeitplan
insp-last-run = letzter Lauf: { $last }
insp-row-suspended = Ausgesetzt
insp-no-new-jobs = keine neuen Jobs
insp-jobs-on-time = startet Jobs pünktlich
insp-row-running-jobs = Laufende Jobs
# $policy is concurrencyPolicy: Allow, Forbid or Replace.
insp-policy = Policy { $policy }
insp-of-request = { $percent } % des Requests
insp-not-measured-yet = noch nicht gemessen
# $resource is cpu or memory.
insp-row-usage = Auslastung { $resource }
insp-replicas-between = { $count } (zwischen { $min } und { $max })
insp-row-phase = Phase
insp-row-storage = Speicher
insp-row-used-by = Benutzt von
insp-no-pod = kein Pod

## Rows of ConfigMaps, Secrets and PodDisruptionBudgets

insp-row-keys = Schlüssel
insp-row-type = Typ
insp-secret-key = { $key } ({ $size } Bytes)
insp-row-read-by = Gelesen von
insp-pdb-must-stay = { $healthy } von { $expected } müssen gesund bleiben
insp-row-min-available = Mindestens verfügbar
insp-row-max-unavailable = Höchstens nicht verfügbar
insp-not-set = nicht gesetzt
insp-pdb-drain-waits = 0: Ein Drain wartet
insp-row-healthy-pods = Gesunde Pods
insp-row-disruptions-allowed = Erlaubte Unterbrechungen
insp-row-expected-pods = Erwartete Pods
insp-row-covers = Deckt ab
