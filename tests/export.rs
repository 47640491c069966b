//! Browser tests of exporting the graph as a picture: the buttons download an SVG the browser
//! reads, naming every object, and a PNG that decodes at twice the picture's size; hostile
//! text still gives a picture, and a broken one is an error, not a panic.
#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;

use kubeloop_web::components::export::{ExportButtons, ExportProps, PNG_SCALE};
use kubeloop_web::export;
use kubeloop_web::view::ViewModel;
use kubeloop_web::words::Words;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, HtmlImageElement};

mod page;

use page::{document, view_after};

wasm_bindgen_test_configure!(run_in_browser);

const TITLE: &str = "kubeloop · namespace default";

fn web() -> ViewModel {
    view_after(&["k create deployment web --image=nginx:1.27 --replicas=3"])
}

async fn mount(view: ViewModel, sim_ms: i64) -> Element {
    let host = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&host).unwrap();
    let props = ExportProps {
        view: Rc::new(view),
        title: TITLE.into(),
        sim_ms,
        button_class: "btn".into(),
    };
    yew::Renderer::<ExportButtons>::with_root_and_props(host.clone(), props).render();
    yew::scheduler::flush().await;
    host
}

fn button(root: &Element, label: &str) -> HtmlElement {
    let buttons = root.query_selector_all("button").unwrap();
    (0..buttons.length())
        .filter_map(|i| buttons.item(i))
        .map(|b| b.unchecked_into::<HtmlElement>())
        .find(|b| b.text_content().unwrap_or_default() == label)
        .unwrap_or_else(|| panic!("no {label} button"))
}

/// Catches download clicks (`<a download>`) on the document before the browser acts on them,
/// and keeps each file's name and URL instead.
struct Downloads {
    got: Rc<RefCell<Vec<(String, String)>>>,
    listener: Closure<dyn FnMut(web_sys::Event)>,
}

impl Downloads {
    fn listen() -> Self {
        let got = Rc::new(RefCell::new(Vec::new()));
        let seen = got.clone();
        let listener = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
            let Some(a) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else { return };
            if let (Some(name), Some(href)) = (a.get_attribute("download"), a.get_attribute("href"))
            {
                e.prevent_default();
                seen.borrow_mut().push((name, href));
            }
        });
        document()
            .add_event_listener_with_callback_and_bool(
                "click",
                listener.as_ref().unchecked_ref(),
                true,
            )
            .unwrap();
        Downloads { got, listener }
    }

    /// The next download, waiting up to ten seconds (the PNG is made asynchronously).
    async fn next(&self) -> (String, String) {
        for _ in 0..500 {
            if let Some(d) = self.got.borrow_mut().pop() {
                return d;
            }
            sleep(20).await;
        }
        panic!("nothing was downloaded");
    }
}

impl Drop for Downloads {
    fn drop(&mut self) {
        let _ = document().remove_event_listener_with_callback_and_bool(
            "click",
            self.listener.as_ref().unchecked_ref(),
            true,
        );
    }
}

async fn sleep(ms: i32) {
    let wait = js_sys::Promise::new(&mut |resolve, _| {
        let window = web_sys::window().unwrap();
        window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms).unwrap();
    });
    JsFuture::from(wait).await.unwrap();
}

/// Loads `src` as an image: its natural size, or why it would not load.
async fn image_size(src: &str) -> Result<(u32, u32), String> {
    let image = HtmlImageElement::new().unwrap();
    image.set_src(src);
    JsFuture::from(image.decode()).await.map_err(|e| format!("{e:?}"))?;
    Ok((image.natural_width(), image.natural_height()))
}

#[wasm_bindgen_test]
async fn the_png_button_downloads_a_png_twice_the_pictures_size() {
    let view = web();
    let picture = export::svg(&view, TITLE, 65_000, &Words::default());
    let root = mount(view, 65_000).await;
    let downloads = Downloads::listen();
    button(&root, "PNG").click();
    let (name, href) = downloads.next().await;
    assert_eq!(name, "kubeloop-65s.png");
    assert!(href.starts_with("data:image/png;base64,"), "{}", &href[..40]);
    let size = image_size(&href).await.expect("the PNG decodes");
    let twice = ((picture.width * PNG_SCALE) as u32, (picture.height * PNG_SCALE) as u32);
    assert_eq!(size, twice);
    // Not a blank canvas: a blank PNG of this size compresses to a few kilobytes.
    assert!(href.len() > 30_000, "{} bytes of PNG", href.len());
    yew::scheduler::flush().await;
    assert!(root.query_selector("[role='alert']").unwrap().is_none());
}

#[wasm_bindgen_test]
async fn the_svg_button_downloads_a_picture_naming_every_object() {
    let view = web();
    let names: Vec<String> = view
        .rows()
        .map(|r| r.rs.meta.target.name.clone())
        .chain(view.pods().map(|p| p.meta.target.name.clone()))
        .collect();
    let picture = export::svg(&view, TITLE, 65_000, &Words::default());
    let root = mount(view, 65_000).await;
    let downloads = Downloads::listen();
    button(&root, "SVG").click();
    let (name, href) = downloads.next().await;
    assert_eq!(name, "kubeloop-65s.svg");
    let encoded = href.strip_prefix("data:image/svg+xml;charset=utf-8,").expect(&href[..40]);
    let svg: String = js_sys::decode_uri_component(encoded).unwrap().into();
    assert_eq!(svg, picture.svg);
    assert!(svg.contains(TITLE) && svg.contains("t = 65s") && svg.contains(">web</text>"));
    assert_eq!(names.len(), 4);
    for n in names {
        assert!(svg.contains(&n), "no {n}");
    }
    // The browser's own XML parser reads it, at the size it says.
    let size = image_size(&href).await.expect("the SVG decodes");
    assert_eq!(size, (picture.width as u32, picture.height as u32));
}

#[wasm_bindgen_test]
async fn hostile_text_still_makes_a_picture_and_a_broken_one_is_an_error() {
    let view = view_after(&[
        "k create deployment web --image=nginx:1.27 --replicas=1",
        "k set image deployment/web nginx='<img src=x onerror=window.xssFired=1>&\"'",
    ]);
    let picture = export::svg(&view, "<script>window.xssFired=2</script>", 0, &Words::default());
    let (url, w, h) = export::png_data_url(&picture.svg, picture.width, picture.height, 1.0)
        .await
        .expect("escaped text is still a readable picture");
    assert_eq!((w, h), (picture.width as u32, picture.height as u32));
    assert_eq!(image_size(&url).await, Ok((w, h)));
    let fired = js_sys::Reflect::get(&web_sys::window().unwrap(), &"xssFired".into()).unwrap();
    assert!(fired.is_undefined());

    let broken =
        export::png_data_url("<svg xmlns='http://www.w3.org/2000/svg'><g>", 10.0, 10.0, 2.0);
    assert_eq!(broken.await.map(|_| ()), Err("the picture could not be decoded".to_string()));
}
