// The release page's WebAssembly ships packed with xz (scripts/split writes name.wasm.xz):
// LZMA2 packs the page's code about a quarter smaller than the gzip a static host applies,
// and over a school's network the bytes are most of the wait (BENCHMARKS.md, "The weight").
// Browsers only unpack gzip, deflate and brotli themselves, so the page unpacks xz here, with
// xz-decompress (xz-embedded compiled to a 10 KB WebAssembly module; pinned by
// scripts/ensure-tools). scripts/split puts its text where the marker line is and names this
// file by its content. Not used by debug builds (scripts/serve), which load one plain .wasm.
//
// xz-decompress is a UMD bundle: given `module` and `exports` it fills `module.exports`, and
// its `require("stream/web")` is only Node's fallback when there is no global ReadableStream.
const module = { exports: {} };
const exports = module.exports;
const require = () => ({});
// @xz-decompress@
const { XzReadableStream } = module.exports;

// Fetches a packed module and answers as the host would have answered for the plain one: a
// Response whose body is unpacked as it arrives, typed application/wasm, so
// WebAssembly.instantiateStreaming compiles while the rest downloads. A failed answer (404,
// 503) is passed on as it is, so the caller fails as it would for the plain module; a network
// failure rejects, as fetch does.
export async function unpack(url, init) {
  const packed = await fetch(url, init);
  if (!packed.ok || !packed.body) return packed;
  return new Response(new XzReadableStream(packed.body), {
    headers: { 'Content-Type': 'application/wasm' },
  });
}
