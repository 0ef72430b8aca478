"""neardup's docs check: the pages, the reviewed substitutions that scale big commands down, the
outputs compared, and the input files the pages name. The engine (engine.py) runs them."""

import gzip
import re
import shutil
import subprocess
from pathlib import Path

from engine import DocsError, Expectation, Project, Substitution, TextComparison

S = Substitution
SUBSTITUTIONS = [
    # .ci/run has just run `mvn -B -ntp verify`; running it again would double CI's time.
    S("README.md", "mvn -B verify  ", ": mvn -B verify, run by .ci/run before this check  "),
    # .ci/run's `mvn -B verify` has built the release archive, under the name the README gives it
    S("README.md", "mvn -B package -DskipTests",
      ": mvn -B package -DskipTests, built by mvn -B verify in .ci/run"),
    S("docs/benchmarks.md", "--repeat 3", "--repeat 1"),
    S("docs/benchmarks.md", "--documents 1000000 --min-words 140",
      "--documents 2000 --min-words 140"),
    S("docs/benchmarks.md", "NEARDUP_JAVA_OPTS=-Xmx18g ./neardup generate --documents 10000000",
      "NEARDUP_JAVA_OPTS=-Xmx1g ./neardup generate --documents 2000"),
    S("docs/benchmarks.md", "--documents 100000 --seed 42 -o g100k.tsv",
      "--documents 2000 --seed 42 -o g100k.tsv"),
    S("docs/benchmarks.md", 'SIZES="100000 1000000" scripts/bench-server.sh',
      "SIZES=2000 SECONDS_EACH=1 scripts/bench-server.sh"),
    S("docs/benchmarks.md", "scripts/bench-crash.sh 10", "scripts/bench-crash.sh 1"),
    # `mvn verify` built neardup-bench
    S("docs/benchmarks.md", "mvn -o -q -pl neardup-bench -am package -DskipTests",
      ": mvn -o -q -pl neardup-bench -am package -DskipTests, built by mvn verify"),
    S("docs/benchmarks.md", "--queries 300", "--queries 20"),
    S("docs/benchmarks.md", "--generate 20000", "--generate 2000"),
    # the same Spark contenders as the command before it, on a larger corpus: not run again (each
    # Spark contender is a JVM of its own that takes 10-40 s to start a session and sign)
    S("docs/benchmarks.md",
      "java -cp neardup-bench/target/benchmarks.jar org.neardup.bench.e2e.EndToEnd --corpus "
      "corpus-100000-seed42.tsv",
      ": not run, the contenders of the command before: java -cp neardup-bench/target/"
      "benchmarks.jar org.neardup.bench.e2e.EndToEnd --corpus corpus-100000-seed42.tsv"),
    # MLlib's approxSimilarityJoin on 500 documents (a minute and more on 2,000)
    S("docs/benchmarks.md", "--corpus corpus-20000-seed42.tsv \\\n  --spark-join-max-docs 20000",
      "--corpus corpus-500-seed42.tsv \\\n  --spark-join-max-docs 20000"),
    S("docs/benchmarks.md", "--documents 20000 --seed 42 -o corpus-20000-seed42.tsv",
      "--documents 2000 --seed 42 -o corpus-20000-seed42.tsv"),
    # (the scripts' own build skipped: mvn verify built the jar)
    S("docs/benchmarks.md", "scripts/bench-jmh.sh -f 1 -wi 2 -i 3 -w 1s -r 1s",
      "SKIP_BUILD=1 scripts/bench-jmh.sh BandingBenchmark -p numPermutations=64 -f 1 -wi 0 -i 1 "
      "-w 100ms -r 100ms"),
    S("docs/benchmarks.md", "scripts/bench-e2e.sh   ",
      "SKIP_BUILD=1 SIZES=1000 REPEAT=1 OUT=$PWD/e2e scripts/bench-e2e.sh --contenders "
      "neardup-lsh,hash4j-minhash   "),
    S("docs/benchmarks.md", "benchmarks.jar -f 1 -wi 2 -i 3 -w 1s -r 1s",
      "benchmarks.jar BandingBenchmark -p numPermutations=64 -f 1 -wi 0 -i 1 -w 100ms -r 100ms"),
    S("docs/benchmarks.md", "SignerBenchmark -p numPermutations=128",
      "SignerBenchmark -p numPermutations=128 -p scheme=ONE_PERMUTATION -p setSize=100 -f 1 "
      "-wi 0 -i 1 -w 100ms -r 100ms"),
    # the harness's synopsis, every optional part given
    S("docs/benchmarks.md",
      "[--contenders neardup-lsh,hash4j-minhash] [--timeout 1800] [--work-dir DIR] [--json FILE]",
      "--contenders neardup-lsh,hash4j-minhash --timeout 1800 --work-dir DIR --json FILE"),
    S("docs/benchmarks.md",
      "[--brute-force-max-docs 10000] [--spark-join-max-docs 5000] [--spark-join-tables 5]",
      "--brute-force-max-docs 10000 --spark-join-max-docs 5000 --spark-join-tables 5"),
    S("docs/benchmarks.md", '[--java-lsh-buckets B] [--child-jvm-opts "-Xmx8g"]',
      '--java-lsh-buckets 1000 --child-jvm-opts "-Xmx1g"'),
    # the first 20 articles and their edited copies instead of 300: the exact joins at -t 0.01
    # are quadratic (about 3 minutes for 300)
    S("docs/choosing.md", "scripts/shingle-table.py ../shared/data/articles/articles_2500.train",
      "scripts/shingle-table.py ../shared/data/articles/articles_2500.train 20"),
    S("docs/choosing.md", "--shingle S -t T", "--shingle char:10 -t 0.8"),
    S("docs/choosing.md", "--id A --id B corpus.tsv", "--id doc0002 --id doc0288 corpus.tsv"),
    S("docs/choosing.md", "WordShingleBenchmark -f 1 -wi 3 -i 5 -w 2s -r 2s",
      "WordShingleBenchmark -f 1 -wi 0 -i 1 -w 100ms -r 100ms"),
    S("docs/choosing.md", "--documents 20000 --seed 7", "--documents 2000 --seed 7"),
    S("docs/cli.md", "--id A --id B ex.tsv",
      "--id $(head -1 excerpts.truth | cut -f1) --id $(head -1 excerpts.truth | cut -f2) ex.tsv"),
    S("docs/cli.md", "--documents 5000 --min-words 60", "--documents 1000 --min-words 60"),
    S("docs/server.md", "--documents 1000000 --min-words 120", "--documents 2000 --min-words 120"),
    S("docs/server.md", "--seconds 20", "--seconds 2"),
    S("docs/server.md", "--seconds 10", "--seconds 2"),
    # the same scripts as in docs/benchmarks.md's block, which runs them scaled down
    S("docs/server.md", 'SIZES="100000 1000000" scripts/bench-server.sh',
      ': run in docs/benchmarks.md: SIZES="100000 1000000" scripts/bench-server.sh'),
    S("docs/server.md", "scripts/bench-crash.sh 10",
      ": run in docs/benchmarks.md: scripts/bench-crash.sh 10"),
    # a fresh directory of the scratch instead of /tmp/pairs, which a run before would have left
    S("docs/spark.md", "/tmp/pairs", "tmp-pairs"),
    S("docs/spark.md", "--documents 1000000 --seed 42", "--documents 2000 --seed 42"),
    # the run on a standalone cluster: not run (StandaloneClusterIT, in mvn verify, runs the job on
    # a standalone cluster of separate JVMs on 127.0.0.1)
    S("docs/spark.md", "/usr/bin/time ./neardup spark pairs -q --master spark://127.0.0.1:PORT",
      ": not run, needs a standalone cluster: ./neardup spark pairs -q --master "
      "spark://127.0.0.1:PORT"),
]


def truth_pairs(directory: Path) -> list:
    """The articles' 20 plagiarised pairs, each as pairs writes it (the smaller id first)."""
    truth = directory / "../shared/data/articles/articles_2500.truth"
    pairs = []
    for line in truth.read_text().splitlines():
        a, b = line.split()[:2]
        pairs.append("\t".join(sorted((a, b))))
    return sorted(pairs)


def found_pairs(files) -> list:
    return sorted("\t".join(line.split("\t")[:2]) for f in files for line in
                  Path(f).read_text().splitlines())


def same_pairs(found):
    def check(directory: Path, log: str):
        files = sorted(directory.glob(found))
        if found_pairs(files) != truth_pairs(directory):
            return f"{found} does not hold exactly the 20 truth pairs"
        return None
    return check


def holds(*lines, split_objects=False):
    """The log holds each of `lines` as a whole line (a line ending in `...`: as a line's start);
    with `split_objects`, JSON objects printed one after another count as lines."""
    def check(directory: Path, log: str):
        written = (log.replace("}{", "}\n{") if split_objects else log).splitlines()
        for line in lines:
            if line.endswith("...") and not any(w.startswith(line[:-3]) for w in written):
                return f"no line of the output starts {line[:-3]!r}"
            if not line.endswith("...") and line not in written:
                return f"the output lacks the line {line!r}"
        return None
    return check


def contains(*fragments):
    def check(directory: Path, log: str):
        for fragment in fragments:
            if fragment not in log:
                return f"the output lacks {fragment!r}"
        return None
    return check


EXPECTATIONS = [
    Expectation("docs/cli.md", "# the plagiarism set of seed 003: prints exactly the 20 truth pairs",
                same_pairs("found.tsv"), exact=True),
    Expectation("docs/cli.md", "./neardup dedup --format csv --delimiter tab",
                contains("neardup: kept 1,573 records, removed 816 duplicates in 195 clusters -> "
                         "clean.tsv", "neardup: 238 records skipped as bad -> clean.rejects.tsv")),
    Expectation("docs/server.md", "curl -s -X POST 'localhost:8080/documents?unique=true'",
                holds('{"id":"ad-1","kept":true,"duplicates":[]}',
                      '{"id":"ad-2","kept":false,"duplicateOf":{"id":"ad-1","similarity":'
                      '0.8333333333333334},"duplicates":[{"id":"ad-1","similarity":'
                      '0.8333333333333334}]}', split_objects=True)),
    Expectation("docs/server.md", "curl -s -X POST 'localhost:8080/query?diff=true'",
                contains('{"duplicates":[{"id":"ad-1","similarity":0.8333333333333334,"text":'
                         '"Sunny two-room flat near Termini station, 800 euro a month, furnished",'
                         '"diff":[{"kind":"same","left":"Sunny two-room flat near Termini","right":'
                         '"Sunny two-room flat near Termini"},{"kind":"deleted","left":"station,",'
                         '"right":""},{"kind":"inserted","left":"","right":"station -"},')),
    Expectation("docs/server.md", "from neardup_client import",
                holds("409 Conflict document 'ad-2' already exists...")),
    Expectation("docs/spark.md", "./neardup spark pairs --format lines --shingle char:9",
                same_pairs("tmp-pairs/part-*")),
]

KIJIJI = ('--format csv --delimiter tab --text-field Title --text-field "Short Description" ')
TEXT_COMPARISONS = [
    TextComparison("docs/cli.md", "exact Jaccard ",
                   "./neardup explain " + KIJIJI + "--shingle char:10 --id 1448 --id 1449 "
                   "../shared/data/kijiji/dataset_rent_rome_kijiji.tsv | tail -5"),
    TextComparison("docs/formats.md", "1801\t1801\tkeep\t1.000000",
                   "./neardup clusters -q " + KIJIJI +
                   "../shared/data/kijiji/dataset_rent_rome_kijiji.tsv | grep \"^1801\t\"",
                   exact=True),
    TextComparison("docs/formats.md", "1801\t1801\tkeep",
                   "./neardup clusters -q --components " + KIJIJI +
                   "../shared/data/kijiji/dataset_rent_rome_kijiji.tsv | grep \"^1801\t\"",
                   exact=True),
]


def neardup(engine, directory: Path, *args, output=None) -> None:
    with open(directory / output, "wb") if output else open("/dev/null", "wb") as out:
        subprocess.run([str(engine.repo / "neardup"), *args], cwd=directory, check=True,
                       stdout=out, stderr=subprocess.DEVNULL)


def prepare_inputs(engine, directory: Path) -> None:
    """The files the pages name, made once and copied into each page's scratch."""
    neardup(engine, directory, "generate", "-q", "--documents", "2000", "--seed", "1",
            "-o", "corpus.tsv")
    corpus = (directory / "corpus.tsv").read_text().splitlines()
    # three passages of the corpus, for `similar --measure containment --queries`
    passages = []
    for number, line in enumerate(corpus[:3], start=1):
        words = line.split("\t")[1].split()
        passages.append(f"q{number}\t" + " ".join(words[4:39]))
    (directory / "passages.tsv").write_text("\n".join(passages) + "\n")
    # listings with a header, title and body, two of them near-duplicates
    (directory / "listings.csv").write_text(
        "title,body\n"
        'Sunny two-room flat,"near Termini station, 800 euro a month, furnished"\n'
        'Studio in Trastevere,"with terrace, 650 euro"\n'
        'Sunny two-room flat,"near Termini station - 800 euro a month, furnished!"\n')
    # a crawl: url and text, the corpus's first 300 documents
    crawl = "".join('{"url": "https://example.org/%s", "text": "%s"}\n' % tuple(line.split("\t")[:2])
                    for line in corpus[:300])
    (directory / "crawl.jsonl").write_text(crawl)
    (directory / "crawl.jsonl.gz").write_bytes(gzip.compress(crawl.encode(), mtime=0))
    shutil.copy(engine.repo / ".ci" / "crawl.parquet", directory / "crawl.parquet")
    # Chinese near-duplicates (one character changed) and an unrelated text
    (directory / "zh.tsv").write_text(
        "zh1\t今年春天，江南地区的降雨比往年来得更早一些。许多农民在三月初就开始整理水田，准备插秧。\n"
        "zh2\t今年春天，江南地区的降雨比往年来得更早一点。许多农民在三月初就开始整理水田，准备插秧。\n"
        "zh3\t今年春天，江南地区的降雨比往年来得更早一些。许多农民在三月中就开始整理水田，准备插秧。\n"
        "zh4\t城市的地铁线路不断延长，越来越多的居民选择公共交通上下班，路上的汽车明显少了。\n")
    # the load generator's queries, the generated corpora of the benchmark pages
    neardup(engine, directory, "generate", "-q", "--documents", "500", "--seed", "4242",
            "-o", "queries.tsv")
    # (scaled down: the file bears the name the page gives it, with 2,000 documents)
    neardup(engine, directory, "generate", "-q", "--documents", "2000", "--seed", "42",
            "-o", "corpus-20000-seed42.tsv")
    lines = (directory / "corpus-20000-seed42.tsv").read_text().splitlines(keepends=True)
    (directory / "corpus-500-seed42.tsv").write_text("".join(lines[:500]))


def prepare_page(engine, page: str, directory: Path) -> None:
    (directory / "neardup.jar").symlink_to(engine.repo / "neardup-cli/target/neardup.jar")
    (directory / "benchmarks.jar").symlink_to(engine.repo / "neardup-bench/target/benchmarks.jar")
    if page == "docs/spark.md":
        # spark.md compares the job's dedup with ./neardup dedup's clean file and rejects
        neardup(engine, directory, "dedup", "-q", *KIJIJI_ARGS, "--id-field", "Url Adv",
                "--on-error", "skip", "-o", "clean.tsv",
                "../shared/data/kijiji/dataset_rent_rome_kijiji.tsv")


KIJIJI_ARGS = ["--format", "csv", "--delimiter", "tab", "--text-field", "Title", "--text-field",
               "Short Description"]


def project(repo: Path) -> Project:
    if not (repo / "neardup-bench/target/benchmarks.jar").is_file():
        raise DocsError("neardup-bench/target/benchmarks.jar missing: run mvn -B -ntp -DskipTests "
                        "package (or verify) first")
    archives = sorted((repo / "neardup-dist/target").glob("neardup-*.tar.gz"))
    if not archives:
        raise DocsError("neardup-dist/target/neardup-*.tar.gz missing: run mvn -B -ntp -DskipTests "
                        "package (or verify) first")
    version = re.sub(r"^neardup-|\.tar\.gz$", "", archives[0].name)
    pages = ["README.md"] + sorted(f"docs/{p.name}" for p in (repo / "docs").glob("*.md"))
    links = ["docs", "clients"] + sorted(p.name for p in repo.glob("neardup-*") if p.is_dir())
    return Project(repo=repo, pages=pages, substitutions=SUBSTITUTIONS, expectations=EXPECTATIONS,
                   text_comparisons=TEXT_COMPARISONS, prepare_inputs=prepare_inputs,
                   prepare_page=prepare_page, links=links, version=version)
