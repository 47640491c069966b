//! Missions and courses in several languages: the words laid over a file's own, and the
//! mistakes a translator can make, reported where they stand.

use super::*;

const TRANSLATED: &str = "\
name: mine
title: Scale it
goal: Scale web to two.
hints: [k scale deploy web --replicas=2]
solution: k scale deploy web --replicas=2
setup: k create deployment web --image=nginx:1.27
predict:
- question: How many pods?
  answer: '2'
  explain: two were asked for
checks:
- kind: pods
  selector: app=web
  count: 2
  explain: two web pods run
  hint: Scale the Deployment.
- kind: deployments
  name: web
  explain: web is still there
translations:
  de:
    title: Skaliere es
    hints: [Probier k scale.]
    predict:
    - question: Wie viele Pods?
    checks:
    - explain: zwei web-Pods laufen
  pt-BR:
    goal: Escale web para dois.
";

fn error(text: &str) -> FileError {
    read(text).expect_err("the file is refused")
}

#[test]
fn a_page_in_a_language_the_file_has_shows_its_words_and_the_rest_as_written() {
    let m = read_mission(TRANSLATED).unwrap();
    let de = m.in_language("de");
    assert_eq!(de.title, "Skaliere es");
    assert_eq!(de.goal, "Scale web to two.", "no German goal: the file's own");
    assert_eq!(de.hints, ["Probier k scale."]);
    assert_eq!(de.predict[0].question, "Wie viele Pods?");
    assert_eq!(de.predict[0].answer, "2", "an answer left out stays");
    assert_eq!(de.checks[0].explain, "zwei web-Pods laufen");
    assert_eq!(de.checks[0].hint, "Scale the Deployment.");
    assert_eq!(de.checks[1].explain, "web is still there", "a shorter list keeps the rest");
    assert_eq!(
        (de.solution.as_str(), &de.checks[0].count),
        (m.solution.as_str(), &m.checks[0].count)
    );

    assert_eq!(m.in_language("de-AT").title, "Skaliere es", "a region finds its language");
    assert_eq!(m.in_language("pt").goal, "Escale web para dois.");
    assert_eq!(m.in_language("fr"), m, "a language the file lacks: as written");
    assert_eq!(m.in_language("en"), m);
}

#[test]
fn a_translated_mission_still_passes_its_audit_and_its_verdict_speaks_the_language() {
    let m = read_mission(TRANSLATED).unwrap();
    let a = audit(&m.in_language("de"), 1);
    assert!(a.ok(), "{}", a.report(&m));
    assert_eq!(m.title_in("de"), "Skaliere es");
    assert_eq!(m.title_in("fr"), "Scale it");

    let (verdict, _) = run(&m, "", 1);
    assert!(!verdict.passed, "doing nothing fails");
    let de = verdict.in_language(&m, "de");
    assert_eq!(de.results[0].explain, "zwei web-Pods laufen");
    assert_eq!(de.results[0].found, verdict.results[0].found, "what was found is the cluster's");
    assert_eq!(de.results[1].explain, "web is still there");
    assert_eq!(verdict.in_language(&m, "en"), verdict);
}

#[test]
fn a_translators_mistakes_are_reported_where_they_stand() {
    let e = error(&TRANSLATED.replace("  pt-BR:", "  Portuguese:"));
    assert_eq!(e.path, "translations", "{e}");
    assert!(e.message.contains("\"Portuguese\" is not a language tag"), "{e}");
    assert!(e.line.is_some(), "{e}");

    let e = error(&TRANSLATED.replace("    title: Skaliere es", "    titel: Skaliere es"));
    assert_eq!(e.path, "translations.de", "{e}");
    assert!(e.message.starts_with("unknown field `titel`"), "{e}");

    let three = TRANSLATED.replace(
        "    - explain: zwei web-Pods laufen\n",
        "    - explain: a\n    - explain: b\n    - explain: c\n",
    );
    let e = error(&three);
    assert_eq!(e.path, "translations.de.checks", "{e}");
    assert_eq!(e.message, "3 items, but the mission has 2");
}

#[test]
fn a_course_carries_its_title_in_other_languages() {
    let course = "\
name: week-one
title: Week one
missions: [delete-a-pod]
translations:
  de: {title: Woche eins, about: Der Anfang.}
";
    let Document::Course(c) = read(course).unwrap() else { panic!("a course") };
    let de = translations::pick(&c.translations, "de").unwrap();
    assert_eq!(
        (de.title.as_deref(), de.about.as_deref()),
        (Some("Woche eins"), Some("Der Anfang."))
    );
    let e = error(&course.replace("title: Woche eins", "name: woche"));
    assert_eq!(e.path, "translations.de", "{e}");
}
