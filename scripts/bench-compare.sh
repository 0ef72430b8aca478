#!/usr/bin/env bash
# Before/after, same machine, same run: builds the CLI jar of a baseline git revision in a temporary
# worktree, then times `neardup pairs` of the baseline and of the working tree on the same inputs,
# alternating (A B A B ...) after one warm-up each, and prints the median wall time, median peak
# RSS and the median of the pairwise wall-time ratios (after/before) for each input. Also checks
# that both give byte-identical pairs.
#
#   scripts/bench-compare.sh BASE_REV [RUNS]     # e.g. scripts/bench-compare.sh 4645920 5
#
# Inputs: 20,000 generated documents (seed 42), 60,000 short generated texts (5-40 words, seed 7),
# and the Kijiji listings of ../shared/data when present. Work files go to $OUT
# (target/bench-compare). Needs /usr/bin/time (GNU time).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
base_rev="${1:?usage: scripts/bench-compare.sh BASE_REV [RUNS]}"
runs="${2:-5}"
OUT="${OUT:-$root/target/bench-compare}"
mkdir -p "$OUT"

after_jar="$root/neardup-cli/target/neardup.jar"
before_jar="$OUT/neardup-$base_rev.jar"
if [ ! -f "$before_jar" ]; then
  tree="$OUT/worktree-$base_rev"
  rm -rf "$tree"
  git -C "$root" worktree add -q --detach "$tree" "$base_rev"
  (cd "$tree" && mvn -q -B -ntp -DskipTests -pl neardup-cli -am package) >&2
  cp "$tree/neardup-cli/target/neardup.jar" "$before_jar"
  git -C "$root" worktree remove --force "$tree"
fi
(cd "$root" && mvn -q -B -ntp -DskipTests -pl neardup-cli -am package) >&2

[ -s "$OUT/g20k.tsv" ] || java -jar "$after_jar" generate --documents 20000 --seed 42 -o "$OUT/g20k.tsv"
[ -s "$OUT/short60k.tsv" ] || java -jar "$after_jar" generate --documents 60000 --min-words 5 --max-words 40 --seed 7 -o "$OUT/short60k.tsv"

declare -a names=("g20k" "short60k")
declare -a args=("$OUT/g20k.tsv" "$OUT/short60k.tsv")
kijiji="$root/../shared/data/kijiji/dataset_rent_rome_kijiji.tsv"
if [ -f "$kijiji" ]; then
  names+=("kijiji")
  args+=("--format csv --delimiter tab --text-field Title --text-field Short_Description --shingle char:10 $kijiji")
fi

median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}'; }

# run JAR ARGS... -> prints "wall_seconds peak_kib" and leaves the pairs in $OUT/last.pairs
run() {
  local jar="$1"; shift
  /usr/bin/time -f "%e %M" -o "$OUT/time.txt" java -jar "$jar" pairs -q "$@" > "$OUT/last.pairs"
  cat "$OUT/time.txt"
}

printf '| input | before: wall s | after: wall s | after/before (median of pairs) | before: peak MiB | after: peak MiB | same pairs |\n'
printf '|---|---|---|---|---|---|---|\n'
for i in "${!names[@]}"; do
  # Short_Description stands for the column "Short Description" (a space would split the words)
  read -r -a a <<< "${args[$i]}"
  for k in "${!a[@]}"; do a[$k]="${a[$k]//Short_Description/Short Description}"; done
  run "$before_jar" "${a[@]}" > /dev/null; cp "$OUT/last.pairs" "$OUT/before.pairs"
  run "$after_jar" "${a[@]}" > /dev/null; cp "$OUT/last.pairs" "$OUT/after.pairs"
  same=$(cmp -s "$OUT/before.pairs" "$OUT/after.pairs" && echo yes || echo NO)
  : > "$OUT/b.txt"; : > "$OUT/a.txt"; : > "$OUT/r.txt"
  for ((r = 0; r < runs; r++)); do
    read -r bw bm < <(run "$before_jar" "${a[@]}")
    read -r aw am < <(run "$after_jar" "${a[@]}")
    echo "$bw $bm" >> "$OUT/b.txt"; echo "$aw $am" >> "$OUT/a.txt"
    awk -v x="$aw" -v y="$bw" 'BEGIN {print x / y}' >> "$OUT/r.txt"
  done
  bw=$(cut -d' ' -f1 "$OUT/b.txt" | median); aw=$(cut -d' ' -f1 "$OUT/a.txt" | median)
  bm=$(cut -d' ' -f2 "$OUT/b.txt" | median); am=$(cut -d' ' -f2 "$OUT/a.txt" | median)
  ratio=$(median < "$OUT/r.txt")
  printf '| %s | %.2f | %.2f | %.3f | %.0f | %.0f | %s |\n' "${names[$i]}" "$bw" "$aw" "$ratio" \
    "$(awk -v k="$bm" 'BEGIN {print k / 1024}')" "$(awk -v k="$am" 'BEGIN {print k / 1024}')" "$same"
done
