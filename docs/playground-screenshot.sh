#!/usr/bin/env bash
# Takes the playground's screenshot in the docs (docs/playground.png) again, from the page as it now
# is: the browser test testTheDocsScreenshotShowsAPickedTouchItsHitTestAndTheTimeline loads its scene in
# headless Chromium, plays a tap, a double tap, a drag and a tap where a badge sticks out of its card,
# picks that touch, explains the badge and writes the window's picture. Needs chromium and
# chromium-driver (apt-get install chromium chromium-driver); without them it fails and says so.
set -euo pipefail
cd "$(dirname "$0")/.."
RESPONDERKIT_BROWSER_TEST=required RESPONDERKIT_SCREENSHOT="$PWD/docs/playground.png" \
    swift test --filter 'BrowserTests.testTheDocsScreenshotShowsAPickedTouchItsHitTestAndTheTimeline'
echo "wrote docs/playground.png"
