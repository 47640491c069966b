# German

## The loop feed (src/components/decisions.rs)

feed-label = Entscheidungen der Controller
feed-title = Was die Schleifen gerade getan haben
feed-chips-label = Entscheidungen zeigen von
feed-chip-kubelet = kubelet: jeder Container-Schritt jedes Pods; sehr gesprächig, darum anfangs aus
feed-chip-shown = zeigt die Entscheidungen dieser Schleife; klick, um sie auszublenden
feed-chip-hidden-hint = blendet die Entscheidungen dieser Schleife aus; klick, um sie zu zeigen
# After a switched-off loop's name on its chip.
feed-chip-hidden = ausgeblendet
feed-empty = Noch nichts zu tun. Jede Schleife vergleicht, was gewünscht ist, mit dem, was sie sieht, und handelt nur, wenn sich beides unterscheidet.
feed-none-shown = Keine neuen Entscheidungen von den oben eingeschalteten Schleifen.
feed-select = { $object } auswählen
# $desired and $observed are the loop's phrases (decisions.ftl), already in this language.
# Soll und Ist: what a control loop compares, in German engineering's own words.
feed-want-see = soll { $desired }, ist { $observed }
feed-age = vor { $age }

## The step card (src/components/step.rs)

step-label = letzter Schritt
# $loop is a loop's name (replicaset), $object a link (deployment/web).
step-acted = { $loop } hat an { $object } gearbeitet
step-no-decision = Sie hat keine Entscheidung festgehalten, nur den Status geschrieben.
step-wanted = Soll
step-saw = Ist
step-did = Aktion
step-wrote = schrieb an die API:
step-more-writes = und { $count } weitere
step-events = und hat { $count ->
        [one] { $count } Event
       *[other] { $count } Events
    } aufgezeichnet (k get events)
step-hint = Mach noch einen Einzelschritt für die nächste Aktion, oder lass die Simulation laufen, damit jede Schleife arbeitet.
step-quiet-title = Nichts zu tun: keine Schleife hat Arbeit
step-quiet-line = Die Uhr ist nicht weitergelaufen. Jede Warteschlange bleibt leer, bis ein Timer abläuft.
# $timer is a link with the engine's words (kubelet back-off for pod/web-x2x9q), $time a duration (10s).
step-next = als Nächstes: { $timer } in { $time }
step-jump = Springen
step-jump-hint = Springen lässt die Uhr bis zu diesem Timer laufen und macht einen Schritt; beim Abspielen läuft die Zeit von selbst.

## The timer the quiet step card offers to jump to (src/components/step.rs): as the engine
## says it, `kubelet back-off for pod/web-x2x9q`.

# $loop is a loop's name (kubelet), $wait one of the wait- messages, $object pod/web-x2x9q.
step-timer-object = { $loop }: { $wait } für { $object }
step-timer-loop = { $loop }: { $wait }
step-timer-all = { $wait } aller Schleifen
wait-recheck = erneute Prüfung
wait-back-off = Back-off
wait-image-pull = Image-Pull
wait-container-start = Container-Start
wait-container-exit = Container-Ende
wait-restart-check = Neustart-Prüfung
wait-grace-period = Frist der geordneten Löschung
wait-cleanup = Aufräumen des Pods
wait-min-ready = Ablauf von minReadySeconds
wait-progress-deadline = Prüfung der Progress-Deadline
wait-node-monitor-grace = Karenzzeit der Node-Überwachung
wait-eviction = Taint-Räumung (tolerationSeconds)
wait-resync = Informer-Resync
wait-startup-probe = Startup-Probe
wait-liveness-probe = Liveness-Probe
wait-readiness-probe = Readiness-Probe
wait-schedule = geplanter Zeitpunkt
wait-sync-period = Sync-Periode
wait-lease-renewal = Lease-Erneuerung

## The Faults panel (src/components/faults.rs)

fault-label = Störungsschalter
fault-title = Störungen
fault-fetching = Die Störungsschalter werden geladen…
fault-fetch-failed = Die Störungsschalter konnten nicht geladen werden (offline?).
fault-back = Zurück zum Verlauf
fault-intro = Leg eine Schleife lahm und sieh zu, wie der Cluster abdriftet; starte sie wieder und sieh zu, wie er heilt. Schleifen vergleichen, was sie wollen, mit dem, was sie sehen, darum spielen verlorene Ereignisse nicht lange eine Rolle.
fault-loops = Schleifen
fault-running = läuft
fault-stopped = angehalten
fault-stop = Anhalten
fault-start = Starten
fault-lose-events = Die nächsten { $count } Watch-Ereignisse verlieren
fault-restart = Den controller-manager neu starten
fault-drops-pending = { $count ->
        [one] Ein Watch-Ereignis geht verloren, bevor eine Schleife es sieht.
       *[other] { $count } Watch-Ereignisse gehen verloren, bevor eine Schleife sie sieht.
    }
fault-nodes = Nodes
fault-reporting = meldet sich
fault-silent = stumm
fault-fail = Ausfallen lassen
fault-recover = Wiederbeleben

## The live feed (src/components/live_feed.rs)

livefeed-label = Events des Clusters
livefeed-no-decisions = Dieser Cluster zeigt nicht, wie seine Controller abwägen, nur die Events, die sie aufzeichnen: Ein echter API-Server hat keinen Endpunkt für Entscheidungen.
livefeed-title = Events
livefeed-empty = Noch keine Events in diesem Namespace.
