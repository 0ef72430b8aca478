#!/usr/bin/env python3
"""What a threshold means for each shingle choice, measured with neardup itself.

Takes the first 300 documents of a corpus ("lines" format: id, space, text), makes for each a copy
with 1, 5, 10, 20 and 30% of its words replaced by words drawn from the corpus (seeded), and runs
`./neardup pairs --exact -t 0.01` once per shingle choice over the originals and their copies. Prints a
Markdown table: the median exact Jaccard of a document and its edited copy, and of unrelated
documents (median and 99.9th percentile). docs/choosing.md shows its output on the articles.

  scripts/shingle-table.py ../shared/data/articles/articles_2500.train [DOCUMENTS]

DOCUMENTS (300) is how many of the corpus's first documents are taken.
"""
import os, random, statistics, subprocess, sys, tempfile

CONFIGS = ["char:3", "char:5", "char:9", "word:1", "word:3", "word:5"]
RATES = [0.01, 0.05, 0.10, 0.20, 0.30]
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main(corpus, documents=300, seed=7):
    rng = random.Random(seed)
    texts = []
    with open(corpus, encoding="utf-8") as f:
        for line in f:
            space = line.find(" ")
            if space > 0 and line[space + 1:].strip():
                texts.append(line[space + 1:].strip())
            if len(texts) == documents:
                break
    vocabulary = [w for t in texts for w in t.split()]
    with tempfile.TemporaryDirectory() as work:
        tsv = os.path.join(work, "edits.tsv")
        with open(tsv, "w", encoding="utf-8") as out:
            for i, text in enumerate(texts):
                out.write(f"d{i}\t{text}\n")
                for rate in RATES:
                    words = text.split()
                    for k in rng.sample(range(len(words)), max(1, round(rate * len(words)))):
                        words[k] = rng.choice(vocabulary)
                    out.write(f"e{int(rate * 100)}-{i}\t{' '.join(words)}\n")
        columns = {}
        for config in CONFIGS:
            found = subprocess.run([os.path.join(ROOT, "neardup"), "pairs", "-q", "--exact", "-t", "0.01",
                                    "--shingle", config, tsv], check=True, capture_output=True, text=True).stdout
            edited = {rate: [0.0] * len(texts) for rate in RATES}
            unrelated = {}
            for line in found.splitlines():
                a, b, similarity = line.split("\t")
                similarity = float(similarity)
                if a.startswith("d") and b.startswith("d"):
                    unrelated[(a, b)] = similarity
                    continue
                for x, y in ((a, b), (b, a)):
                    if x.startswith("d") and y.startswith("e") and y.split("-")[1] == x[1:]:
                        rate = int(y[1:].split("-")[0]) / 100
                        edited[rate][int(x[1:])] = similarity
            everyone = len(texts) * (len(texts) - 1) // 2
            values = sorted(list(unrelated.values()) + [0.0] * (everyone - len(unrelated)))
            columns[config] = [statistics.median(edited[rate]) for rate in RATES] + [
                statistics.median(values), values[int(len(values) * 0.999)]]
    print("| words replaced | " + " | ".join(f"`{c}`" for c in CONFIGS) + " |")
    print("|---|" + "---:|" * len(CONFIGS))
    labels = [f"{int(r * 100)}%" for r in RATES] + ["unrelated, median", "unrelated, 99.9th percentile"]
    for row, label in enumerate(labels):
        print(f"| {label} | " + " | ".join(f"{columns[c][row]:.3f}" for c in CONFIGS) + " |")


if __name__ == "__main__":
    main(sys.argv[1], *[int(n) for n in sys.argv[2:3]])
