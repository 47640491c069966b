# Rollouts: set image, status, history, undo, pause and resume, restart, scale mid-rollout.
k create deployment web --image=nginx:1.27 --replicas=4
k rollout status deploy/web
k set image deploy/web nginx=nginx:1.28
k rollout status deployment/web
k get rs -l app=web
k rollout history deploy/web
k rollout undo deploy/web
k rollout status deploy/web
k rollout history deploy/web
k get deploy web -o jsonpath='{.metadata.annotations.deployment\.kubernetes\.io/revision}{"\n"}'
k rollout undo deploy/web --to-revision=9
k rollout pause deploy/web
k rollout pause deploy/web
k set image deploy/web nginx=nginx:1.29
settle
k get rs -l app=web
k rollout undo deploy/web
k rollout resume deploy/web
k rollout status deploy/web
k scale deploy/web --replicas=2
settle
k get deploy web
k rollout restart deploy/web
k rollout status deploy/web
k set image deploy/web nginx=nginx:doesnotexist
sleep 30s
k get pods -l app=web
k rollout status deploy/web --timeout=5s
k describe deploy web
k set image deploy/web ghost=nginx:1.27
k scale deploy/web --replicas=-1
k scale deploy/web
