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
panel-not-live = { $panel }: nicht im Live-Modus; trenne die Verbindung, um das zu nutzen
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

## The playback controls

play-play = Abspielen
play-play-hint = die Simulation weiterlaufen lassen
play-pause = Pause
play-pause-hint = die simulierte Uhr anhalten
play-speed-label = Tempo
play-speed-hint = simulierte Zeit pro echter Sekunde
play-step = Schritt
play-step-hint = anhalten und die nächste einzelne Aktion eines Controllers ausführen
play-seed = Seed
play-reset = Zurücksetzen
play-reset-hint = mit einem frischen Cluster neu anfangen: reset --seed N

## The timeline

timeline-label = Zeitleiste
timeline-viewing = du siehst t = { $at } von { $now }
timeline-time-label = Zeit
timeline-scrub-hint = zieh zurück, um den Cluster zu sehen, wie er damals war
timeline-mark = t = { $at }: { $input }
timeline-now = Zurück zu jetzt
timeline-now-hint = zurück zum laufenden Cluster
timeline-fork = Von hier aus weiter
timeline-fork-hint = verwerfen, was danach kam, und von diesem Moment aus weitermachen

## The live connection's status line

live-status-label = Live-Verbindung
live-status-server = Verbunden mit Kubernetes { $version } am Ursprung dieser Seite · { $state }
live-status-api = Verbunden mit der Kubernetes-API am Ursprung dieser Seite · { $state }
live-status-connecting = Verbindung wird aufgebaut
live-status-live = live
live-status-reconnecting = Verbindung wird neu aufgebaut ({ $why })
live-status-unreadable = { $count ->
    [one] ein Objekt konnte nicht gelesen werden
   *[other] { $count } Objekte konnten nicht gelesen werden
}
live-status-dropped = { $count ->
    [one] ein Feld, das diese Seite nicht kennt, wurde in den gezeigten Objekten weggelassen
   *[other] { $count } Felder, die diese Seite nicht kennt, wurden in den gezeigten Objekten weggelassen
}

## The side column, the undo offer and the share bar

side-inspector = Inspektor
side-last-step = Letzter Schritt
side-close = Schließen
side-close-label = den Bereich schließen
side-close-hint = den Bereich schließen (Esc)
side-undo-reset = Zurückgesetzt: Der Cluster von vorher bleibt bis zu deinem nächsten Befehl aufgehoben.
side-undo-mission = Aufgabe gestartet: Der Cluster von vorher bleibt bis zu deinem nächsten Befehl aufgehoben.
side-undo = Rückgängig
side-dismiss = Ausblenden
side-share-copied = Link in die Zwischenablage kopiert:
side-share-copy = Kopiere diesen Link:
side-share-label = Link zum Teilen

## The command box (its log is the terminal's and stays English)

cmd-label = Befehlszeile
cmd-input-label = kubectl-Befehl
cmd-stop-waiting = Warten beenden
cmd-stop-waiting-hint = Warten beenden (Strg+C); was der Server tut, läuft weiter
cmd-stop-watch = Watch beenden
cmd-stop-watch-hint = den Watch beenden (Strg+C)

## The k edit editor

editor-hint-before = Ändere die Spec oder die Labels und speichere: Das Objekt wird direkt geändert, wie es
editor-hint-after = tut, und die Controller reagieren. Strg+Enter speichert, Esc bricht ab.
editor-label = YAML-Editor
editor-save = Speichern
editor-cancel = Abbrechen

## The picture export

export-label = den Graphen als Bild herunterladen
export-svg-hint = Den Graphen als SVG-Bild herunterladen, mit Titel und Zeit: scharf in jeder Größe, für Folien und Handouts
export-png-hint = Den Graphen als PNG-Bild in doppelter Bildschirmgröße herunterladen, für Programme, die nur Pixelbilder nehmen
export-making = Bild wird erstellt …
export-fetching = Bildexport wird geladen …
export-failed = Fehler: kein { $kind }: { $why }

## The YAML panel: export and import

transfer-label = Import und Export
transfer-back = Zurück zum Verlauf
transfer-export = Export
transfer-export-intro = Das, was du auf einen echten Cluster anwenden würdest: Deployments und Objekte, die niemandem gehören, ohne die Felder, die der API-Server setzt.
transfer-fetch-failed = Fehler: kein Export: { $why }; öffne den Bereich noch einmal, um es erneut zu versuchen
transfer-fetching = Export wird geladen …
transfer-empty = Noch nichts zu exportieren.
transfer-exported-label = exportiertes YAML
transfer-download = Herunterladen
transfer-then = danach: kubectl apply -f kubeloop-export.yaml
transfer-import = Import
transfer-import-label = YAML zum Importieren
transfer-import-placeholder = Füge hier Manifeste ein oder zieh eine .yaml-Datei hierher
transfer-apply = Anwenden
transfer-apply-hint = führt k apply -f - mit diesem Text aus
transfer-too-big = Fehler: { $file } ist { $size } Bytes groß; Dateien über { $max } Bytes werden nicht gelesen
transfer-unreadable = Fehler: { $file } konnte nicht gelesen werden
transfer-drop-file = Fehler: zieh eine YAML-Datei hierher

## The loading frame (index.html carries these; a test keeps them equal)

loading-tagline = sieh Kubernetes beim Reconciling zu
loading-line = Der simulierte Cluster wird geladen…
loading-hint = Tippe schon jetzt einen Befehl: Er läuft, sobald der Cluster bereit ist.
loading-failed = Der simulierte Cluster konnte nicht geladen werden. Prüfe die Verbindung und lade neu: Was du getippt hast, bleibt erhalten.
loading-reload = Neu laden
