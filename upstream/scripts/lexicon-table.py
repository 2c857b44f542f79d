"""Reads `hunspell -s` output (`form stem` lines, a blank line after each word) and
prints the word-form table of build-lexicon.sh: `form<TAB>lemma…`, lowercase, sorted,
without the forms whose only dictionary form is themselves."""
import sys

APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'", "`": "'", "‘": "'"})
lemmas = {}
for line in sys.stdin:
    parts = line.split()
    if len(parts) != 2:
        continue
    form, stem = (p.lower().translate(APOSTROPHES) for p in parts)
    lemmas.setdefault(form, set()).add(stem)

out = sys.stdout
for form in sorted(lemmas):
    stems = lemmas[form]
    if stems == {form}:
        continue
    # The form itself first when it is one of its own dictionary forms, then the others.
    ordered = sorted(stems, key=lambda s: (s != form, s))
    out.write(form + "\t" + "\t".join(ordered) + "\n")
