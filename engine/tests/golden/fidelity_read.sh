# Reading verbs as kubectl 1.34 prints them: get on empty results, watch headers, label
# selectors the API server refuses, describe by name prefix, wait, events and rollout errors.
#
# Row 4. get.go printGeneric: no results still make a v1 List (metadata.resourceVersion "",
# from the List it composes); -o name prints nothing; no "No resources found" for any of them.
k get pods -o yaml
# get.go printGeneric (JSONPrinter, four-space indent).
k get pods -o json
# get.go printGeneric: the name printer prints one line per item, here none.
k get pods -o name
# get.go printGeneric: the template runs over the empty List; {.items} is [] (no newline).
k get pods -o jsonpath='{.items}'
# client-go jsonpath over an empty list prints nothing.
k get pods -o jsonpath='{.items[*].metadata.name}'
# cli-runtime printers/jsonpath.go PrintObj: an index past the empty list fails, followed by
# the template and the object as Go's %#v shows it.
k get pods -o jsonpath='{.items[0].metadata.name}'
# get.go Run: the human-readable printer wrote nothing, so "No resources found" (stderr).
k get pods
# Row 5. get.go watch prints no "No resources found"; an empty initial list prints nothing.
timeout 3s k get pods -w
# get.go watch prints the initial list item by item, so an empty one prints no List.
timeout 3s k get pods -w -o yaml
# Row 7. describe.go ToOptions: "You must specify the type of resource to describe. %s\n",
# SuggestAPIResources (checked against kubectl 1.33: one "error: " line).
k describe
# Row 10. rollout_undo.go / rollout_status.go Complete: "required resource not specified".
k rollout undo
k rollout status
# rollout_history.go, rollout_pause.go, rollout_resume.go, rollout_restart.go: the same.
k rollout history
k rollout restart
# rollout_status.go Run: a bare type is a collection and status wants exactly one object.
k rollout status deployment
# Row 3. wait.go conditionFuncFor: unrecognized condition: %q, before any object is read.
k wait deploy/web
# Row 2. wait.go RunWait: NotFound is ignored for --for=delete and nothing matching is fine.
k wait --for=delete pod/gone
# wait.go RunWait through the resource builder: no resources named at all.
k wait --for=condition=Ready
k create deployment web --image=nginx:1.27 --replicas=2
sleep 1s
# Row 1. condition.go getObjAndCheckCondition: a zero timeout checks once and fails with
# "condition not met for %s", info.ObjectName() being pods/NAME; exit status 1.
k wait --for=condition=Ready $(k get pods -l app=web -o name | head -1) --timeout=0s || echo failed
# wait.go IsDeleted with a zero timeout: the object is still there.
k wait --for=delete deploy/web --timeout=0s
# visitor.go ContinueOnErrorVisitor + helpers.go MultipleErrors: several errors print one a
# line, and those that are not API errors without "error: ".
k wait --for=condition=Ready pods -l app=web --timeout=0s
# Row 8. cli-runtime resource/selector.go EnhanceListError over the API server's 400 for a
# selector labels.Parse rejects ("/v1, Resource=pods" is GroupVersionResource.String).
k get pods -l 'app in (web'
# The same for apps/v1; printGeneric still prints the empty List before the error.
k get deploy -l 'app in (web' -o yaml
# describe.go Run: the builder's list fails the same way.
k describe pods -l 'app in (web'
# Row 5. tableprinter.go printedHeaders: the watch started on an empty list, so the header
# comes with the first event.
k create deployment api --image=nginx:1.27 && timeout 5s k get pods -l app=api -w
# Once the pods are Ready the condition is met, each printed as "pod/NAME condition met".
k wait --for=condition=Ready pods -l app=web
# visitor.go ContinueOnErrorVisitor + helpers.go MultipleErrors: several errors, one a line.
k wait --for=condition=Ready pod/nosuch pod/other --timeout=0s
settle
# Row 6. describe.go DescribeMatchingResources: `describe TYPE NAME` that is NotFound
# describes every object whose name starts with NAME, each followed by "\n", without events.
k describe deploy we
# With no object by that prefix the NotFound stands.
k describe pod nosuch
# describe.go Run: several objects are separated by a blank line and shown without events.
k describe deploy
# Row 9. events.go Run + event_printer.go: LAST SEEN, TYPE, REASON, Kind/name, MESSAGE,
# sorted by lastTimestamp.
k events --for deploy/web
k events --for deployment/api --types=Normal
# events.go Validate / ToOptions.
k events --types=Critical
k events --for web
# events.go Run: nothing left after --types.
k events --types=Warning
k events -A --for deploy/web
# events.go runWatch: synthetic ADDED events for what exists (server order), then new ones;
# the header comes with the first line, and deletions are not printed.
k scale deploy web --replicas=3; timeout 5s k events -w --for deploy/web
# events.go ToOptions: NewPrintFlags("events") has no table printer (checked against kubectl
# 1.33), and Run prints the sorted, filtered EventList (kind EventList, metadata {}).
k events -o wide
k events --for deploy/web -o jsonpath='{.kind} {.items[*].reason}'
k events --for deploy/web --types=Normal -o name
# rollout_status.go Run, then polymorphichelpers StatusViewerFor: two Deployments are too many;
# other kinds print as a GroupKind once the builder has fetched them.
k rollout status deploy
k rollout status rs/$(k get rs -l app=web -o jsonpath='{.items[0].metadata.name}')
# cli-runtime printers/yaml.go: in a watch each object after the first starts with "---".
k scale deploy web --replicas=4; timeout 3s k get deploy web -w -o yaml | grep -v '^ '
