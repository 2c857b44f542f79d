#!/usr/bin/env bash
# The Russian word-form table of the search: every word form of Debian's Russian hunspell
# dictionary (package hunspell-ru) with the Ukrainian dictionary forms it stands for.
# Forms are expanded by hunspell's `unmunch`, analysed by the Russian analyser of
# Apertium's Russian–Ukrainian pair (package apertium-rus-ukr, rus-ukr.automorf.bin), and
# each analysis is looked up in the pair's bilingual dictionary (rus-ukr.autobil.bin),
# both with `lt-proc`. A form Apertium does not know takes its hunspell stem (`hunspell
# -s`) respelled the Ukrainian way when the Ukrainian hunspell dictionary (hunspell-uk)
# has that word (офисный → офісний, щебень → щебінь): russian-table.py says how.
# A form whose only Ukrainian lemma is spelled like itself (молоко, ремонт) is left out.
#
# Writes <data>/lexicon/ru_uk.tsv: `russian_form<TAB>ukrainian_lemma[<TAB>lemma…]`,
# lowercase, sorted. Idempotent: does nothing when the table was made from the installed
# dictionaries and these scripts. See docs/decisions/0024-russian-words-through-apertium.md.
# Usage: upstream/scripts/build-russian.sh [DATA_DIR]   (default: <repo>/data)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
data=${1:-${UPSTREAM_DATA_DIR:-$repo/data}}
dic=/usr/share/hunspell/ru_RU.dic
aff=/usr/share/hunspell/ru_RU.aff
pair=/usr/share/apertium/apertium-rus-ukr
morf=$pair/rus-ukr.automorf.bin
bil=$pair/rus-ukr.autobil.bin
uk_dic=/usr/share/hunspell/uk_UA.dic

if [[ ! -s $dic || ! -s $morf || ! -s $bil || ! -s $uk_dic ]] || ! command -v lt-proc >/dev/null 2>&1 \
    || ! command -v unmunch >/dev/null 2>&1 || ! command -v hunspell >/dev/null 2>&1; then
    echo "build-russian: installing Debian's apertium-rus-ukr, lttoolbox, hunspell, hunspell-tools, hunspell-ru and hunspell-uk"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq apertium-rus-ukr lttoolbox hunspell hunspell-tools hunspell-ru hunspell-uk >/dev/null
fi

out=$data/lexicon
mkdir -p "$out"
stamp=$(cat "$dic" "$aff" "$morf" "$bil" "$uk_dic" "$0" "$here/russian-table.py" | sha256sum | cut -d' ' -f1)
if [[ -s $out/ru_uk.tsv && -f $out/ru_uk.stamp && $(cat "$out/ru_uk.stamp") == "$stamp" ]]; then
    echo "build-russian: $out/ru_uk.tsv is up to date"
    exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
started=$(date +%s)
# Runs `$2 < half > $3.<half>` on each half of the file $1 at once (two cores).
halves() {
    local in=$1 cmd=$2 to=$3 p pids=()
    split -n l/2 "$in" "$in."
    for p in "$in".a?; do
        $cmd < "$p" > "$to.${p##*.}" &
        pids+=($!)
    done
    for p in "${pids[@]}"; do wait "$p"; done
}
# unmunch prints its parsing to stderr; the forms go to stdout, one a line.
unmunch "$dic" "$aff" 2>/dev/null | python3 "$here/russian-table.py" forms | LC_ALL=C sort -u > "$tmp/forms"
halves "$tmp/forms" "lt-proc $morf" "$tmp/morf"
# Every analysis once through the bilingual dictionary.
python3 "$here/russian-table.py" analyses "$tmp/unknown" "$tmp"/morf.* > "$tmp/analyses"
halves "$tmp/analyses" "lt-proc -b $bil" "$tmp/bil"
# The cognates' stems: hunspell's dictionary forms of the forms the analyser does not know.
halves "$tmp/unknown" "hunspell -d ${dic%.dic} -i utf-8 -s" "$tmp/stems"
python3 "$here/russian-table.py" table "$tmp" "$uk_dic" > "$tmp/ru_uk.tsv"
mv "$tmp/ru_uk.tsv" "$out/ru_uk.tsv"
echo "$stamp" > "$out/ru_uk.stamp"
# The compiled form of the table is remade by the upstream on its next start.
rm -f "$out"/ru_uk.fst "$out"/ru_uk.lemmas "$out"/ru_uk.endings
echo "build-russian: wrote $out/ru_uk.tsv ($(wc -l < "$out/ru_uk.tsv") forms) in $(( $(date +%s) - started )) s"
