#!/usr/bin/env bash
# The Ukrainian word-form table of the search's analysis chain (upstream/src/text/lexicon.rs):
# every word form of Debian's Ukrainian hunspell dictionary (package hunspell-uk, the
# LibreOffice dictionary from the dict_uk project) with its dictionary forms, as hunspell
# itself analyses them. Forms are expanded by hunspell's `unmunch` and stemmed by
# `hunspell -s`; a form whose only dictionary form is itself is left out (a word missing
# from the table stands for itself).
#
# Writes <data>/lexicon/uk_UA.tsv: `form<TAB>lemma[<TAB>lemma…]`, lowercase, sorted.
# Idempotent: does nothing when the table was made from the installed dictionary.
# Usage: upstream/scripts/build-lexicon.sh [DATA_DIR]   (default: <repo>/data)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
data=${1:-${UPSTREAM_DATA_DIR:-$repo/data}}
dic=/usr/share/hunspell/uk_UA.dic
aff=/usr/share/hunspell/uk_UA.aff

if [[ ! -s $dic ]] || ! command -v unmunch >/dev/null 2>&1 || ! command -v hunspell >/dev/null 2>&1; then
    echo "build-lexicon: installing Debian's hunspell, hunspell-tools and hunspell-uk"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq hunspell hunspell-tools hunspell-uk >/dev/null
fi

out=$data/lexicon
mkdir -p "$out"
stamp=$(cat "$dic" "$aff" "$0" | sha256sum | cut -d' ' -f1)
if [[ -s $out/uk_UA.tsv && -f $out/uk_UA.stamp && $(cat "$out/uk_UA.stamp") == "$stamp" ]]; then
    echo "build-lexicon: $out/uk_UA.tsv is up to date"
    exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
started=$(date +%s)
# unmunch prints its parsing to stderr; the forms go to stdout, one a line.
unmunch "$dic" "$aff" 2>/dev/null | LC_ALL=C sort -u > "$tmp/forms"
# Two halves in parallel (the machines have two cores).
split -n l/2 "$tmp/forms" "$tmp/part."
for p in "$tmp"/part.*; do
    hunspell -d "${dic%.dic}" -i utf-8 -s < "$p" > "$p.stems" &
done
wait
cat "$tmp"/part.*.stems | python3 "$here/lexicon-table.py" > "$tmp/uk_UA.tsv"
mv "$tmp/uk_UA.tsv" "$out/uk_UA.tsv"
echo "$stamp" > "$out/uk_UA.stamp"
# The compiled form of the table is remade by the upstream on its next start.
rm -f "$out"/uk_UA.fst "$out"/uk_UA.lemmas
echo "build-lexicon: wrote $out/uk_UA.tsv ($(wc -l < "$out/uk_UA.tsv") forms) in $(( $(date +%s) - started )) s"
