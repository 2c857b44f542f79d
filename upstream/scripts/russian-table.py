"""The steps of build-russian.sh that read and write text (the programs run in the script).

  russian-table.py forms < unmunch-output   the Russian word forms: lowercase, letters а-я
                                            and ё only, one a line (unsorted)
  russian-table.py analyses UNKNOWN FILE…   every analysis of `lt-proc` outputs, once, as
                                            `^lemma<tags>$` (the bilingual dictionary's
                                            input); the forms the analyser does not know
                                            go to the file UNKNOWN
  russian-table.py table DIR UK_DIC         the table, from DIR's files (below)
  russian-table.py check TABLE UK_DIC < words   which words the table resolves

`table` reads DIR/morf.* (the analyser on every form: `^form/analysis/…$`), DIR/bil.*
(the bilingual dictionary on every analysis: `^analysis/translation/…$`, `@` when it has
none) and DIR/stems.* (`hunspell -s` on the forms the analyser does not know: `form stem`
lines). Two routes:
  1. Apertium: a form's Ukrainian lemmas are the translations of its analyses, those
     more of its analyses give first, then in the dictionary's order (its default first).
  2. Cognates, for the forms route 1 leaves without a lemma: the form's hunspell stem
     (its Russian dictionary form, at least four letters) respelled by the regular
     Russian–Ukrainian correspondences (ы→и, э→е, ъ→', и→і, е/о→і, г→ґ, є/ї after a vowel,
     the apostrophe after a labial, -ый→-ий, -ть→-ти, -ться→-тися, -ие→-ія…), kept
     when the respelling is an entry of the Ukrainian hunspell dictionary (UK_DIC);
     of several, those with the fewest optional changes (гороскоп, not гіроскоп).
Prints `form<TAB>lemma[<TAB>lemma…]` sorted by form (the bytes of UTF-8, as LC_ALL=C
sort), lemmas lowercase without Apertium's sense numbers (папір¹), the form itself first
when it is one of them; a form whose only lemma is itself is left out. Counts go to stderr.
"""
import bisect
import glob
import os
import re
import sys

WORD = re.compile(r"[а-яё]+")
SENSES = str.maketrans("", "", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")
APOSTROPHES = str.maketrans({"’": "'", "ʼ": "'", "`": "'", "‘": "'"})
UK_WORD = re.compile(r"[а-щьюяєіїґ']+")


def streams(paths):
    """(surface, [entries]) of each `^surface/entry/…$` unit of lt-proc outputs."""
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                line = line.rstrip("\n")
                # One unit a line (one word a line in); more when lt-proc splits one.
                units = [line[1:-1]] if line.count("^") == 1 and line.endswith("$") \
                    else re.findall(r"\^(.*?)\$", line)
                for unit in units:
                    surface, *entries = unit.split("/")
                    yield surface, entries


def forms():
    seen = set()
    for line in sys.stdin:
        w = line.strip().lower()
        if WORD.fullmatch(w) and w not in seen:
            seen.add(w)
            sys.stdout.write(w + "\n")


def analyses(unknown, paths):
    seen = set()
    with open(unknown, "w", encoding="utf-8") as u:
        for surface, entries in streams(paths):
            if entries and entries[0].startswith("*"):
                u.write(surface + "\n")
            for a in entries:
                if not a.startswith("*") and a not in seen:
                    seen.add(a)
                    sys.stdout.write("^" + a + "$\n")


def ukrainian(translation):
    """The Ukrainian lemma of a bilingual dictionary output, or None."""
    if translation.startswith("@"):
        return None
    lemma = translation.split("<", 1)[0].translate(SENSES).translate(APOSTROPHES).lower()
    # A translation of several words (прежде → перш за) is no lemma of the index.
    return lemma if UK_WORD.fullmatch(lemma) else None


class Cognates:
    """Ukrainian hunspell entries spelled like a Russian dictionary form (route 2)."""

    VOWELS = set("аеёиоуыэюяіїє'")
    LABIALS = set("бпвмфр")
    # Russian ending → Ukrainian ending, tried beside the word as it is.
    ENDINGS = [("ческий", "чний"), ("ский", "ський"), ("цкий", "цький"), ("ской", "ський"),
               ("цкой", "цький"), ("ый", "ий"), ("ой", "ий"), ("ий", "ій"),
               ("ться", "тися"), ("ть", "ти"), ("ься", "ися"), ("овать", "увати"),
               ("евать", "ювати"), ("ие", "ія"), ("ие", "я"), ("ье", "'я"), ("ье", "я")]
    MAX_CHANGES = 3

    def __init__(self, dic):
        with open(dic, encoding="utf-8") as f:
            entries = {line.split("/", 1)[0].strip().translate(APOSTROPHES).lower()
                       for line in f if line.strip() and not line[0].isdigit()}
        self.words = entries
        self.sorted = sorted(entries)

    def has_prefix(self, p):
        i = bisect.bisect_left(self.sorted, p)
        return i < len(self.sorted) and self.sorted[i].startswith(p)

    def options(self, s, i):
        """(Ukrainian letters, whether that is an optional change) for s[i]."""
        c, prev = s[i], s[i - 1] if i else ""
        nxt = s[i + 1] if i + 1 < len(s) else ""
        after_vowel = prev in self.VOWELS or prev == ""
        if c == "ы":
            return [("и", 0)]
        if c == "э":
            return [("е", 0)]
        if c == "ъ":
            return [("'", 0)]
        if c == "ё":
            return [("е", 1), ("о", 1), ("ьо", 1), ("йо", 1)]
        if c == "и":
            return [("и", 0), ("і", 1)] + ([("ї", 1)] if after_vowel else [])
        if c == "е":
            return [("е", 0), ("і", 1)] + ([("є", 1)] if after_vowel or prev == "ь" else [])
        if c == "о":
            return [("о", 0), ("і", 1)]
        if c == "г":
            return [("г", 0), ("ґ", 1)]
        if c == "ь" and nxt in ("я", "ю", "е", "ё", "и"):
            return [("ь", 0), ("'", 1)]
        if c in "яюе" and prev in self.LABIALS:
            return [(c, 0), ("'" + c, 0)]
        return [(c, 0)]

    def of(self, lemma):
        if len(lemma) < 4:
            return []
        variants = [(lemma, "")] + [(lemma[: -len(a)], b) for a, b in self.ENDINGS
                                    if lemma.endswith(a) and len(lemma) > len(a) + 1]
        found = {}

        def walk(s, end, i, pre, changes):
            if changes > self.MAX_CHANGES:
                return
            if i == len(s):
                w = pre + end
                if w in self.words and found.get(w, changes + 1) > changes:
                    found[w] = changes
                return
            for letters, change in self.options(s, i):
                p = pre + letters
                if self.has_prefix(p):
                    walk(s, end, i + 1, p, changes + change)

        for s, end in variants:
            walk(s, end, 0, "", 0)
        if not found:
            return []
        fewest = min(found.values())
        return sorted(w for w, n in found.items() if n == fewest)


def table(d, uk_dic):
    files = lambda pattern: sorted(glob.glob(os.path.join(d, pattern)))
    bil = {}
    for analysis, translations in streams(files("bil.*")):
        bil[analysis] = [u for u in map(ukrainian, translations) if u]

    # Route 1: lemma → [analyses giving it, first position in the dictionary's answer].
    cognates = Cognates(uk_dic)
    cognate_of = {}
    lemmas = {}
    known = 0
    for form, entries in streams(files("morf.*")):
        if not entries or entries[0].startswith("*"):
            continue
        known += 1
        rank = {}
        for a in entries:
            for pos, u in enumerate(bil.get(a, [])):
                n, first = rank.get(u, (0, pos))
                rank[u] = (n + 1, min(first, pos))
        if rank:
            lemmas[form] = sorted(rank, key=lambda u: (u != form, -rank[u][0], rank[u][1], u))
            # After Apertium's lemmas, the cognates of its Russian lemmas: its one sense of
            # «хлеб» is «збіжжя», the records say «хліб».
            for russian in sorted({a.split("<")[0].lower() for a in entries}):
                if len(russian) >= 4 and russian not in cognate_of:
                    cognate_of[russian] = cognates.of(russian)
                lemmas[form].extend(u for u in cognate_of.get(russian, []) if u not in lemmas[form])
    apertium = len(lemmas)

    # Route 2: the forms without a lemma, through their hunspell stems.
    translated = set(lemmas)
    of_stem = {}
    for path in files("stems.*"):
        with open(path, encoding="utf-8") as f:
            for line in f:
                parts = line.split()
                if len(parts) != 2 or parts[0] in translated:
                    continue
                stem = parts[1].lower()
                if stem not in of_stem:
                    of_stem[stem] = cognates.of(stem)
                if of_stem[stem]:
                    found = lemmas.setdefault(parts[0], [])
                    found.extend(u for u in of_stem[stem] if u not in found)
    by_cognate = len(lemmas) - apertium

    out = sys.stdout
    rows = [0, 0]  # through Apertium, as cognates
    same = 0
    for form in sorted(lemmas, key=lambda w: w.encode("utf-8")):
        found = lemmas[form]
        if found == [form]:
            same += 1
            continue
        if form in found:
            found = [form] + [u for u in found if u != form]
        out.write(form + "\t" + "\t".join(found) + "\n")
        rows[form not in translated] += 1
    print(
        f"russian-table: {known} forms known to Apertium's analyser, {apertium} translated; "
        f"{by_cognate} more as cognates; {same} left out (only themselves); "
        f"{sum(rows)} rows ({rows[0]} through Apertium, {rows[1]} as cognates)",
        file=sys.stderr,
    )


def check(path, uk_dic):
    """Each word of stdin: its lemmas in the table, `=` when it is a Ukrainian word as
    typed (a hunspell-uk form, so the Ukrainian table reads it), `-` when neither."""
    rows = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            form, _, rest = line.rstrip("\n").partition("\t")
            rows[form] = rest.split("\t")
    words = [w for line in sys.stdin if not line.startswith("#") for w in line.lower().split()]
    import subprocess
    stems = subprocess.run(["hunspell", "-d", uk_dic[: -len(".dic")], "-i", "utf-8", "-s"],
                           input="\n".join(words) + "\n", capture_output=True, text=True).stdout
    ukrainian_words = {line.split()[0] for line in stems.splitlines() if len(line.split()) == 2}
    hits = 0
    for w in words:
        if w in rows:
            hits += 1
            print(f"{w}\t{', '.join(rows[w])}")
        elif w in ukrainian_words:
            hits += 1
            print(f"{w}\t= (a Ukrainian word as typed)")
        else:
            print(f"{w}\t-")
    print(f"{hits} of {len(words)} resolve", file=sys.stderr)


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    {"forms": lambda: forms(), "analyses": lambda: analyses(args[0], args[1:]),
     "table": lambda: table(*args),
     "check": lambda: check(*args)}[cmd]()
