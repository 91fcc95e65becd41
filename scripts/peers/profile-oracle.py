"""
The normalisation profiles written again from their documentation (README, "Normalisation
profiles"), in Python with its own Unicode tables (unicodedata, str.casefold), as an independent
implementation: reads JSON lines {"raw", "strip", "profiles": {name: the engine's text}} on stdin
and exits 1 when any text differs, printing the first ones.

Used by scripts/peers/profile-check.ts. Python's Unicode version may be older than Node's: a
character assigned since then would differ, and is not in the check's texts.
"""
import json
import re
import sys
import unicodedata

APOSTROPHES = "'\u2019"
HYPHENS = "-\u2010\u2011"


def d53(text, strip):
    """D5.3: NFC, whitespace runs to one space, trimmed; with stripDiacritics, marks and Arabic forms."""
    t = re.sub(r"\s+", " ", unicodedata.normalize("NFC", text)).strip()
    if strip:
        t = unicodedata.normalize("NFD", t)
        t = re.sub("[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]", "", t)
        t = "".join(c for c in t if unicodedata.category(c) not in ("Mn", "Me"))
        t = re.sub("[\u0622\u0623\u0625\u0671]", "\u0627", t)
        t = unicodedata.normalize("NFC", t)
    return t


def case(t):
    """Full case folding (str.casefold is CaseFolding.txt's C and F lines), then NFC."""
    return unicodedata.normalize("NFC", t.casefold())


def letter_mark_or_number(c):
    return c != "" and unicodedata.category(c)[0] in "LMN"


def punctuation(t):
    """Every P character removed, but an apostrophe or hyphen between two L/M/N characters, kept as ' or -."""
    out = []
    for i, c in enumerate(t):
        if unicodedata.category(c)[0] != "P":
            out.append(c)
        elif c in APOSTROPHES + HYPHENS and letter_mark_or_number(t[i - 1] if i > 0 else "") and letter_mark_or_number(t[i + 1] if i + 1 < len(t) else ""):
            out.append("'" if c in APOSTROPHES else "-")
    return re.sub(" +", " ", "".join(out)).strip()


def bracketed_spans(t):
    """Each bracket with its partner of the same kind (nested pairs counted) and all between, each removed run one space."""
    kinds = {"[": (0, True), "]": (0, False), "(": (1, True), ")": (1, False), "<": (2, True), ">": (2, False)}
    open_at = [[], [], []]
    removed = [False] * len(t)
    for i, c in enumerate(t):
        if c not in kinds:
            continue
        kind, opening = kinds[c]
        if opening:
            open_at[kind].append(i)
        elif open_at[kind]:
            for j in range(open_at[kind].pop(), i + 1):
                removed[j] = True
    out = []
    for i, c in enumerate(t):
        if not removed[i]:
            out.append(c)
        elif i == 0 or not removed[i - 1]:
            out.append(" ")
    return "".join(out)


def basic(t):
    t = bracketed_spans(case(unicodedata.normalize("NFKC", t)))
    t = "".join(" " if unicodedata.category(c)[0] in "PS" else c for c in t)
    return re.sub(r"\s+", " ", t).strip()


PROFILES = {
    "none": lambda t: t,
    "case": case,
    "punctuation": punctuation,
    "case+punctuation": lambda t: punctuation(case(t)),
    "basic": basic,
}

compared = differing = 0
for line in sys.stdin:
    record = json.loads(line)
    text = d53(record["raw"], record["strip"])
    for name, profile in PROFILES.items():
        compared += 1
        expected = profile(text) if text != "" else ""
        if record["profiles"][name] != expected:
            differing += 1
            if differing <= 10:
                print(f"{name}: {record['raw']!r}\n  engine: {record['profiles'][name]!r}\n  oracle: {expected!r}")
print(f"{compared} texts compared, {differing} differ (Python's Unicode {unicodedata.unidata_version})")
sys.exit(1 if differing else 0)
