# English

## The loop feed (src/components/decisions.rs)

feed-label = controller decisions
feed-title = What the loops just did
feed-chips-label = show decisions from
feed-chip-kubelet = kubelet: every container step of every pod; noisy, so off at first
feed-chip-shown = showing this loop's decisions; click to hide them
feed-chip-hidden-hint = hiding this loop's decisions; click to show them
# After a switched-off loop's name on its chip.
feed-chip-hidden = hidden
feed-empty = Nothing to do yet. Every loop compares what is wanted with what it sees, and acts only on a difference.
feed-none-shown = No recent decisions from the loops switched on above.
feed-select = select { $object }
# $desired and $observed are the loop's phrases, as the engine says them.
feed-want-see = want { $desired }, see { $observed }
feed-age = { $age } ago

## The step card (src/components/step.rs)

step-label = last step
# $loop is a loop's name (replicaset), $object a link (deployment/web).
step-acted = { $loop } acted on { $object }
step-no-decision = It recorded no decision; it only wrote status.
step-wanted = wanted
step-saw = saw
step-did = did
step-wrote = wrote to the API:
step-more-writes = and { $count } more
step-events = and recorded { $count ->
        [one] { $count } event
       *[other] { $count } events
    } (k get events)
step-hint = Step again for the next action, or Play to let every loop run.
step-quiet-title = Nothing to do: no loop has work
step-quiet-line = The clock did not move. Every queue is empty until a timer fires.
# $timer is a link with the engine's words (kubelet back-off for pod/web-x2x9q), $time a duration (10s).
step-next = next: { $timer } in { $time }
step-jump = Jump
step-jump-hint = Jump runs the clock to that timer and takes one step; Play lets time run.

## The timer the quiet step card offers to jump to (src/components/step.rs): as the engine
## says it, `kubelet back-off for pod/web-x2x9q`.

step-timer-object = { $loop } { $wait } for { $object }
step-timer-loop = { $loop } { $wait }
step-timer-all = every loop's { $wait }
wait-recheck = re-check
wait-back-off = back-off
wait-image-pull = image pull
wait-container-start = container start
wait-container-exit = container exit
wait-restart-check = restart check
wait-grace-period = graceful-deletion deadline
wait-cleanup = pod clean-up
wait-min-ready = minReadySeconds
wait-progress-deadline = progress deadline check
wait-node-monitor-grace = node monitor grace period
wait-eviction = taint eviction (tolerationSeconds)
wait-resync = informer resync
wait-startup-probe = startup probe
wait-liveness-probe = liveness probe
wait-readiness-probe = readiness probe
wait-schedule = scheduled time
wait-sync-period = sync period
wait-lease-renewal = lease renewal

## The Faults panel (src/components/faults.rs)

fault-label = fault switches
fault-title = Faults
fault-fetching = Fetching the fault switches…
fault-fetch-failed = The fault switches could not be fetched (offline?).
fault-back = Back to the feed
fault-intro = Break a loop and watch the cluster drift; start it again and watch it heal. Loops compare what they want with what they see, so lost events do not matter for long.
fault-loops = Loops
fault-running = running
fault-stopped = stopped
fault-stop = Stop
fault-start = Start
fault-lose-events = Lose the next { $count } watch events
fault-restart = Restart the controller-manager
fault-drops-pending = { $count ->
        [one] 1 watch event will be lost before any loop sees it.
       *[other] { $count } watch events will be lost before any loop sees them.
    }
fault-nodes = Nodes
fault-reporting = reporting
fault-silent = silent
fault-fail = Fail
fault-recover = Recover

## The live feed (src/components/live_feed.rs)

livefeed-label = cluster events
livefeed-no-decisions = This cluster does not show its controllers' own reasoning, only the Events they record: a real API server has no decisions endpoint.
livefeed-title = Events
livefeed-empty = No Events in this namespace yet.
