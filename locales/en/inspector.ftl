# English

## The inspector's frame: title, close, empty state, namespace, deletion notice

insp-label = inspector
insp-heading = Inspector
insp-close-label = Close inspector
insp-nothing-selected = Nothing selected. Click an object to see what it wants and what it has.
insp-namespace = namespace
insp-deleting-since = Being deleted: asked { $age } ago.
insp-deleting-finalizers = It stays until its finalizers are removed: { $finalizers }.

## The desired-versus-observed table's frame

insp-compare-caption = What it wants, and what the loops have achieved
insp-compare-field = Field
insp-compare-desired = Desired (spec)
insp-compare-observed = Observed (status)
insp-compare-matches = matches:
insp-compare-differs = differs:

## The sections: owners, dependents, labels, finalizers, events

insp-actions-label = actions
insp-edit-yaml = Edit YAML
insp-owners-label = owners
insp-heading-owners = Owners
insp-no-owners = No ownerReferences: nothing will delete this object for you.
# $owner is Kind/name, as kubectl writes it.
insp-controlled-by = Controlled by { $owner }
insp-owned-by = Owned by { $owner }
insp-controlled-by-gone = Controlled by { $owner } (gone)
insp-owned-by-gone = Owned by { $owner } (gone)
insp-dependents-label = dependents
insp-heading-owns = Owns
insp-labels-label = labels
insp-heading-labels = Labels
insp-word-none = none
insp-heading-annotations = Annotations
insp-finalizers-label = finalizers
insp-heading-finalizers = Finalizers
insp-finalizer-foreground = waits until the garbage collector has deleted the dependents that block it
insp-finalizer-orphan = waits until the garbage collector has removed this owner from its dependents
insp-events-label = events
insp-heading-events = Recent events
# $age is a kubectl AGE: 5s, 2m10s.
insp-ago = { $age } ago

## The history of writes ($who is a loop's name, or insp-change-by-you)

insp-history-label = history
insp-heading-history =
    { $count ->
        [one] History ({ $count } change)
       *[other] History ({ $count } changes)
    }
insp-change-created = created
insp-change-changed = changed
insp-change-deleted = deleted
insp-change-by = by { $who }
insp-change-by-you = you (kubectl)
insp-change-none = (none)
insp-change-became = became
insp-change-more =
    { $count ->
        [one] and { $count } more field
       *[other] and { $count } more fields
    }

## The buttons: delete with a cascade, scale, labels, image
## (background, foreground and orphan are kubectl's --cascade values and stay as they are)

insp-cascade-legend = When deleting, cascade:
insp-deps-deployment = its ReplicaSets and their pods
insp-deps-pods = its pods
# $kind is Deployment, ReplicaSet or ReplicationController; $deps is insp-deps-*.
insp-cascade-background = Delete the { $kind } now; the garbage collector then deletes { $deps }.
insp-cascade-foreground = Keep the { $kind }, marked deleting, until { $deps } are gone; then delete it.
insp-cascade-orphan = Delete only the { $kind }; { $deps } stay, with no owner.
insp-delete-button = Delete
insp-scale-label = scale
insp-scale-down = Scale down
insp-scale-up = Scale up
insp-replica-count =
    { $count ->
        [one] { $count } replica
       *[other] { $count } replicas
    }
insp-edit-labels = Edit labels
# The hint reads: (before) app= (after).
insp-label-hint-before = Change
insp-label-hint-after = to see the ReplicaSet release this pod and make a new one.
insp-label-key = label { $n } key
insp-label-value = label { $n } value
insp-label-remove = Remove label { $n }
insp-remove = Remove
insp-add-label = Add label
insp-save-labels = Save labels
insp-cancel = Cancel
insp-set-image = Set image
insp-container = Container
insp-image = Image
insp-image-suggestions = image suggestions
insp-try = Try:

## Rows of Deployments, ReplicaSets, Pods, Nodes and Services
## (status words such as Running, Ready, Complete, Bound and True stay English)

insp-row-replicas = Replicas
insp-row-up-to-date = Up to date
insp-row-ready = Ready
insp-row-available = Available
insp-row-image =
    { $count ->
        [one] Image
       *[other] Images
    }
insp-image-nothing-running = nothing running
insp-row-spec-version = Spec version
insp-generation = generation { $generation }
insp-generation-seen = controller has seen { $observed }
insp-row-rollout = Rollout
insp-rollout-complete = complete
insp-rollout-stuck = stuck: progress deadline exceeded
insp-rollout-paused = paused
insp-rollout-in-progress = in progress
insp-row-status = Status
insp-row-node = Node
insp-pod-any-node = any (the scheduler picks)
insp-pod-not-scheduled = not scheduled: { $reason }
insp-pod-not-scheduled-yet = not scheduled yet
insp-row-container = Container { $name }
insp-container-not-started = not started
insp-container-running = running { $image }
insp-container-waiting = waiting: { $reason }
insp-unknown = unknown
insp-container-exited = exited with code { $code }: { $reason }
insp-container-no-state = no state yet
insp-container-restarted =
    (restarted { $count ->
        [one] { $count } time
       *[other] { $count } times
    })
insp-node-cordoned = Ready, cordoned (no new pods)
insp-row-pods = Pods
insp-at-most = at most { $max }
insp-node-pods = { $count } on this node
insp-row-selector = Selector
insp-endpoints-unmanaged = endpoints are not managed
insp-selector-matches =
    { $count ->
        [one] { $count } pod matches
       *[other] { $count } pods match
    }
insp-row-endpoints = Endpoints
insp-endpoints-wanted = { $count } (one per matching pod)
insp-endpoints-ready = { $ready } ready, { $not_ready } not ready

## Rows of DaemonSets, StatefulSets, Jobs, CronJobs, HPAs and PersistentVolumeClaims

insp-row-nodes-to-run = Nodes that should run one
insp-every-eligible-node = every eligible node
insp-nodes =
    { $count ->
        [one] { $count } node
       *[other] { $count } nodes
    }
insp-row-scheduled = Scheduled
insp-row-misscheduled = On a node it should not be
insp-row-dns-names = DNS names
insp-dns-headless-found = headless Service { $service } found
insp-dns-headless-missing = no headless Service { $service }: the names do not resolve
insp-row-revision = Revision
insp-row-completions = Completions
insp-row-failed-pods = Failed pods
insp-retries-at-most =
    { $limit ->
        [one] at most { $limit } retry
       *[other] at most { $limit } retries
    }
insp-row-running-at-once = Running at once
insp-up-to = up to { $count }
insp-never-yet = never yet
insp-row-schedule = Schedule
insp-last-run = last run: { $last }
insp-row-suspended = Suspended
insp-no-new-jobs = no new Jobs
insp-jobs-on-time = starting Jobs on time
insp-row-running-jobs = Running Jobs
# $policy is concurrencyPolicy: Allow, Forbid or Replace.
insp-policy = policy { $policy }
insp-of-request = { $percent }% of request
insp-not-measured-yet = not measured yet
# $resource is cpu or memory.
insp-row-usage = { $resource } usage
insp-replicas-between = { $count } (between { $min } and { $max })
insp-row-phase = Phase
insp-row-storage = Storage
insp-row-used-by = Used by
insp-no-pod = no pod

## Rows of ConfigMaps, Secrets and PodDisruptionBudgets

insp-row-keys = Keys
insp-row-type = Type
insp-secret-key = { $key } ({ $size } bytes)
insp-row-read-by = Read by
insp-pdb-must-stay = { $healthy } of { $expected } must stay healthy
insp-row-min-available = Min available
insp-row-max-unavailable = Max unavailable
insp-not-set = not set
insp-pdb-drain-waits = 0: a drain waits
insp-row-healthy-pods = Healthy pods
insp-row-disruptions-allowed = Disruptions allowed
insp-row-expected-pods = Expected pods
insp-row-covers = Covers
