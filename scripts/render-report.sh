#!/usr/bin/env bash
# Renders an HTML report (from `neardup report`) to a PNG screenshot with headless Chromium, to
# look at it without a browser. Needs Debian's chromium package (apt-get install -y chromium).
# Not run in CI.
#   scripts/render-report.sh REPORT.html OUT.png [WIDTH,HEIGHT]    (default 1280,2000)
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: $0 REPORT.html OUT.png [WIDTH,HEIGHT]" >&2
  exit 2
fi
report="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
[ -f "$report" ] || { echo "$0: $1: no such file" >&2; exit 2; }
out_dir="$(cd "$(dirname "$2")" && pwd)"
out="$out_dir/$(basename "$2")"
size="${3:-1280,2000}"
browser="$(command -v chromium || command -v chromium-browser || true)"
[ -n "$browser" ] || { echo "$0: chromium not found (apt-get install -y chromium)" >&2; exit 2; }

profile="$(mktemp -d)"
trap 'rm -rf "$profile"' EXIT
# The flags keep Chromium off the network (the report needs none) and out of the user's profile.
"$browser" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --hide-scrollbars --user-data-dir="$profile" --window-size="$size" \
  --screenshot="$out" "file://$report" >/dev/null 2>&1
[ -s "$out" ] || { echo "$0: no screenshot written to $out" >&2; exit 1; }
echo "$out"
