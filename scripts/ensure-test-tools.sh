#!/usr/bin/env bash
# First step of `npm test`: finds what the tests need beyond npm — Chromium's headless shell (the
# Playwright journeys, e2e/chromium.ts), ffmpeg (sample videos, render tests) and the DejaVu fonts
# (captions drawn by ffmpeg) — and installs Debian's packages when any is missing and this user
# may (root with apt-get). Otherwise it says in one sentence what to install, and fails.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
if [ -n "${CHROMIUM_PATH:-}" ] && [ ! -x "$CHROMIUM_PATH" ]; then
  echo "CHROMIUM_PATH is set to $CHROMIUM_PATH, which is not an executable file: point it at a Chromium or unset it to use Debian's /usr/bin/chromium-headless-shell." >&2
  exit 1
fi

missing=()
[ -x "$chromium" ] || missing+=(chromium-headless-shell)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ] || missing+=(fonts-dejavu-core)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$EUID" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing what the tests need from Debian: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi

echo "The tests need ${missing[*]}: install with 'sudo apt-get install ${missing[*]}' (Debian or Ubuntu; elsewhere, your system's packages of the same names), then run npm test again." >&2
exit 1
