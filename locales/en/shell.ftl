# English

## The language picker

lang-label = Language
lang-hint = the language of the page's own words; kubectl's output stays English

## The top bar

tagline = Change something. Watch the controllers put it back.
clock = t = { $time }
clock-hint = simulated time since the cluster started
clock-live = live
clock-live-hint = a real cluster runs on its own clock: no pause, speed, step or reset
controls-label = simulation controls
more = More
panels-label = panels
panel-feed = Feed
panel-feed-hint = what each loop saw and did, newest first
panel-missions = Missions
panel-missions-hint = guided exercises, checked against the cluster
panel-faults = Faults
panel-faults-hint = stop loops, lose events, fail nodes
panel-yaml = YAML
panel-yaml-hint = export the objects for a real cluster, or import YAML
panel-not-live = { $panel }: not in live mode; Disconnect to use it
connect = Connect
connect-hint = Connect to a cluster: the Kubernetes API at this page's origin (kubeloop serve, or kubectl proxy --www)
disconnect = Disconnect
disconnect-hint = go back to the built-in cluster, as it was
nodes = Nodes
nodes-hint = pods by node, in place of the graph
share = Share
share-hint = a link that rebuilds this cluster, input for input, copied to the clipboard
presenter = Presenter
presenter-hint = large type and a big graph for a projector (key: P; from the command box, Esc then P)

## The playback controls

play-play = Play
play-play-hint = resume the simulation
play-pause = Pause
play-pause-hint = stop the simulated clock
play-speed-label = speed
play-speed-hint = simulated time per real second
play-step = Step
play-step-hint = pause and run the next single controller action
play-seed = seed
play-reset = Reset
play-reset-hint = start again with a fresh cluster: reset --seed N

## The timeline

timeline-label = timeline
timeline-viewing = viewing t = { $at } of { $now }
timeline-time-label = time
timeline-scrub-hint = drag back to see the cluster as it was
timeline-mark = t = { $at }: { $input }
timeline-now = Back to now
timeline-now-hint = return to the live cluster
timeline-fork = Carry on from here
timeline-fork-hint = drop what came after and go on from this moment

## The live connection's status line

live-status-label = live connection
live-status-server = Connected to Kubernetes { $version } at this page's origin · { $state }
live-status-api = Connected to the Kubernetes API at this page's origin · { $state }
live-status-connecting = connecting
live-status-live = live
live-status-reconnecting = reconnecting ({ $why })
live-status-unreadable = { $count ->
    [one] 1 object could not be read
   *[other] { $count } objects could not be read
}
live-status-dropped = { $count ->
    [one] 1 field this page does not know was left out of the objects shown
   *[other] { $count } fields this page does not know were left out of the objects shown
}

## The side column, the undo offer and the share bar

side-inspector = Inspector
side-last-step = Last step
side-close = Close
side-close-label = close the panel
side-close-hint = close the panel (Escape)
side-undo-reset = Reset: the cluster before it is kept until your next command.
side-undo-mission = Mission started: the cluster before it is kept until your next command.
side-undo = Undo
side-dismiss = Dismiss
side-share-copied = Link copied to the clipboard:
side-share-copy = Copy this link:
side-share-label = share link

## The command box (its log is the terminal's and stays English)

cmd-label = command box
cmd-input-label = kubectl command
cmd-stop-waiting = Stop waiting
cmd-stop-waiting-hint = Stop waiting (Ctrl+C); what the server does carries on
cmd-stop-watch = Stop watch
cmd-stop-watch-hint = Stop the watch (Ctrl+C)

## The k edit editor

editor-hint-before = Change the spec or the labels and save: the object is updated in place, as
editor-hint-after = does, and the controllers react. Ctrl+Enter saves, Escape cancels.
editor-label = YAML editor
editor-save = Save
editor-cancel = Cancel

## The picture export

export-label = download the graph as a picture
export-svg-hint = Download the graph as an SVG picture, with its title and time: sharp at any size, for slides and handouts
export-png-hint = Download the graph as a PNG picture at twice its size on screen, for tools that take only bitmaps
export-making = making the picture…
export-fetching = fetching the picture export…
export-failed = error: no { $kind }: { $why }

## The YAML panel: export and import

transfer-label = import and export
transfer-back = Back to the feed
transfer-export = Export
transfer-export-intro = What you would apply to a real cluster: Deployments and objects nothing owns, without the fields the API server sets.
transfer-fetch-failed = error: no export: { $why }; open the panel again to retry
transfer-fetching = Fetching the export…
transfer-empty = Nothing to export yet.
transfer-exported-label = exported YAML
transfer-download = Download
transfer-then = then: kubectl apply -f kubeloop-export.yaml
transfer-import = Import
transfer-import-label = YAML to import
transfer-import-placeholder = Paste manifests here, or drop a .yaml file
transfer-apply = Apply
transfer-apply-hint = runs k apply -f - with this text
transfer-too-big = error: { $file } is { $size } bytes; files over { $max } bytes are not read
transfer-unreadable = error: could not read { $file }
transfer-drop-file = error: drop a YAML file here

## The loading frame (index.html carries these; a test keeps them equal)

loading-tagline = watch Kubernetes reconcile
loading-line = Loading the simulated cluster…
loading-hint = Type a command now: it runs as soon as the cluster is ready.
loading-failed = The simulated cluster could not load. Check the connection, then reload: what you typed is kept.
loading-reload = Reload
