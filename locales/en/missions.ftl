# English

## The panel and its mission list

mission-panel-label = missions
mission-progress = { $done } of { $total } done
mission-start-hint = start this mission on a fresh cluster (reset --seed N)
mission-done = done

## The course picker

course-label = Course
course-select-label = course
course-loaded = Loaded missions

## The active mission

mission-hints-label = hints
mission-show-hint = Show a hint
mission-check = Check my work
mission-check-hint = check the cluster as it is now
mission-checking = Checking…
mission-all = All missions
mission-check-pending = Fetching the missions' checks…
mission-fetching = Fetching the missions…
mission-fetch-failed = The missions could not be fetched (offline?).
mission-fetch-again = Try again

## A check's verdict (each line after the mark is the check's own text)

mission-pass = PASS
mission-fail = FAIL
mission-met = met:
mission-not-yet = not yet:

## Predict first (the question and the answer are the mission's own text)

predict-head = Predict first
predict-input-label = your prediction
predict-answer = Answer:
predict-you-said = (you said { $answer })
predict-reveal = Reveal

## Your own mission or course file

mission-load-summary = Your own mission or course
mission-load-draft-label = mission or course file
mission-load-placeholder = Paste a mission or course file (YAML), or drop one here
mission-load = Load
mission-load-choose = Choose a file…
mission-load-choose-label = choose a mission or course file
mission-load-no-file = error: drop a mission or course file here
mission-load-format-hint = The format: docs/missions.md. Errors name the line and column.
