//! The loops' phrases in the page's languages: every phrase the engine can say has its
//! message in every language but English (whose words are the engine's own), with the
//! phrase's fields as its arguments; and a real run's decisions read in German.

use std::collections::{BTreeMap, BTreeSet};

use kubeloop::controllers::said::{KubeletSaid, WatchSaid};
use kubeloop::controllers::Said;

use super::files::{DE, DECISIONS, NAMES};
use super::tests::messages;
use super::{Lang, Words};

fn declared() -> BTreeMap<String, BTreeSet<String>> {
    Said::messages()
        .map(|(id, args)| (id.to_string(), args.iter().map(|a| a.to_string()).collect()))
        .collect()
}

#[test]
fn every_phrase_has_its_message_with_its_fields_and_no_other() {
    let german = messages("de", DECISIONS, DE[NAMES.len()]);
    let declared = declared();
    assert!(declared.len() > 150, "the loops say {} phrases", declared.len());
    for (id, fields) in &declared {
        let found = german.get(id);
        assert!(found.is_some(), "locales/de/decisions.ftl lacks {id}");
        assert_eq!(found, Some(fields), "{id}: the message's variables are the phrase's fields");
    }
    let stale: Vec<&String> = german.keys().filter(|id| !declared.contains_key(*id)).collect();
    assert!(stale.is_empty(), "messages for phrases no loop has: {stale:?}");
}

#[test]
fn a_phrase_is_said_in_the_page_language_with_its_plural_and_nested_parts() {
    let again = |restarts| KubeletSaid::ExitedAgain { container: "web".into(), restarts };
    let on_node = |seen: KubeletSaid| -> Said {
        KubeletSaid::OnNode { node: "node-2".into(), seen: Box::new(seen.into()) }.into()
    };
    let (en, de) = (Words::new(Lang::En), Words::new(Lang::De));
    assert_eq!(en.said(&on_node(again(1))), "node-2: container web exited again after 1 restart");
    assert_eq!(de.said(&on_node(again(1))), "node-2: Container web nach 1 Neustart wieder beendet");
    assert_eq!(de.said(&again(3).into()), "Container web nach 3 Neustarts wieder beendet");
    let lost = WatchSaid::NoticeAtResync { controller: "replicaset".into(), seconds: 30 };
    assert_eq!(de.said(&lost.into()), "der replicaset bemerkt es beim nächsten Resync in 30 s");
    // Kubernetes' own words stay as it wrote them.
    let cluster = Said::cluster("configmap \"settings\" not found");
    assert_eq!(de.said(&cluster), "configmap \"settings\" not found");
}

/// The lesson's loops, run: every decision they record reads in German with every argument
/// filled, and differs from the English wherever the phrase has words of its own.
#[test]
fn a_run_of_the_lesson_reads_in_german() {
    let mut sim = crate::sim::Sim::new(7);
    for line in [
        "k create deployment web --image=nginx:1.27 --replicas=3",
        "k scale deployment web --replicas=5",
        "k set image deployment/web nginx=nginx:1.28",
        "k delete pod --all",
    ] {
        sim.run_command(line);
        for _ in 0..60 {
            sim.step_action();
        }
    }
    let de = Words::new(Lang::De);
    let decisions: Vec<_> = sim.world().decisions.iter().collect();
    assert!(decisions.len() > 50, "{} decisions", decisions.len());
    let mut differ = 0;
    for d in decisions {
        for said in [&d.desired, &d.observed, &d.action] {
            let german = de.said(said);
            assert!(!german.contains('{') && !german.is_empty(), "{said:?} said as {german:?}");
            assert!(!german.contains("said-"), "{said:?} has no message: {german}");
            differ += usize::from(german != said.to_string());
        }
    }
    assert!(differ > 100, "only {differ} phrases read differently in German");
}

/// Live mode against `kubeloop serve` reads decisions over the API: they say the same in
/// German as the sandbox's own.
#[test]
fn a_decision_read_over_the_api_reads_as_the_sandbox_says_it() {
    use kubeloop::api::decisions::{from_json, to_json};
    let mut sim = crate::sim::Sim::new(3);
    sim.run_command("k create deployment web --image=nginx:1.27 --replicas=2");
    for _ in 0..30 {
        sim.step_action();
    }
    let de = Words::new(Lang::De);
    let mut read = 0;
    for (seq, d) in sim.world().decisions.iter().enumerate() {
        let (back, _) = from_json(&to_json(d, seq as u64)).expect("a decision");
        for (sent, got) in
            [(&d.desired, &back.desired), (&d.observed, &back.observed), (&d.action, &back.action)]
        {
            assert_eq!(de.said(got), de.said(sent));
            read += usize::from(got.id().is_some());
        }
    }
    assert!(read > 20, "{read} phrases crossed typed");
}
