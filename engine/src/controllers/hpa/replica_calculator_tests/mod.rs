//! The CPU vectors of pkg/controller/podautoscaler/replica_calculator_test.go, each named
//! after its `TestReplicaCalc*` function. Upstream's fixture gives every pod two containers
//! with the same request and reports `level` for each, so a pod's sample is twice its level
//! and the raw value twice the average level (`numContainersPerPod * x`).

use super::replica_calculator::*;

mod missing;

const NOW: i64 = 10_000_000_000;
/// Go's zero `time.Time`, which upstream's fixture leaves in start times, transition times
/// and sample timestamps it does not set: far before `NOW`.
const ZERO: i64 = 0;
const HOT: i64 = NOW; // hotCPUCreationTime: time.Now()
const COOL: i64 = NOW - 3 * 60_000; // coolCPUCreationTime: three minutes ago

/// replica_calculator.go's test constants (2 min initialization, 10 s readiness delay).
const TESTING: Tuning = Tuning {
    tolerance: 0.1,
    cpu_initialization_period_ms: 2 * 60_000,
    initial_readiness_delay_ms: 10_000,
};

#[derive(Default)]
struct Case {
    current: i32,
    requests: Vec<i64>,
    levels: Vec<i64>,
    pod_names: Vec<&'static str>,
    readiness: Vec<bool>,
    start: Vec<i64>,
    phase: Vec<Phase>,
    deleting: Vec<bool>,
    target: i32,
}

impl Case {
    fn pods(&self) -> Vec<PodInfo> {
        let count = (self.current as usize).max(self.phase.len());
        (0..count)
            .map(|i| {
                let request = self.requests.get(i).copied();
                let container =
                    |n: &str| ContainerRequest { name: n.into(), request_milli: request };
                PodInfo {
                    name: format!("test-pod-{i}"),
                    phase: self.phase.get(i).copied().unwrap_or(Phase::Running),
                    deleting: self.deleting.get(i).copied().unwrap_or(false),
                    start_time_ms: Some(self.start.get(i).copied().unwrap_or(ZERO)),
                    ready: Some(ReadyCondition {
                        status: if self.readiness.get(i).copied().unwrap_or(true) {
                            ConditionStatus::True
                        } else {
                            ConditionStatus::False
                        },
                        last_transition_ms: ZERO,
                    }),
                    containers: vec![container("container0"), container("container1")],
                }
            })
            .collect()
    }

    fn samples(&self) -> Samples {
        self.levels
            .iter()
            .enumerate()
            .map(|(i, level)| {
                let name = match self.pod_names.get(i) {
                    Some(n) => n.to_string(),
                    None => format!("test-pod-{i}"),
                };
                (
                    name,
                    MetricSample { value_milli: 2 * level, timestamp_ms: ZERO, window_ms: 60_000 },
                )
            })
            .collect()
    }

    fn run(&self) -> Result<ResourceReplicas, CalcError> {
        let (pods, samples) = (self.pods(), self.samples());
        resource_replicas(self.current, self.target, Resource::Cpu, &pods, &samples, NOW, &TESTING)
    }

    /// Expects (replicas, utilization, raw value).
    fn expect(&self, replicas: i32, utilization: i32, raw: i64) {
        let got = self.run().expect("a replica count");
        assert_eq!(
            (got.replicas, got.utilization, got.raw_average_milli),
            (replicas, utilization, raw)
        );
    }
}

fn ones(n: usize) -> Vec<i64> {
    vec![1000; n]
}

use Phase::{Failed, Pending, Running};

#[test]
fn test_replica_calc_disjoint_resources_metrics() {
    let c = Case {
        current: 1,
        requests: ones(1),
        levels: vec![100],
        pod_names: vec!["an-older-pod-name"],
        target: 100,
        ..Case::default()
    };
    // The sample belongs to no listed pod, so no sample meets a request.
    assert_eq!(c.run().unwrap_err().0, "no metrics returned matched known pods");
}

#[test]
fn test_replica_calc_scale_up() {
    Case {
        current: 3,
        requests: ones(3),
        levels: vec![300, 500, 700],
        target: 30,
        ..Case::default()
    }
    .expect(5, 50, 2 * 500);
}

#[test]
fn test_replica_calc_scale_up_unready_less_scale() {
    let c = Case {
        current: 3,
        requests: ones(3),
        levels: vec![300, 500, 700],
        readiness: vec![false, true, true],
        target: 30,
        ..Case::default()
    };
    c.expect(4, 60, 2 * 600);
}

#[test]
fn test_replica_calc_scale_up_hot_cpu_less_scale() {
    let c = Case {
        current: 3,
        requests: ones(3),
        levels: vec![300, 500, 700],
        start: vec![HOT, COOL, COOL],
        target: 30,
        ..Case::default()
    };
    c.expect(4, 60, 2 * 600);
}

#[test]
fn test_replica_calc_scale_up_unready_no_scale() {
    let c = Case {
        current: 3,
        requests: ones(3),
        levels: vec![400, 500, 700],
        readiness: vec![true, false, false],
        target: 30,
        ..Case::default()
    };
    c.expect(3, 40, 2 * 400);
}

#[test]
fn test_replica_calc_scale_hot_cpu_no_scale() {
    let c = Case {
        current: 3,
        requests: ones(3),
        levels: vec![400, 500, 700],
        readiness: vec![true, false, false],
        start: vec![COOL, HOT, HOT],
        target: 30,
        ..Case::default()
    };
    c.expect(3, 40, 2 * 400);
}

#[test]
fn test_replica_calc_scale_up_ignores_failed_pods() {
    let c = Case {
        current: 2,
        requests: ones(4),
        levels: vec![500, 700],
        readiness: vec![true, true, false, false],
        phase: vec![Running, Running, Failed, Failed],
        target: 30,
        ..Case::default()
    };
    c.expect(4, 60, 2 * 600);
}

#[test]
fn test_replica_calc_scale_up_ignores_deletion_pods() {
    let c = Case {
        current: 2,
        requests: ones(4),
        levels: vec![500, 700],
        readiness: vec![true, true, false, false],
        phase: vec![Running; 4],
        deleting: vec![false, false, true, true],
        target: 30,
        ..Case::default()
    };
    c.expect(4, 60, 2 * 600);
}

#[test]
fn test_replica_calc_scale_down() {
    Case {
        current: 5,
        requests: ones(5),
        levels: vec![100, 300, 500, 250, 250],
        target: 50,
        ..Case::default()
    }
    .expect(3, 28, 2 * 280);
}

#[test]
fn test_replica_calc_scale_down_include_unready_pods() {
    let c = Case {
        current: 5,
        requests: ones(5),
        levels: vec![100, 300, 500, 250, 250],
        readiness: vec![true, true, true, false, false],
        target: 50,
        ..Case::default()
    };
    c.expect(2, 30, 2 * 300);
}

#[test]
fn test_replica_calc_scale_down_exclude_unscheduled_pods() {
    let c = Case {
        current: 5,
        requests: ones(5),
        levels: vec![100],
        readiness: vec![true, false, false, false, false],
        phase: vec![Running, Pending, Pending, Pending, Pending],
        target: 50,
        ..Case::default()
    };
    c.expect(1, 10, 2 * 100);
}

#[test]
fn test_replica_calc_scale_down_ignore_hot_cpu_pods() {
    let c = Case {
        current: 5,
        requests: ones(5),
        levels: vec![100, 300, 500, 250, 250],
        start: vec![COOL, COOL, COOL, HOT, HOT],
        target: 50,
        ..Case::default()
    };
    c.expect(2, 30, 2 * 300);
}

#[test]
fn test_replica_calc_scale_down_ignores_failed_pods() {
    let mut phase = vec![Running; 5];
    phase.extend([Failed, Failed]);
    let c = Case {
        current: 5,
        requests: ones(7),
        levels: vec![100, 300, 500, 250, 250],
        readiness: vec![true, true, true, true, true, false, false],
        phase,
        target: 50,
        ..Case::default()
    };
    c.expect(3, 28, 2 * 280);
}

#[test]
fn test_replica_calc_scale_down_ignores_deletion_pods() {
    let c = Case {
        current: 5,
        requests: ones(7),
        levels: vec![100, 300, 500, 250, 250],
        readiness: vec![true, true, true, true, true, false, false],
        phase: vec![Running; 7],
        deleting: vec![false, false, false, false, false, true, true],
        target: 50,
        ..Case::default()
    };
    c.expect(3, 28, 2 * 280);
}
