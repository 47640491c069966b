# German

## The language picker

lang-label = Sprache
lang-hint = die Sprache der Seite; die Ausgaben von kubectl bleiben englisch, wie bei kubectl selbst

## The top bar

tagline = Ändere etwas. Sieh zu, wie die Controller es wiederherstellen.
clock = t = { $time }
clock-hint = simulierte Zeit seit dem Start des Clusters
clock-live = live
clock-live-hint = ein echter Cluster läuft nach seiner eigenen Uhr: kein Anhalten, kein Tempo, kein Einzelschritt, kein Zurücksetzen
controls-label = Steuerung der Simulation
more = Mehr
panels-label = Bereiche
panel-feed = Verlauf
panel-feed-hint = was jede Schleife gesehen und getan hat, das Neueste zuerst
panel-missions = Aufgaben
panel-missions-hint = angeleitete Übungen, am Cluster überprüft
panel-faults = Störungen
panel-faults-hint = Schleifen anhalten, Ereignisse verlieren, Nodes ausfallen lassen
panel-yaml = YAML
panel-yaml-hint = die Objekte für einen echten Cluster exportieren oder YAML importieren
panel-not-live = { $panel }: nicht im Live-Modus; trenne die Verbindung, um ihn zu nutzen
connect = Verbinden
connect-hint = Mit einem Cluster verbinden: der Kubernetes-API am Ursprung dieser Seite (kubeloop serve oder kubectl proxy --www)
disconnect = Trennen
disconnect-hint = zurück zum eingebauten Cluster, wie er war
nodes = Nodes
nodes-hint = Pods nach Node, anstelle des Graphen
share = Teilen
share-hint = ein Link, der diesen Cluster Eingabe für Eingabe nachbaut, in die Zwischenablage kopiert
presenter = Präsentation
presenter-hint = große Schrift und ein großer Graph für einen Beamer (Taste: P; aus der Befehlszeile: Esc, dann P)
