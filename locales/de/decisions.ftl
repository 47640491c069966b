# German: what the loops say in their decisions. One message per phrase of
# engine/src/controllers/said/*.rs, its id `said-<loop>-<Phrase>`, its variables the
# phrase's fields. English has no such file: the engine's Display is its English.

## kubelet: engine/src/controllers/kubelet (pull, start, probe, restart, stop)

said-kubelet-WantRunning = Container laufen
said-kubelet-WantHealthy = Container gesund
said-kubelet-PodGone = Pod weg
said-kubelet-OnNode = { $node }: { $seen }
said-kubelet-ImageUnparsed = Image „{ $image }“ ist kein gültiger Name
said-kubelet-ReportInvalidImageName = InvalidImageName melden
said-kubelet-ContainerCreated = Container { $container } erstellt
said-kubelet-StartProcess = seinen Prozess starten
said-kubelet-ContainerExited = Container { $container } mit Code { $code } beendet
said-kubelet-RecordTerminated = als beendet festhalten
said-kubelet-RecordIt = festhalten
said-kubelet-BackOffOver = Back-off für { $container } vorbei
said-kubelet-RestartContainer = den Container neu starten
said-kubelet-PullFailed = Pull von { $image } fehlgeschlagen
said-kubelet-BackOffPull = { $wait } warten, dann erneut pullen
said-kubelet-ImageOnNode = Image { $image } schon auf dem Node
said-kubelet-CreateTheContainer = den Container erstellen
said-kubelet-ImageNotOnNode = Image { $image } nicht auf dem Node
said-kubelet-Pull = { $image } pullen
said-kubelet-ReportErrImagePull = ErrImagePull melden
said-kubelet-ImageReady = Image { $image } bereit
said-kubelet-CreateContainer = Container { $container } erstellen
said-kubelet-LeaveIt = restartPolicy { $policy }: so lassen
said-kubelet-ExitedAgain = Container { $container } nach { $restarts ->
        [one] { $restarts } Neustart
       *[other] { $restarts } Neustarts
    } wieder beendet
said-kubelet-CrashLoopWait = CrashLoopBackOff: { $wait } warten
said-kubelet-Exited = Container { $container } beendet
said-kubelet-RestartNow = sofort neu starten
said-kubelet-RetryMount = Mount in { $wait } erneut versuchen
said-kubelet-ReportConfigError = CreateContainerConfigError melden
said-kubelet-DeletedWhileRunning = Pod gelöscht, Container { $container } läuft
said-kubelet-SigtermClean = SIGTERM senden; er endet sauber
said-kubelet-SigtermIgnored = SIGTERM senden; er ignoriert es: SIGKILL zur Frist
said-kubelet-AllStopped = alle Container gestoppt
said-kubelet-DeleteGraceZero = den Pod mit Frist 0 löschen
said-kubelet-ProbeSucceeded = { $probe }-Probe von { $container } erfolgreich{ $runs ->
        [one] {""}
       *[other] , { $runs }-mal in Folge
    }
said-kubelet-ProbeFailed = { $probe }-Probe von { $container } fehlgeschlagen{ $runs ->
        [one] {""}
       *[other] , { $runs }-mal in Folge
    }
said-kubelet-MarkReady = { $container } als bereit markieren
said-kubelet-MarkNotReady = { $container } als nicht bereit markieren
said-kubelet-MarkStarted = { $container } als gestartet markieren: Liveness- und Readiness-Probes beginnen
said-kubelet-Kill = { $container } beenden
said-kubelet-KilledExited = beendeter Container { $container } mit Code { $code } beendet

## deployment: engine/src/controllers/deployment (claim, new RS, rolling, recreate, scale, history, status)

said-deployment-Rolling = { $replicas ->
        [one] { $replicas } Replika
       *[other] { $replicas } Replikas
    } ({ $surge }, { $unavailable }): { $bounds }
said-deployment-Recreate = { $replicas ->
        [one] { $replicas } Replika
       *[other] { $replicas } Replikas
    } (Recreate: kein Budget, alte Pods gehen, bevor neue starten)
said-deployment-Surge = maxSurge { $written } → { $resolved }
said-deployment-Unavailable = maxUnavailable { $written } → { $scaled }
said-deployment-UnavailableFencepost = maxUnavailable { $written } → { $scaled } (Fencepost → { $resolved })
said-deployment-UnavailableCapped = maxUnavailable { $written } → { $scaled } (begrenzt → { $resolved })
said-deployment-Bounds = bis zu { $total ->
        [one] { $total } Pod
       *[other] { $total } Pods
    }, mindestens { $available } verfügbar
said-deployment-Seen = { $new }, { $old }
said-deployment-NewRs = neues RS { $name } bei { $size } ({ $available } verfügbar)
said-deployment-NoNewRs = kein neues RS
said-deployment-NoOldPods = keine alten Pods
said-deployment-OldRs = altes RS { $name } bei { $size } ({ $available } verfügbar)
said-deployment-OldRss = { $count ->
        [one] { $count } altes RS
       *[other] { $count } alte RS
    } bei { $size } ({ $available } verfügbar)
said-deployment-AnError = Fehler: { $error }
said-deployment-NeitherFoundNorCreated = das neue ReplicaSet wurde weder gefunden noch erstellt
said-deployment-OrphanRs = verwaistes RS { $name }, dessen Labels zum Selector passen
said-deployment-NoLongerSelected = RS { $name }, dessen Labels nicht mehr zum Selector passen
said-deployment-OldestEmpty = { $count ->
        [one] { $count } altes RS
       *[other] { $count } alte RS
    }, RS { $name } (Revision { $revision }) ist das älteste und leer
said-deployment-PausedChanged = spec.paused geändert
said-deployment-TheNewRs = neues RS
said-deployment-AnOldRs = altes RS
said-deployment-ScaleUp = { $role } { $name } von { $from } auf { $to } hochskalieren: { $reason }
said-deployment-ScaleDown = { $role } { $name } von { $from } auf { $to } herunterskalieren: { $reason }
said-deployment-WantsOnly = das Deployment will nur { $replicas ->
        [one] { $replicas } Replika
       *[other] { $replicas } Replikas
    }
said-deployment-Wants = das Deployment will { $replicas ->
        [one] { $replicas } Replika
       *[other] { $replicas } Replikas
    }
said-deployment-AtMost = höchstens { $total ->
        [one] { $total } Pod
       *[other] { $total } Pods
    } während des Rollouts ({ $replicas } gewünscht + { $surge } Surge)
said-deployment-NotAvailable = { $count ->
        [one] { $count } seiner Pods ist
       *[other] { $count } seiner Pods sind
    } nicht verfügbar, sie zu entfernen kostet also nichts
said-deployment-MustStayAvailable = { $available ->
        [one] { $available } Pod ist
       *[other] { $available } Pods sind
    } verfügbar und { $min ->
        [one] { $min } muss
       *[other] { $min } müssen
    } verfügbar bleiben ({ $replicas } gewünscht − { $unavailable } nicht verfügbar)
said-deployment-MustStay = { $available ->
        [one] { $available } Pod ist
       *[other] { $available } Pods sind
    } verfügbar und { $min ->
        [one] { $min } muss
       *[other] { $min } müssen
    } verfügbar bleiben
said-deployment-OnlyActive = es ist das einzige aktive RS und bekommt daher alle Replikas
said-deployment-NewSaturated = das neue RS ist gesättigt
said-deployment-SpreadUp = proportionale Skalierung verteilt +{ $added } auf { $sets ->
        [one] { $sets } aktives RS
       *[other] { $sets } aktive RS
    }
said-deployment-SpreadDown = proportionale Skalierung verteilt -{ $removed } auf { $sets ->
        [one] { $sets } aktives RS
       *[other] { $sets } aktive RS
    }
said-deployment-RecreateStopsOld = Recreate stoppt zuerst jeden alten Pod
said-deployment-NoOldPodsLeft = keine alten Pods mehr übrig
said-deployment-WaitNewAvailable = abwarten, bis neue Pods verfügbar werden ({ $bounds })
said-deployment-WaitOldTerminate = abwarten, bis alte Pods beendet sind
said-deployment-WaitTheNewAvailable = abwarten, bis die neuen Pods verfügbar werden
said-deployment-WaitOldStop = abwarten, bis alte Pods stoppen, bevor neue starten
said-deployment-PausedScaleOnly = pausiert: nur skalieren, kein Rollout
said-deployment-DeleteOldRs = altes RS { $name } löschen: revisionHistoryLimit ist { $limit }
said-deployment-AdoptRs = RS { $name } adoptieren
said-deployment-ReleaseRs = RS { $name } freigeben
said-deployment-Rerevision = RS { $name } zu Revision { $revision } machen (war { $was }): sein Pod-Template ist wieder das aktuelle
said-deployment-HashCollision = Hash-Kollision: RS { $name } existiert mit einem anderen Pod-Template, also collisionCount auf { $count } setzen und erneut versuchen
said-deployment-TryCreateFailed = versuchen, das neue RS { $name } zu erstellen: fehlgeschlagen
said-deployment-UseExisting = RS { $name } verwenden: es existiert schon mit dem aktuellen Pod-Template
said-deployment-CreateNewRs = neues RS { $name } mit { $replicas ->
        [one] { $replicas } Replika
       *[other] { $replicas } Replikas
    } erstellen (Revision { $revision }): kein RS hat das aktuelle Pod-Template
said-deployment-MarkAvailable = Available={ $status } setzen ({ $reason }: { $available } verfügbar, { $needed } nötig)
said-deployment-RolloutComplete = Rollout fertig: Progressing={ $status } setzen ({ $reason })
said-deployment-NoProgress = kein Fortschritt seit { $seconds } s: Progressing={ $status } setzen ({ $reason })
said-deployment-Both = { $first }; { $second }
said-deployment-MarkPaused = Progressing=Unknown setzen ({ $reason }): eine Pause zählt nicht gegen die Frist
said-deployment-RetryBackoff = mit Backoff erneut versuchen

## claim: engine/src/controllers/said/claim.rs (ReplicaSet, DaemonSet and StatefulSet adopt and release pods)

said-claim-OwnEveryPod = alle zu { $selector } passenden Pods besitzen
said-claim-PodsMatching = Pods, die zu { $selector } passen
said-claim-OrphanMatches = verwaister Pod { $pod } passt
said-claim-NoLongerMatches = Pod { $pod } passt nicht mehr
said-claim-AdoptPod = Pod { $pod } übernehmen
said-claim-ReleasePod = Pod { $pod } freigeben

## replicaset: engine/src/controllers/replicaset (ReplicaSets and ReplicationControllers: create, delete, adopt, release pods)

said-replicaset-Replicas = { $count ->
        [one] { $count } Replika
       *[other] { $count } Replikas
    }
said-replicaset-ActivePods = { $count ->
        [one] { $count } aktiver Pod
       *[other] { $count } aktive Pods
    }
said-replicaset-CreatePods = { $count ->
        [one] { $count } Pod
       *[other] { $count } Pods
    } erstellen: { $pods }
said-replicaset-CreateMany = { $count ->
        [one] { $count } Pod
       *[other] { $count } Pods
    } erstellen
said-replicaset-CreateFailed = Erstellen fehlgeschlagen
said-replicaset-DeletePods = { $count ->
        [one] { $count } Pod
       *[other] { $count } Pods
    } löschen: { $pods }
said-replicaset-DeleteMany = { $count ->
        [one] { $count } Pod
       *[other] { $count } Pods
    } löschen
said-replicaset-DeleteFailed = Löschen fehlgeschlagen

## daemonset: engine/src/controllers/daemon (a pod on every node that should run one, the rolling update, claiming pods and revisions)

said-daemonset-WantRevision = eine ControllerRevision mit dem aktuellen Template
said-daemonset-NoRevisionMatches = keine passt dazu
said-daemonset-CreateRevision = Revision { $revision } erstellen: { $name }
said-daemonset-PodOn = ein Pod auf { $node }
said-daemonset-RunningPodOn = ein laufender Pod auf { $node }
said-daemonset-OnePodOn = genau ein Daemon-Pod auf { $node }
said-daemonset-NoPodOn = kein Daemon-Pod auf { $node }
said-daemonset-UpToDatePodOn = ein aktueller Pod auf { $node }
said-daemonset-NoPodYet = keiner
said-daemonset-PodBecause = { $pod }: { $why }
said-daemonset-NodeUnwanted = der Node will keinen Daemon-Pod mehr
said-daemonset-NodeGone = sein Node ist weg
said-daemonset-PodExited = er ist beendet
said-daemonset-PodFailed = er ist fehlgeschlagen
said-daemonset-OnePerNode = auf einem Node läuft nur ein Daemon-Pod
said-daemonset-AtMostTwo = auf einem Node laufen höchstens zwei Daemon-Pods
said-daemonset-OldNotReady = der alte Pod ist nicht Ready
said-daemonset-ReplacementAvailable = sein Ersatz ist verfügbar
said-daemonset-SurgeRoom = ein alter Pod auf { $node }; bis zu { $max_surge ->
        [one] { $max_surge } zusätzlicher Pod darf
       *[other] { $max_surge } zusätzliche Pods dürfen
    } gleichzeitig laufen
said-daemonset-OldTemplate = { $pod } läuft mit einem alten Template; höchstens { $max_unavailable ->
        [one] { $max_unavailable } Node darf
       *[other] { $max_unavailable } Nodes dürfen
    } ohne verfügbaren Pod sein
said-daemonset-OldTemplateReplaced = { $pod } läuft mit einem alten Template und sein Ersatz ist verfügbar
said-daemonset-CreatePod = { $pod } erstellen
said-daemonset-CreateFailed = Erstellen fehlgeschlagen
said-daemonset-DeletePod = { $pod } löschen

## statefulset: engine/src/controllers/statefulset (pods <set>-<ordinal> in order, revisions, claiming pods)

said-statefulset-Replicas = { $replicas ->
        [one] { $replicas } Replika
       *[other] { $replicas } Replikas
    }
said-statefulset-ReplicasOne = { $replicas ->
        [one] { $replicas } Replika
       *[other] { $replicas } Replikas
    } ({ $pod })
said-statefulset-ReplicasRange = { $replicas ->
        [one] { $replicas } Replika
       *[other] { $replicas } Replikas
    } ({ $first }..{ $last })
said-statefulset-NextPod = { $pod }
said-statefulset-PodMissing = { $pod } fehlt
said-statefulset-CreateAt = { $pod } mit Revision { $revision } erstellen
said-statefulset-CreateReachable = { $pod } mit Revision { $revision } erstellen, erreichbar als { $pod }.{ $service }.{ $namespace }.svc.cluster.local
said-statefulset-NotOwned = ein Pod { $pod }, der nicht zum StatefulSet gehört
said-statefulset-PodFailed = { $pod } ist fehlgeschlagen
said-statefulset-DeleteToRecreate = ihn löschen; er kommt mit demselben Namen wieder
said-statefulset-PastLastOrdinal = { $pod } liegt hinter der letzten Ordinalzahl
said-statefulset-DeleteHighestFirst = { $pod } löschen (höchste Ordinalzahl zuerst)
said-statefulset-OldRevision = { $pod } auf einer alten Revision
said-statefulset-DeleteToUpdate = { $pod } löschen; er kommt mit Revision { $revision } wieder
said-statefulset-StillTerminating = { $pod } wird noch beendet
said-statefulset-NotRunningReady = { $pod } noch nicht Running und Ready
said-statefulset-NotAvailable = { $pod } noch nicht Available (minReadySeconds { $min_ready_seconds })
said-statefulset-Wait = abwarten
said-statefulset-AtMostPods = höchstens { $max } Pods
said-statefulset-SpecReplicas = spec.replicas { $replicas }
said-statefulset-RefuseReplicas = nichts tun: kubeloop führt nicht mehr Pods pro StatefulSet aus
said-statefulset-WantIdentity = jeder Pod mit seinem eigenen Namen und Index als Label
said-statefulset-LostIdentity = { $pod } hat seine Identitäts-Labels verloren
said-statefulset-RestoreIdentity = die Labels pod-name und pod-index von { $pod } wiederherstellen
said-statefulset-OwnMembers = alle Pods namens { $set }-N, die zu { $selector } passen, als eigene
said-statefulset-EarlierTemplate = das Template einer früheren Revision
said-statefulset-RevisionHolds = Revision { $name } enthält es
said-statefulset-Renumber = { $name } zu Revision { $revision } umnummerieren und darauf zurückrollen
said-statefulset-WantRevision = eine Revision für das aktuelle Template
said-statefulset-NoRevisionYet = noch keine
said-statefulset-TemplateChanged = das Template hat sich geändert
said-statefulset-CreateRevision = ControllerRevision { $name } erstellen (Revision { $revision })

## job: engine/src/controllers/job/, engine/src/controllers/ttl_after_finished.rs

said-job-Completions = { $completions ->
        [one] { $completions } Abschluss
       *[other] { $completions } Abschlüsse
    }, { $at_a_time } gleichzeitig (parallelism { $parallelism })
said-job-OneSuccess = 1 Erfolg, { $parallelism ->
        [one] { $parallelism } Pod
       *[other] { $parallelism } Pods
    } gleichzeitig
said-job-SuspendedNoPods = ausgesetzt: keine Pods
said-job-ActiveOfParallelism = { $want } aktiv (parallelism { $parallelism })
said-job-NoMorePods = keine weiteren Pods
said-job-FinishTheJob = Abschluss des Jobs
said-job-Active = { $active } aktiv
said-job-Progress = { $succeeded } erfolgreich, { $active } aktiv
said-job-ProgressFailed = { $succeeded } erfolgreich, { $active } aktiv, { $failed } fehlgeschlagen
said-job-RetriesUsed = Pod fehlgeschlagen ({ $used } von { $limit ->
        [one] { $limit } Wiederholung
       *[other] { $limit } Wiederholungen
    } verbraucht)
said-job-IndexPodFailed = Pod eines Index fehlgeschlagen (backoffLimitPerIndex)
said-job-Stopping = { $why }, { $active } aktiv
said-job-BackoffLimitReached = { $failed } fehlgeschlagen, backoffLimit { $limit }: der Job ist fehlgeschlagen
said-job-DeadlinePassed = activeDeadlineSeconds abgelaufen: der Job ist fehlgeschlagen
said-job-FailJobRule = { $message }: der Job ist fehlgeschlagen
said-job-TooManyFailedIndexes = mehr Indizes fehlgeschlagen als maxFailedIndexes
said-job-SomeIndexesFailed = alle Indizes beendet, einige fehlgeschlagen
said-job-SuccessPolicyMet = successPolicy erfüllt ({ $message })
said-job-EnoughSucceeded = genug Pods erfolgreich
said-job-StillTerminating = { $terminating ->
        [one] { $terminating } Pod wird
       *[other] { $terminating } Pods werden
    } noch beendet
said-job-NothingRunning = kein Pod läuft oder wird beendet
said-job-DeletePods = { $count ->
        [one] { $count } Pod
       *[other] { $count } Pods
    } löschen
said-job-DeleteActivePods = { $count ->
        [one] { $count } aktiven Pod
       *[other] { $count } aktive Pods
    } löschen
said-job-WaitBeforeNext = { $wait } bis zum nächsten warten
said-job-WaitBeforeIndex = { $wait } warten, bevor der Index erneut versucht wird
said-job-CreateFailed = Erstellen fehlgeschlagen: { $error }
said-job-CreateOne = 1 Pod erstellen: { $pod }
said-job-CreatePods = { $count ->
        [one] { $count } Pod
       *[other] { $count } Pods
    } erstellen
said-job-MarkInterim = ihn als { $condition } markieren ({ $reason })
said-job-WaitBeforeMarking = warten, bevor er als { $condition } markiert wird
said-job-Mark = ihn als { $condition } markieren
said-job-DeleteAfterTtl = Löschen fertiger Jobs { $ttl } s nach ihrem Ende (ttlSecondsAfterFinished)
said-job-FinishedAgo = seit { $seconds } s beendet
said-job-DeleteJobForeground = den Job und seine Pods löschen (foreground)

## cronjob: engine/src/controllers/cronjob/

said-cronjob-EachStart = ein Job zu jedem Zeitpunkt von „{ $schedule }“
said-cronjob-StartWithin = Start eines Jobs binnen { $deadline } s nach jedem geplanten Zeitpunkt
said-cronjob-TrackActive = seine aktiven Jobs im Status
said-cronjob-JobFinished = Job { $job } ist { $condition }
said-cronjob-StartLate = der Start um { $scheduled } ist { $late } s zu spät
said-cronjob-DueStillActive = Start um { $scheduled } fällig, { $jobs } noch aktiv
said-cronjob-DueActive = Start um { $scheduled } fällig, { $active } aktiv
said-cronjob-DropFromActive = ihn aus status.active entfernen
said-cronjob-SkipIt = ihn auslassen
said-cronjob-SkipForbid = diesen Lauf auslassen (concurrencyPolicy Forbid)
said-cronjob-DeleteReplace = Job { $job } löschen (concurrencyPolicy Replace)
said-cronjob-CreateJob = Job { $job } erstellen
said-cronjob-KeepSuccessful = höchstens { $keep ->
        [one] { $keep } erfolgreicher Job
       *[other] { $keep } erfolgreiche Jobs
    }
said-cronjob-KeepFailed = höchstens { $keep ->
        [one] { $keep } fehlgeschlagener Job
       *[other] { $keep } fehlgeschlagene Jobs
    }
said-cronjob-SuccessfulJobs = { $count ->
        [one] { $count } erfolgreicher Job
       *[other] { $count } erfolgreiche Jobs
    }
said-cronjob-FailedJobs = { $count ->
        [one] { $count } fehlgeschlagener Job
       *[other] { $count } fehlgeschlagene Jobs
    }
said-cronjob-DeleteOldest = den ältesten löschen, { $job }

## hpa: engine/src/controllers/hpa/ (narrate.rs, sync.rs)

said-hpa-ScaleTarget = Skalierung von { $target }
said-hpa-Range = { $min } bis { $max } Replikas
said-hpa-PerPod = { $target } { $metric } pro Pod
said-hpa-CannotReadScale = Scale des Ziels nicht lesbar
said-hpa-TargetHas = { $target } hat { $replicas }
said-hpa-NoUsableMetric = keine verwendbare Metrik
said-hpa-OnPods = { $current } auf { $pods ->
        [one] { $pods } Pod
       *[other] { $pods } Pods
    }
said-hpa-WaitError = abwarten: { $error }
said-hpa-DisabledAtZero = nichts tun: Skalieren ist aus, solange das Ziel 0 Replikas hat
said-hpa-KeepBecause = { $replicas } beibehalten: { $why }
said-hpa-ScaleToMax = auf { $replicas } skalieren (das Maximum)
said-hpa-ScaleToMin = auf { $replicas } skalieren (das Minimum)
said-hpa-Keep = { $replicas } beibehalten
said-hpa-ScaleTo = auf { $replicas } skalieren
said-hpa-Wait = abwarten
said-hpa-KeepWithinTolerance = { $replicas } beibehalten (innerhalb der Toleranz von 10 %)
said-hpa-Stabilized = Skalieren auf { $proposal } gewünscht, aber die letzten { $window } empfahlen { $size }: { $step } (Stabilisierungsfenster)
said-hpa-Limited = { $wanted } gewünscht, aber { $why }: { $step }
said-hpa-WindowMinutes = { $minutes } Min.
said-hpa-WindowSeconds = { $seconds } s

## disruption: engine/src/controllers/disruption.rs (a PodDisruptionBudget's healthy pods and the evictions it allows)

said-disruption-KeepHealthy = { $pods ->
        [one] { $pods } gesunder Pod
       *[other] { $pods } gesunde Pods
    } ({ $bound })
said-disruption-MaxUnavailable = maxUnavailable { $max } von { $expected }
said-disruption-MinAvailable = minAvailable { $min }
said-disruption-NoBound = keine Grenze
said-disruption-Healthy = { $healthy } von { $pods } gesund
said-disruption-AllowEvictions = { $allowed ->
        [one] { $allowed } Eviction
       *[other] { $allowed } Evictions
    } erlauben
said-disruption-AllowNone = keine Eviction erlauben: Drains warten
said-disruption-CountExpected = die Pods zählen, die das Budget erwartet
said-disruption-NoScale = { $resource } hat keine Scale-Subresource
said-disruption-NoControllers = keinen Controller für Pod „{ $pod }“ gefunden
said-disruption-FailSafe = keine Eviction erlauben (Fail-safe)

## quota: engine/src/controllers/resourcequota.rs (a ResourceQuota's used resources)

said-quota-Hold = Namespace { $namespace } begrenzt auf { $hard }
said-quota-InUse = belegt: { $used }
said-quota-RecordUsage = die Belegung festhalten

## namespace: engine/src/controllers/namespace.rs (a deleted namespace emptied, then let go)

said-namespace-Empty = Namespace { $namespace } leer, dann weg
said-namespace-StillThere = { $left } noch da
said-namespace-Objects = { $count } { $resource }
said-namespace-DeleteRest = den Rest löschen; in { $seconds } s wieder nachsehen
said-namespace-NothingLeft = nichts mehr darin
said-namespace-RemoveFinalizer = den Finalizer kubernetes entfernen: der Namespace geht

## serviceaccount: engine/src/controllers/serviceaccount.rs (every namespace's default account)

said-serviceaccount-HasDefault = ServiceAccount default im Namespace { $namespace }
said-serviceaccount-Missing = keiner da
said-serviceaccount-CreateDefault = ServiceAccount default erstellen

## endpoints: engine/src/controllers/endpoints.rs, engine/src/controllers/endpoints (the Endpoints controller) and engine/src/controllers/endpointslice (the EndpointSlice controller)

said-endpoints-Pods = { $pods ->
        [one] { $pods } Pod
       *[other] { $pods } Pods
    }, { $ready } bereit
said-endpoints-PodsTerminating = { $pods ->
        [one] { $pods } Pod
       *[other] { $pods } Pods
    }, { $ready } bereit, { $terminating } terminierend
said-endpoints-AddressEach = die Adresse jedes Pods mit Selector { $selector }
said-endpoints-CreateEndpoints = die Endpoints { $name } mit { $addresses } erstellen
said-endpoints-UpdateEndpoints = die Endpoints { $name } mit { $addresses } aktualisieren
said-endpoints-NoAddresses = null Adressen
said-endpoints-Addresses = Adressen ({ $ready } bereit, { $not_ready } nicht bereit)
said-endpoints-OnlyForServices = Endpoints nur für bestehende Services
said-endpoints-ServiceGone = Service { $service } ist weg
said-endpoints-DeleteEndpoints = die Endpoints { $name } löschen
said-endpoints-EndpointEach = ein Endpoint für jeden Pod mit Selector { $selector }
said-endpoints-Write = { $endpoints } schreiben
said-endpoints-WriteSlices = { $endpoints } schreiben: { $slices }
said-endpoints-NoEndpoints = keine Endpoints
said-endpoints-EndpointCounts = Endpoints ({ $ready } bereit, { $not_ready } nicht bereit)
said-endpoints-EndpointCountsTerminating = Endpoints ({ $ready } bereit, { $not_ready } nicht bereit, { $terminating } terminierend)
said-endpoints-CreateSlice = Slice { $slice } erstellen
said-endpoints-UpdateSlice = Slice { $slice } aktualisieren
said-endpoints-DeleteSlice = Slice { $slice } löschen
said-endpoints-CreateSlicesNamed = { $count ->
        [one] { $count } Slice
       *[other] { $count } Slices
    } { $names } erstellen
said-endpoints-UpdateSlicesNamed = { $count ->
        [one] { $count } Slice
       *[other] { $count } Slices
    } { $names } aktualisieren
said-endpoints-DeleteSlicesNamed = { $count ->
        [one] { $count } Slice
       *[other] { $count } Slices
    } { $names } löschen
said-endpoints-CreateSlices = { $count ->
        [one] { $count } Slice
       *[other] { $count } Slices
    } erstellen
said-endpoints-UpdateSlices = { $count ->
        [one] { $count } Slice
       *[other] { $count } Slices
    } aktualisieren
said-endpoints-DeleteSlices = { $count ->
        [one] { $count } Slice
       *[other] { $count } Slices
    } löschen

## proxy: engine/src/controllers/kubeproxy.rs (kube-proxy's rules per Service)

said-proxy-NoService = kein Service
said-proxy-RulesProgrammed = Regeln noch programmiert
said-proxy-RemoveRules = seine Regeln entfernen
said-proxy-RouteToReady = Traffic an bereite Endpoints
said-proxy-Endpoints = { $endpoints ->
        [one] { $endpoints } Endpoint
       *[other] { $endpoints } Endpoints
    }, { $ready } bereit
said-proxy-NoClusterIp = keine Regeln: der Service hat keine Cluster-IP
said-proxy-Reject = Traffic an { $ip } abweisen: keine Endpoints
said-proxy-SendTo = { $ip } an { $backends } leiten
said-proxy-SendToMore = { $ip } an { $backends } und { $more ->
        [one] { $more } weiteren
       *[other] { $more } weitere
    } leiten
said-proxy-Terminating = { $action } (terminierend, keiner bereit)

## gc: engine/src/controllers/gc.rs (the garbage collector: dangling owners, foreground deletion, orphaning)

said-gc-LiveOwnersOnly = Owner-Referenzen nur auf lebende Owner
said-gc-SomeOwnersGone = Owner { $gone } weg, { $alive } noch da
said-gc-RemoveStaleRefs = die veralteten Owner-Referenzen entfernen
said-gc-NoOrphans = keine abhängigen Objekte ohne Owner
said-gc-OwnerGone = Owner { $owners } ist weg
said-gc-OwnerDeleting = Owner { $owners } wird im Vordergrund gelöscht
said-gc-Delete = { $kind } { $name } löschen ({ $cascade })
said-gc-DependentsFirst = abhängige Objekte vor dem Owner gelöscht
said-gc-NoBlockingLeft = keine blockierenden abhängigen Objekte mehr
said-gc-RemoveFinalizer = den Finalizer { $finalizer } entfernen
said-gc-KeepDependents = abhängige Objekte bleiben, Owner gelöscht
said-gc-PointHere = { $dependents ->
        [one] { $dependents } abhängiges Objekt zeigt
       *[other] { $dependents } abhängige Objekte zeigen
    } noch hierher
said-gc-Unlink = die Owner-Referenz aus jedem abhängigen Objekt entfernen, dann den Finalizer orphan

## node: engine/src/controllers/nodelifecycle.rs (silent nodes marked and tainted, their pods evicted, pods of removed nodes collected)

said-node-HeartbeatEvery = ein Kubelet-Heartbeat mindestens alle { $seconds } s
said-node-NoHeartbeat = seit { $seconds } s kein Heartbeat
said-node-MarkUnknown = Ready=Unknown setzen, Taint unreachable setzen (NoSchedule, NoExecute)
said-node-NodeReady = Node Ready
said-node-Reporting = Kubelet meldet sich wieder
said-node-MarkReady = Ready=True setzen, Taints entfernen
said-node-NoPodsAfter = nach { $seconds } s keine Pods auf einem unerreichbaren Node
said-node-PodsStill = { $pods ->
        [one] { $pods } Pod noch da
       *[other] { $pods } Pods noch da
    }
said-node-Evict = { $pods ->
        [one] { $pods } Pod
       *[other] { $pods } Pods
    } räumen
said-node-OnExistingNodes = Pods nur auf existierenden Nodes
said-node-BoundToGone = an { $node } gebunden, den es nicht mehr gibt
said-node-ForceDelete = sofort löschen (Frist 0)

## scheduler: engine/src/controllers/scheduler.rs (binding pending pods to nodes)

said-scheduler-OnANode = Pod auf einem Node
said-scheduler-Unscheduled = nicht eingeplant; { $nodes }
said-scheduler-UnscheduledNoNodes = nicht eingeplant; keine Nodes
said-scheduler-UnscheduledEmptiest = nicht eingeplant; { $nodes ->
        [one] { $nodes } Node
       *[other] { $nodes } Nodes
    }, der leerste passende ist { $node } mit { $pods ->
        [one] { $pods } Pod
       *[other] { $pods } Pods
    }
said-scheduler-NodeHasPods = { $node } hat { $pods ->
        [one] { $pods } Pod
       *[other] { $pods } Pods
    }
said-scheduler-NodeHas = { $node } hat { $pods }
said-scheduler-NodeUnschedulable = { $node }: nicht einplanbar (unschedulable)
said-scheduler-NodeTainted = { $node }: nicht tolerierter Taint {"{"}{ $key }: { $value }{"}"}
said-scheduler-NodeNotMatching = { $node }: passt nicht zur Node-Affinität/zum Selector des Pods
said-scheduler-NodeFull = { $node }: zu viele Pods
said-scheduler-LeavePending = Pending lassen; erneut versuchen, wenn sich Nodes ändern, frühestens nach { $seconds } s
said-scheduler-Bind = an { $node } binden

## watch: engine/src/world/lost.rs (a loop that lost a watch event)

said-watch-EachEvent = jedes Watch-Ereignis für { $kind } { $name }
said-watch-Lost = Watch-Ereignis für { $kind } { $name } verloren ({ $event })
said-watch-NoticeAtResync = der { $controller } bemerkt es beim nächsten Resync in { $seconds } s

