#!/usr/bin/env bash
# Renders the app's icons from their SVG sources with headless Chromium and writes the PNGs
# committed beside this script. Run it after changing static/favicon.svg or maskable.svg:
#   static/icons/generate.sh
# - icon-192.png, icon-512.png: the favicon itself (rounded, transparent corners), for the
#   web manifest's "any" purpose;
# - icon-maskable-512.png: maskable.svg, the same mark on a full-bleed square with the mark
#   inside the safe zone, so launchers can crop it to any shape;
# - apple-touch-icon.png (180): maskable.svg too, since iOS rounds the corners itself and
#   would show transparent ones black.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CHROME="${CHROME:-$(command -v chromium || command -v chromium-browser || command -v google-chrome)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

render() { # SOURCE SIZE OUT
  cp "$1" "$work/source.svg"
  printf '<!doctype html><html><body style="margin:0;background:transparent"><img src="source.svg" width="%s" height="%s" style="display:block"></body></html>' \
    "$2" "$2" > "$work/page.html"
  "$CHROME" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --default-background-color=00000000 --user-data-dir="$work/profile" \
    --window-size="$2,$2" --screenshot="$HERE/$3" "file://$work/page.html" 2>/dev/null
}

render "$HERE/../favicon.svg" 192 icon-192.png
render "$HERE/../favicon.svg" 512 icon-512.png
render "$HERE/maskable.svg" 512 icon-maskable-512.png
render "$HERE/maskable.svg" 180 apple-touch-icon.png
