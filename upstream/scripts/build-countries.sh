#!/usr/bin/env bash
# The countries' short names in Ukrainian and English (issue 46, item 20), from Debian's
# iso-codes package (ISO 3166-1 and its translations): the registration form lists the
# codes of the standards' countries.json under these names instead of the standards'
# official long ones («Республіка Польща») and their typos. countries-table.py says
# which name of each code is taken.
#
# Writes <data>/countries.tsv: `code<TAB>ukrainian<TAB>english`, sorted by code.
# Idempotent: does nothing when the table was made from the installed iso-codes and
# these scripts.
# Usage: upstream/scripts/build-countries.sh [DATA_DIR]   (default: <repo>/data)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
data=${1:-${UPSTREAM_DATA_DIR:-$repo/data}}
json=/usr/share/iso-codes/json/iso_3166-1.json
locales=/usr/share/locale
mo=$locales/uk/LC_MESSAGES/iso_3166-1.mo

if [[ ! -s $json || ! -s $mo ]]; then
    echo "build-countries: installing Debian's iso-codes"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq iso-codes >/dev/null
fi

out=$data/countries.tsv
mkdir -p "$data"
stamp=$(cat "$json" "$mo" "$0" "$here/countries-table.py" | sha256sum | cut -d' ' -f1)
if [[ -s $out && -f $data/countries.stamp && $(cat "$data/countries.stamp") == "$stamp" ]]; then
    echo "build-countries: $out is up to date"
    exit 0
fi

tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
python3 "$here/countries-table.py" "$json" "$locales" > "$tmp"
chmod 644 "$tmp"
mv "$tmp" "$out"
echo "$stamp" > "$data/countries.stamp"
echo "build-countries: wrote $out ($(wc -l < "$out") countries)"
