//! The release page's unpacker (`static/unpack.js`, shipped as `dist/kubeloop-unpack-*.js`),
//! run in Node as it ships: what it unpacks is byte for byte what was packed, in whatever
//! order its callers read. wasm-split's loader asks for a chunk together with the chunks it
//! needs and reads it only after them; xz-decompress unpacks one stream at a time, so an
//! unpacker that took the lock before it was read would stall the page's course part.
//!
//! Run through `scripts/test`, which builds `dist/` first (and installs Node with the tools).

use std::path::PathBuf;
use std::process::Command;

fn shipped_unpacker() -> PathBuf {
    let dist = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("dist");
    let found = std::fs::read_dir(&dist).expect("dist/: build it with scripts/dist").flatten();
    let names: Vec<PathBuf> = found
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("kubeloop-unpack-"))
        })
        .collect();
    assert_eq!(names.len(), 1, "one unpacker in dist/: {names:?}");
    names[0].clone()
}

/// Packs two payloads as scripts/split does, then reads the second's answer only after the
/// first's has been read in full, though the second was asked for, and answered, first.
const SCRIPT: &str = r#"
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
const { unpack } = await import(pathToFileURL(process.argv[2]).href);
const payload = (seed) => {
  const bytes = new Uint8Array(3 * 1024 * 1024);
  let x = seed;
  for (let i = 0; i < bytes.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = (x >>> 24) & 0x0f;
  }
  return bytes;
};
const pack = (bytes) => execFileSync('xz', ['--format=xz', '--check=crc32',
  '--lzma2=preset=6,dict=4MiB,pb=0,lc=4', '--stdout'], { input: bytes, maxBuffer: 1 << 26 });
const url = (bytes) => 'data:application/x-xz;base64,' + Buffer.from(pack(bytes)).toString('base64');
const [first, second] = [payload(1), payload(2)];
const later = await unpack(url(second));
const now = await unpack(url(first));
const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
const got = new Uint8Array(await now.arrayBuffer());
const after = new Uint8Array(await later.arrayBuffer());
console.log(JSON.stringify({
  type: now.headers.get('content-type'),
  first: same(got, first),
  second: same(after, second),
}));
const broken = await unpack('data:application/x-xz;base64,' + Buffer.from('not xz at all').toString('base64'));
console.log(await broken.arrayBuffer().then(() => 'unpacked', (e) => 'refused: ' + e.message));
"#;

#[test]
fn the_unpacker_gives_back_what_was_packed_whatever_order_its_answers_are_read_in() {
    let dir = std::env::temp_dir().join(format!("kubeloop-unpack-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("order.mjs");
    std::fs::write(&script, SCRIPT).unwrap();
    let out = Command::new("timeout")
        .args(["60", "node"])
        .arg(&script)
        .arg(shipped_unpacker())
        .output()
        .expect("node runs");
    let _ = std::fs::remove_dir_all(&dir);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "node: {:?}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let mut lines = stdout.lines();
    let result: serde_json::Value = serde_json::from_str(lines.next().unwrap_or("")).unwrap();
    assert_eq!(
        result,
        serde_json::json!({ "type": "application/wasm", "first": true, "second": true }),
        "{stdout}"
    );
    let broken = lines.next().unwrap_or("");
    assert!(broken.starts_with("refused: "), "a body that is not xz is an error: {broken}");
}
