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
