"""A plain word-error-rate scorer, the baseline a team writes in an afternoon: each file pair read
(JSON rows, SubRip or NIST STM), rows paired one to one in file order, each row's words compared by
python-Levenshtein's edit operations (words mapped to single code points), the counts pooled over
the corpus. Normalisation as the service's: NFC, whitespace runs to one space, combining marks
removed; case and punctuation kept.

    /usr/bin/python3 scripts/peers/levenshtein_wer.py MANIFEST.csv

Prints one JSON object: pairs, S, D, I, reference words, per-pair errors, seconds spent scoring
(reading and parsing the files included, start-up of the interpreter not).
"""
import csv
import json
import os
import re
import sys
import time
import unicodedata

import Levenshtein


def normalise(text):
    text = unicodedata.normalize("NFC", text)
    text = "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
    text = unicodedata.normalize("NFC", text)
    return re.sub(r"\s+", " ", text).strip()


def read_rows(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".json"):
        return [row["transcript"] for row in json.loads(text)]
    if path.endswith(".srt"):
        rows = []
        for block in re.split(r"\n\s*\n", text.strip()):
            lines = block.split("\n")
            rows.append(" ".join(lines[2:]))
        return rows
    if path.endswith(".stm"):
        rows = []
        for line in text.split("\n"):
            if not line.strip() or line.startswith(";;"):
                continue
            words = line.split()[5:]
            # An optional label such as <o,f0,male> is a whole field; "<UNSURE>word" is text.
            if words and re.fullmatch(r"<[^>]*>", words[0]):
                words = words[1:]
            rows.append(" ".join(words))
        return rows
    raise ValueError(f"{path}: unknown format")


def word_counts(reference, hypothesis):
    """S, D, I of one row: the words as code points, so Levenshtein compares words, not letters."""
    vocabulary = {}
    ref = "".join(chr(0xE000 + vocabulary.setdefault(w, len(vocabulary))) for w in reference.split())
    hyp = "".join(chr(0xE000 + vocabulary.setdefault(w, len(vocabulary))) for w in hypothesis.split())
    s = d = i = 0
    # editops(source, destination) turns the hypothesis into the reference: an insert there is a
    # reference word the hypothesis lacks (a deletion in ASR terms), a delete a hypothesis word too many.
    for op, _, _ in Levenshtein.editops(hyp, ref):
        if op == "replace":
            s += 1
        elif op == "insert":
            d += 1
        else:
            i += 1
    return s, d, i, len(ref)


def main():
    manifest = sys.argv[1]
    base = os.path.dirname(manifest)
    started = time.perf_counter()
    totals = {"S": 0, "D": 0, "I": 0, "N": 0}
    per_pair = {}
    with open(manifest, newline="", encoding="utf-8") as f:
        pairs = list(csv.DictReader(f))
    for pair in pairs:
        hyp_rows = read_rows(os.path.join(base, pair["original"]))
        ref_rows = read_rows(os.path.join(base, pair["reworked"]))
        if len(hyp_rows) != len(ref_rows):
            raise ValueError(f"{pair['id']}: {len(hyp_rows)} rows against {len(ref_rows)}: not a one-to-one pair")
        errors = 0
        for hyp, ref in zip(hyp_rows, ref_rows):
            s, d, i, n = word_counts(normalise(ref), normalise(hyp))
            totals["S"] += s
            totals["D"] += d
            totals["I"] += i
            totals["N"] += n
            errors += s + d + i
        per_pair[pair["id"]] = errors
    seconds = time.perf_counter() - started
    print(json.dumps({"pairs": len(pairs), **totals, "seconds": seconds, "perPair": per_pair}))


main()
