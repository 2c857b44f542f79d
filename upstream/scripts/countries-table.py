"""Prints the country table of build-countries.sh from Debian's iso-codes: one line per
ISO 3166-1 code, `code<TAB>ukrainian<TAB>english`, sorted by code.

The English name is the short one a person looks for: ISO's `common_name` where it has
one ("Tanzania", not "Tanzania, United Republic of"), its `name` otherwise. The Ukrainian
name is iso-codes' Ukrainian translation of that same English name (of `name` when the
common name has none); a code with neither translated gets an empty Ukrainian column,
and the reader keeps its own name for it.

Usage: countries-table.py ISO_3166-1.JSON LOCALE_DIR"""
import gettext
import json
import sys

path, locale_dir = sys.argv[1], sys.argv[2]
with open(path, encoding="utf-8") as f:
    entries = json.load(f)["3166-1"]
uk = gettext.translation("iso_3166-1", localedir=locale_dir, languages=["uk"])


def translated(msgid):
    """The Ukrainian of an English name, or None when the catalogue lacks it."""
    text = uk.gettext(msgid)
    return text if text != msgid else None


def clean(text):
    # A tab or line break would break the table; none is expected in a name.
    return " ".join(text.split())


rows = []
for entry in entries:
    english = entry.get("common_name") or entry["name"]
    ukrainian = translated(english) or translated(entry["name"]) or ""
    rows.append((entry["alpha_2"], clean(ukrainian), clean(english)))

out = sys.stdout
for code, ukrainian, english in sorted(rows):
    out.write(f"{code}\t{ukrainian}\t{english}\n")
