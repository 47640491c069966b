# German

## The panel and its mission list

mission-panel-label = Aufgaben
mission-progress = { $done } von { $total } geschafft
mission-start-hint = starte diese Aufgabe auf einem frischen Cluster (reset --seed N)
mission-done = geschafft

## The course picker

course-label = Kurs
course-select-label = Kurs
course-loaded = Geladene Aufgaben

## The active mission

mission-hints-label = Tipps
mission-show-hint = Zeig mir einen Tipp
mission-check = Prüf meine Lösung
mission-check-hint = prüft den Cluster, wie er gerade ist
mission-checking = Wird geprüft…
mission-all = Alle Aufgaben
mission-check-pending = Die Prüfungen der Aufgaben werden geladen…
mission-fetching = Die Aufgaben werden geladen…
mission-fetch-failed = Die Aufgaben konnten nicht geladen werden (offline?).
mission-fetch-again = Noch einmal versuchen

## A check's verdict (each line after the mark is the check's own text)

mission-pass = GESCHAFFT
mission-fail = NOCH NICHT
mission-met = erfüllt:
mission-not-yet = noch nicht:

## Predict first (the question and the answer are the mission's own text)

predict-head = Erst vorhersagen
predict-input-label = deine Vorhersage
predict-answer = Antwort:
predict-you-said = (du hast { $answer } gesagt)
predict-reveal = Auflösen

## Your own mission or course file

mission-load-summary = Deine eigene Aufgabe oder dein eigener Kurs
mission-load-draft-label = Aufgaben- oder Kursdatei
mission-load-placeholder = Füg eine Aufgaben- oder Kursdatei (YAML) ein oder zieh sie hierher
mission-load = Laden
mission-load-choose = Datei auswählen…
mission-load-choose-label = wähl eine Aufgaben- oder Kursdatei aus
mission-load-no-file = Fehler: Zieh eine Aufgaben- oder Kursdatei hierher
mission-load-format-hint = Das Format steht in docs/missions.md. Fehlermeldungen nennen Zeile und Spalte.
