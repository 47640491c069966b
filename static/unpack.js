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
// Response whose body is unpacked as it is read, typed application/wasm, so
// WebAssembly.instantiateStreaming compiles while the rest downloads. A failed answer (404,
// 503) is passed on as it is, so the caller fails as it would for the plain module; a network
// failure rejects, as fetch does.
//
// xz-decompress unpacks one stream at a time: a stream takes its lock when it is made and
// gives it back when it ends. wasm-split's loader fetches a chunk together with the chunks it
// needs, but reads it only once those are in; had its stream been made on arrival, it could
// hold the lock, unread, while they waited for it. So the unpacking stream is made on the
// first read, and the body pulls only when read (a high-water mark of 0).
export async function unpack(url, init) {
  const packed = await fetch(url, init);
  if (!packed.ok || !packed.body) return packed;
  let unpacked = null;
  const body = new ReadableStream(
    {
      async pull(controller) {
        unpacked = unpacked || new XzReadableStream(packed.body).getReader();
        const { done, value } = await unpacked.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason) {
        return unpacked ? unpacked.cancel(reason) : packed.body.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, { headers: { 'Content-Type': 'application/wasm' } });
}
