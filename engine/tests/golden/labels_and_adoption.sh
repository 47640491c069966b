# Labels are the wiring: release a pod by relabelling it, adopt it back, and label errors.
k create deployment web --image=nginx:1.27 --replicas=2
settle
k label $(k get pods -l app=web -o name | head -1) app=debug --overwrite
settle
k get pods --show-labels
k get pods -l app=debug -o jsonpath='{.items[0].metadata.ownerReferences}{"\n"}'
k label pods -l app=debug app=web
k label pods -l app=debug app=web --overwrite
settle
k get pods -l app=web
k label deploy web tier=frontend
k label deploy web tier-
k label deploy web tier-
k label deploy web Bad_Key!=x
k label deploy web team=a_very_long_value_that_goes_on_and_on_and_on_past_the_sixty_three_limit
