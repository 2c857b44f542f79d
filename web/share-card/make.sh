#!/bin/sh
# Makes the site's images from the HTML beside this script with Debian's Chromium
# (`apt-get install chromium`): the share card (og:image, 1200×630) and the logo
# (512×512). They are committed; run this only to change them, and then give the file a
# new number (here and in SITE_IMAGES, web/src/lib/head.ts): `/assets/` files are cached
# a year as immutable.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../public/assets"
mkdir -p "$out"
shot() { # html, png, width, height
  /usr/bin/chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
    --default-background-color=00000000 --screenshot="$out/$2" --window-size="$3,$4" "file://$here/$1"
}
shot share-card.html share-card-1.png 1200 630
shot logo.html logo-1.png 512 512
