# The headless browser of the console's system test (e2e ConsoleBrowserE2E, docs/console.md): Chromium and its
# chromedriver from Debian's packages.
# shellcheck shell=bash
#
# TASKGATE_CHROMIUM and TASKGATE_CHROMEDRIVER name another browser and driver (the test reads them too); then
# nothing is installed.

CHROMIUM="${TASKGATE_CHROMIUM:-/usr/bin/chromium}"
CHROMEDRIVER="${TASKGATE_CHROMEDRIVER:-/usr/bin/chromedriver}"

# Installs chromium and chromium-driver from Debian's packages when either is absent (as root, with apt-get); does
# nothing when both are there. Without root or apt-get it only warns: every other test runs without a browser.
browser_ensure_installed() {
  [ -x "$CHROMIUM" ] && [ -x "$CHROMEDRIVER" ] && return 0
  if [ -n "${TASKGATE_CHROMIUM:-}${TASKGATE_CHROMEDRIVER:-}" ] || [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
    log "no $CHROMIUM or $CHROMEDRIVER: ConsoleBrowserE2E will fail (install chromium and chromium-driver, or set TASKGATE_CHROMIUM and TASKGATE_CHROMEDRIVER)"
    return 0
  fi
  log "Chromium not found; installing chromium and chromium-driver from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium chromium-driver >/dev/null
  [ -x "$CHROMIUM" ] && [ -x "$CHROMEDRIVER" ] || die "chromium and chromium-driver installation failed"
}
