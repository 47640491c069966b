//! The exported picture, from clusters driven through kubectl as a user drives the page.

use kubeloop::kubectl::Mode;
use kubeloop::session::Session;
use kubeloop::world::World;

use super::xml::{esc, well_formed};
use super::*;
use crate::view::{build, LayoutMemory};

/// The page's words in English, as a page with no language chosen shows them.
fn en() -> Words {
    Words::default()
}

fn view_of(lines: &[&str]) -> ViewModel {
    let mut s = Session::new(World::new(1), Mode::Script);
    for line in lines {
        let out = s.run(line);
        assert_eq!(out.status, 0, "{line}: {}", out.text());
    }
    s.world.settle();
    build(&s.world, &mut LayoutMemory::new(), 0.0)
}

fn web() -> ViewModel {
    view_of(&["k create deployment web --image=nginx:1.27 --replicas=3"])
}

/// The number in `attr="N"` on the root element.
fn root_number(svg: &str, attr: &str) -> f64 {
    let root = &svg[..svg.find('>').unwrap()];
    let at = root.find(&format!(" {attr}=\"")).unwrap_or_else(|| panic!("no {attr}: {root}"));
    let rest = &root[at + attr.len() + 3..];
    rest[..rest.find('"').unwrap()].parse().unwrap()
}

#[test]
fn the_picture_is_well_formed_svg_with_its_size() {
    let v = web();
    let p = svg(&v, "kubeloop · namespace default", 65_000, &en());
    well_formed(&p.svg).unwrap_or_else(|e| panic!("{e}\n{}", p.svg));
    assert!(p.svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_eq!(root_number(&p.svg, "width"), p.width);
    assert_eq!(root_number(&p.svg, "height"), p.height);
    assert!(p.width >= v.width && p.height >= v.height + HEADER_H, "{p:?}");
}

#[test]
fn the_picture_names_every_object_and_shows_title_and_time() {
    let v = view_of(&[
        "k create deployment web --image=nginx:1.27 --replicas=3",
        "k create namespace shop",
        "k create deployment api -n shop --image=redis:7 --replicas=2",
    ]);
    let p = svg(&v, &title(None, &v, &en()), 65_000, &en());
    assert!(p.svg.contains(">kubeloop · namespaces default, shop</text>"), "{}", p.svg);
    assert!(p.svg.contains(">t = 65s</text>"));
    assert!(p.svg.contains(">web</text>") && p.svg.contains(">shop/api</text>"));
    // Every box is titled with its kind and whole name, namespaced outside `default`.
    let titled = |m: &crate::view::ItemMeta| {
        let t = &m.target;
        let ns = if t.namespace == "default" { String::new() } else { format!("{}/", t.namespace) };
        p.svg.contains(&format!("<title>{} {ns}{}</title>", t.kind.as_str(), t.name))
    };
    for rs in v.rows() {
        assert!(titled(&rs.rs.meta), "{:?}", rs.rs.meta.target);
    }
    assert!(p.svg.contains("<title>Deployment shop/api</title>"));
    assert_eq!(v.pods().count(), 5);
    for pod in v.pods() {
        assert!(titled(&pod.meta), "{:?}", pod.meta.target);
        // Prefix and suffix are drawn apart, so the suffix can stand out.
        let name = format!("{}</tspan><tspan", pod.name_prefix);
        assert!(p.svg.contains(&name) && p.svg.contains(&format!(">{}</tspan>", pod.name_suffix)));
    }
    assert_eq!(p.svg.matches(">Running</text>").count(), 5 + 1, "5 pods and the legend");
    // One path per owner reference, plus the legend's two swatches.
    assert_eq!(p.svg.matches("stroke-linecap=\"round\"/>").count(), v.edges.len());
    assert_eq!(v.edges.len(), 2 + 5);
}

#[test]
fn user_text_is_escaped_everywhere() {
    let v = view_of(&[
        "k create deployment web --image=nginx:1.27 --replicas=1",
        "k set image deployment/web nginx='a<b&c\"d'\\''e'",
    ]);
    let title = "kubeloop · <script>&\"quotes\"";
    let p = svg(&v, title, 0, &en());
    well_formed(&p.svg).unwrap_or_else(|e| panic!("{e}\n{}", p.svg));
    assert!(!p.svg.contains("<script"));
    assert!(p.svg.contains("kubeloop · &lt;script&gt;&amp;&quot;quotes&quot;"));
    assert!(p.svg.contains(">a&lt;b&amp;c&quot;d&#39;e</text>"), "{}", p.svg);
}

#[test]
fn escaping_drops_what_xml_cannot_carry() {
    assert_eq!(esc("a\u{1}b\u{FFFF}"), "a\u{FFFD}b\u{FFFD}");
    assert_eq!(esc("tab\tok"), "tab\tok");
    assert!(well_formed(&format!("<svg>{}</svg>", esc("\u{0}<&>\"'"))).is_ok());
}

#[test]
fn the_checker_refuses_what_a_parser_would() {
    for bad in [
        "<svg><g></svg>",
        "<svg>a < b</svg>",
        "<svg>a & b</svg>",
        "<svg a=\"1\" a=\"2\"/>",
        "<svg a=1/>",
        "<svg a=\"<\"/>",
        "<svg/><svg/>",
        "<svg>\u{1}</svg>",
        "text<svg/>",
        "<svg>&nope;</svg>",
    ] {
        assert!(well_formed(bad).is_err(), "{bad} passed");
    }
    assert!(well_formed("<svg a=\"1\" b='2'><g>x &amp; &#39;</g><path d=\"M0 0\"/></svg>").is_ok());
}

#[test]
fn an_empty_cluster_is_a_picture_that_says_so() {
    let v = view_of(&[]);
    let p = svg(&v, &title(None, &v, &en()), 0, &en());
    well_formed(&p.svg).unwrap();
    assert!(p.svg.contains("The cluster is empty"));
    assert!(p.svg.contains(">kubeloop · an empty cluster</text>") && p.svg.contains(">t = 0s<"));
    assert_eq!(p.width, v.width.max(MIN_W));
    assert!(p.height < 300.0, "{p:?}");
}

#[test]
fn many_pods_are_summarised_with_their_counts() {
    let v = view_of(&["k create deployment big --image=nginx:1.27 --replicas=80"]);
    let p = svg(&v, "kubeloop", 0, &en());
    well_formed(&p.svg).unwrap();
    assert!(p.svg.contains(">PODS · 80</text>"));
    assert!(p.svg.contains(">80 Running</text>"), "{}", p.svg);
    assert_eq!(v.pods().count(), 0);
}

#[test]
fn a_scene_names_the_picture_and_the_clock_names_the_file() {
    let v = web();
    assert_eq!(title(Some("Stop it for real"), &v, &en()), "kubeloop · Stop it for real");
    assert_eq!(title(Some("  "), &v, &en()), "kubeloop · namespace default");
    assert_eq!(clock(3_723_000), "t = 62m");
    assert_eq!(file_name(65_000, "png"), "kubeloop-65s.png");
    assert_eq!(file_name(0, "svg"), "kubeloop-0s.svg");
}

#[test]
fn the_key_wraps_inside_the_picture_and_the_picture_grows_to_hold_it() {
    let wide = legend_places(1800.0, &en());
    assert!(wide.iter().all(|(_, row)| *row == 0), "one row when there is room: {wide:?}");
    let narrow = legend_places(MIN_W, &en());
    for (phase, (x, _)) in Phase::ALL.iter().zip(&narrow) {
        let right = 20.0 + x + 22.0 + LEGEND_PX * phase.label(&en()).chars().count() as f64;
        assert!(right <= MIN_W, "{} ends at {right}", phase.label(&en()));
    }
    let rows = narrow.last().unwrap().1;
    assert!(rows >= 1, "the seven phases take a second row at {MIN_W}");
    let mut v = web();
    v.width = MIN_W;
    let p = svg(&v, "t", 0, &en());
    assert_eq!(p.height, (HEADER_H + v.height + LEGEND_H + LEGEND_ROW * rows as f64).round());
}

#[test]
fn a_long_status_is_squeezed_into_its_pod_box() {
    let v = view_of(&["k create deployment big --image=nginx:doesnotexist --replicas=1"]);
    let p = svg(&v, "t", 0, &en());
    let status = v.pods().next().unwrap().status.clone();
    assert!(status.len() > 15, "a long STATUS: {status}");
    assert!(
        p.svg.contains("lengthAdjust=\"spacingAndGlyphs\" fill="),
        "{status} is fitted: {}",
        p.svg
    );
}

#[test]
fn the_picture_speaks_the_pages_language_and_its_longer_key_still_fits() {
    let de = Words::new(crate::words::Lang::De);
    let v = view_of(&[]);
    let p = svg(&v, &title(None, &v, &de), 0, &de);
    well_formed(&p.svg).unwrap();
    assert!(p.svg.contains(">kubeloop · ein leerer Cluster</text>"), "{}", p.svg);
    assert!(p.svg.contains("Der Cluster ist leer") && p.svg.contains(">Nicht bereit</text>"));
    assert!(edge_key_shifts(&en()) == [0.0; 3] && edge_key_shifts(&de)[0] > 0.0);
    for (phase, (x, _)) in Phase::ALL.iter().zip(legend_places(MIN_W, &de)) {
        let right = 20.0 + x + 22.0 + LEGEND_PX * phase.label(&de).chars().count() as f64;
        assert!(right <= MIN_W, "{} ends at {right}", phase.label(&de));
    }
}
