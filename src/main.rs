//! Entry point of the browser app: mounts the root component and nothing else.

fn main() {
    yew::Renderer::<kubeloop_web::App>::new().render();
}
