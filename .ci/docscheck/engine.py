"""The docs check's engine: finds the fenced blocks of Markdown pages, runs them as a user would,
compares outputs, and counts. What is project-specific (the substitutions that scale big commands
down, the outputs to compare, the input files the pages name) comes in a Project; .ci/check-docs
runs this project's, the tests (test_engine.py) their own."""

import os
import re
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

FENCE = "```"
SKIP_MARKER = re.compile(r"^<!-- not run in CI: (.*) -->$")
SYNOPSIS_MARKER = re.compile(r"^<!-- synopsis")
SERVE_LINE = re.compile(r"^(\./neardup|java -jar \S*neardup\.jar) serve ", re.M)
ADDRESS = re.compile(r"(localhost|127\.0\.0\.1):(8080|18211|PORT)")
PAGE_SERVICE_ADDRESS = re.compile(r"(localhost|127\.0\.0\.1):(8080|PORT)")
RUN_TAGS = ("sh", "console", "python", "ts")


@dataclass
class Block:
    """A fenced block: its page, the line of its opening fence, its tag, its text (without the
    fences), and the marker line just above it (skip with a reason, or synopsis)."""

    page: str
    line: int
    tag: str
    text: str
    marker: Optional[str] = None
    reason: str = ""

    @property
    def first(self) -> str:
        return self.text.split("\n", 1)[0]

    def where(self) -> str:
        return f"{self.page}:{self.line}"


@dataclass
class Substitution:
    """A reviewed change to a page's runnable blocks: `written` (literal text) becomes `run`
    (`@VERSION@` there is the built version). It must match some block of its page."""

    page: str
    written: str
    run: str


@dataclass
class Expectation:
    """A check of what a block printed: for the block of `page` whose first line starts with
    `first` (is `first`, when exact), `check(directory, log)` returns None when right, else what is
    wrong. It must match some block of its page."""

    page: str
    first: str
    check: Callable[[Path, str], Optional[str]]
    exact: bool = False

    def matches(self, block: Block) -> bool:
        return block.page == self.page and (
            block.first == self.first if self.exact else block.first.startswith(self.first)
        )


@dataclass
class TextComparison:
    """A `text` block that shows a command's output: `command` runs in the page's scratch and must
    print the block, line for line. It must match some block of its page."""

    page: str
    first: str
    command: str
    exact: bool = False

    def matches(self, block: Block) -> bool:
        return block.page == self.page and (
            block.first == self.first if self.exact else block.first.startswith(self.first)
        )


@dataclass
class Project:
    """What the engine needs to know of a project. `prepare_inputs(engine, directory)` makes the
    input files every page's scratch gets; `prepare_page(engine, page, directory)` adds a page's
    own; `version()` names the built version (or None when the build is missing, with the reason in
    `missing()`)."""

    repo: Path
    pages: list
    substitutions: list = field(default_factory=list)
    expectations: list = field(default_factory=list)
    text_comparisons: list = field(default_factory=list)
    prepare_inputs: Callable = lambda engine, directory: None
    prepare_page: Callable = lambda engine, page, directory: None
    links: list = field(default_factory=list)
    version: str = ""
    block_timeout: int = 600
    # a block's service (python, ts) and the page's own: the serve options
    page_service_options: tuple = ("--top-k-floor", "0.3", "--containment-sampling", "4")


class DocsError(Exception):
    """The check cannot start (a page without a closing fence, a missing build)."""


def parse_blocks(page: str, text: str) -> list:
    """The fenced blocks of a page, with the marker line (the last non-empty line before the fence,
    outside a block) that skips a block or makes it a synopsis."""
    blocks = []
    previous = ""
    current = None
    body = []
    for number, line in enumerate(text.split("\n"), start=1):
        if line.startswith(FENCE):
            if current is None:
                current = Block(page, number, line[len(FENCE):].strip(), "")
                skip = SKIP_MARKER.match(previous)
                if skip:
                    current.marker, current.reason = "skip", skip.group(1)
                elif SYNOPSIS_MARKER.match(previous):
                    current.marker = "synopsis"
                body = []
            else:
                current.text = "\n".join(body)
                blocks.append(current)
                current = None
            continue
        if current is not None:
            body.append(line)
        elif line.strip():
            previous = line
    if current is not None:
        raise DocsError(f"{page}:{current.line}: a fence that is never closed")
    return blocks


def substitute(text: str, page: str, substitutions: list, version: str, used: set) -> str:
    """The text with the page's substitutions applied; adds the index of each that matched."""
    for index, substitution in enumerate(substitutions):
        if substitution.page != page or substitution.written not in text:
            continue
        text = text.replace(substitution.written, substitution.run.replace("@VERSION@", version))
        used.add(index)
    return text


def serve_and_ports(text: str, port: int) -> str:
    """`serve` lines to the background on `port` (docs_serve), and the addresses to that port."""
    lines = []
    for line in text.split("\n"):
        if SERVE_LINE.match(line):
            line = "docs_serve " + re.sub(r" &( *#.*)?$", r"\1", line)
        lines.append(line)
    return ADDRESS.sub(f"127.0.0.1:{port}", "\n".join(lines))


def synopsis_commands(text: str) -> str:
    """Each `./neardup` command of a synopsis, up to its first option or placeholder, with --help."""
    commands = []
    for line in text.split("\n"):
        if not line.startswith("./neardup "):
            continue
        words = []
        for word in line.split():
            if word.startswith(("-", "[")) or "|" in word or word[:1].isupper() or word == "#":
                break
            words.append(word)
        commands.append(" ".join(words) + " --help > /dev/null")
    return "\n".join(commands)


def console_steps(text: str) -> list:
    """A console transcript as (command, expected output) pairs: `$ ` lines are commands
    (continued by a trailing backslash), the lines after them what they print."""
    steps = []
    continued = False
    for line in text.split("\n"):
        if line.startswith("$ "):
            command = line[2:]
            steps.append([command + "\n", ""])
            continued = command.endswith("\\")
        elif continued:
            steps[-1][0] += line + "\n"
            continued = line.endswith("\\")
        elif steps:
            steps[-1][1] += line + "\n"
    return [(command, output) for command, output in steps]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


WAIT_FOR_SERVICE = r"""wait_for_service() {   # PID PORT LOG: until the service answers /health
  local pid="$1" port="$2" log="$3" i
  for i in $(seq 1 1200); do
    command curl -fsS "http://127.0.0.1:$port/health" > /dev/null 2>&1 && return 0
    kill -0 "$pid" 2> /dev/null || { echo "check-docs: the service exited:" >&2; tail -20 "$log" >&2; return 1; }
    sleep 0.1
  done
  echo "check-docs: the service did not answer on port $port in 120 s" >&2; tail -20 "$log" >&2; return 1
}
"""

# What every block's script starts with: docs_serve, curl failing on HTTP errors, services stopped.
PREAMBLE = r"""set -eo pipefail
docs_servers=()
docs_stop() { local p; for p in "${docs_servers[@]}"; do kill "$p" 2> /dev/null || true; wait "$p" 2> /dev/null || true; done; }
trap docs_stop EXIT
curl() { command curl --fail-with-body "$@"; }
docs_serve() {   # COMMAND... serve OPTIONS: in the background, on $DOCS_PORT
  local args=() skip= a log
  for a in "$@"; do
    if [ -n "$skip" ]; then skip=; continue; fi
    if [ "$a" = --port ]; then skip=1; continue; fi
    args+=("$a")
  done
  log="$(mktemp "$PWD/.docs-check-serve-XXXXXX.log")"
  "${args[@]}" --port "$DOCS_PORT" > "$log" 2>&1 &
  docs_servers+=("$!")
  wait_for_service "$!" "$DOCS_PORT" "$log"
}
""" + WAIT_FOR_SERVICE


class Engine:
    """Runs a project's blocks; `run(filter)` returns the number of failures."""

    def __init__(self, project: Project, out=sys.stdout, err=sys.stderr):
        self.project = project
        self.repo = project.repo
        self.work = project.repo / "target" / "docs-check"
        self.out = out
        self.err = err
        self.page_server = None
        self.page_port = None
        self.counts = dict(total=0, ran=0, scaled=0, skipped=0, synopses=0, compared=0, notrun=0,
                           texts=0, failures=0)
        self.by_tag = {}
        self.skips = []
        self.used = set()
        self.matched_expectations = set()
        self.matched_comparisons = set()

    # --- output ---
    def say(self, message: str) -> None:
        print(f"check-docs: {message}", file=self.out, flush=True)

    def failed(self, block: Block, text: str, log: Path, why: str = "") -> None:
        self.counts["failures"] += 1
        lines = [f"check-docs: FAILED {block.where()}" + (f": {why}" if why else "")]
        lines += ["    | " + line for line in text.split("\n")]
        lines.append("  output (last 40 lines):")
        written = log.read_text(errors="replace").split("\n") if log.exists() else []
        lines += ["    " + line for line in written[-40:]]
        print("\n".join(lines), file=self.err, flush=True)

    # --- services ---
    def start_page_server(self, directory: Path) -> None:
        self.page_port = free_port()
        log = directory / ".docs-check-server.log"
        script = (WAIT_FOR_SERVICE + f'"{self.repo}/neardup" serve --data .docs-check-index --port '
                  f'{self.page_port} {" ".join(self.project.page_service_options)} > "{log}" 2>&1 &\n'
                  f'echo $!\nwait_for_service $! {self.page_port} "{log}" >&2\n')
        # the service outlives the script that started it: its pid is the script's first line
        started = subprocess.run(["bash", "-c", script], cwd=directory, stdout=subprocess.PIPE,
                                 text=True, stdin=subprocess.DEVNULL)
        self.page_server = int(started.stdout.split()[0]) if started.stdout.split() else None
        if started.returncode != 0:
            self.stop_page_server()
            raise DocsError(f"the page's service did not start (log: {log})")

    def stop_page_server(self) -> None:
        if self.page_server is not None:
            try:
                os.kill(self.page_server, 15)
                for _ in range(300):
                    os.kill(self.page_server, 0)
                    time.sleep(0.1)
            except ProcessLookupError:
                pass
        self.page_server = None
        self.page_port = None

    # --- running ---
    def bash(self, script: Path, directory: Path, log: Path, timeout: int) -> int:
        with open(log, "wb") as output:
            try:
                return subprocess.run(["bash", str(script)], cwd=directory, stdin=subprocess.DEVNULL,
                                      stdout=output, stderr=subprocess.STDOUT, timeout=timeout,
                                      start_new_session=True).returncode
            except subprocess.TimeoutExpired:
                output.write(f"\ncheck-docs: timed out after {timeout} s\n".encode())
                return 124

    def script(self, directory: Path, line: int, port: int, body: str) -> Path:
        path = directory / f".docs-check-{line}.sh"
        path.write_text(PREAMBLE + f"DOCS_PORT={port}\n" + body + "\n")
        return path

    def run_block(self, block: Block, directory: Path) -> None:
        log = directory / f".docs-check-{block.line}.log"
        if block.tag == "text":
            comparison = next((c for i, c in enumerate(self.project.text_comparisons)
                               if c.matches(block) and not self.matched_comparisons.add(i)), None)
            if comparison is None:
                self.counts["notrun"] += 1
                return
            with open(log, "wb") as output:
                status = subprocess.run(["bash", "-o", "pipefail", "-c", comparison.command],
                                        cwd=directory, stdout=output, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL).returncode
            printed = log.read_text(errors="replace")
            if status == 0 and printed == block.text + "\n":
                self.counts["compared"] += 1
                self.counts["texts"] += 1
                self.say(f"{block.where()} (text) is what `{comparison.command.split(' |')[0]}` prints")
            else:
                self.failed(block, block.text, log, "the command prints something else"
                            if status == 0 else f"the command exited {status}")
            return
        if block.tag not in RUN_TAGS:
            self.counts["notrun"] += 1
            return
        started = time.monotonic()
        before = len(self.used)
        run = substitute(block.text, block.page, self.project.substitutions, self.project.version,
                         self.used)
        if len(self.used) > before:
            self.counts["scaled"] += 1
        port = free_port()
        own_server = SERVE_LINE.search(run) is not None
        if not own_server and block.tag == "sh" and PAGE_SERVICE_ADDRESS.search(run):
            if self.page_server is None:
                self.start_page_server(directory)
            port = self.page_port
        if block.marker == "synopsis":
            run = synopsis_commands(run)
            self.counts["synopses"] += 1
        else:
            run = serve_and_ports(run, port)
        status, why = 0, ""
        timeout = self.project.block_timeout
        if block.tag == "sh":
            status = self.bash(self.script(directory, block.line, port, run), directory, log, timeout)
        elif block.tag == "console":
            status, why = self.run_console(run, directory, block.line, log, timeout)
            if status == 0:
                self.counts["compared"] += 1
        elif block.tag == "python":
            if shutil.which("python3") is None:
                self.skip(block, "no python3 here")
                return
            options = " ".join(self.project.page_service_options)
            body = (f"docs_serve ./neardup serve --data .docs-check-python-index {options}\n"
                    f"PYTHONPATH=clients/python python3 - << 'DOCS_PYTHON'\n{run}\nDOCS_PYTHON")
            status = self.bash(self.script(directory, block.line, port, body), directory, log, 300)
        elif block.tag == "ts":
            if shutil.which("npx") is None or shutil.which("node") is None:
                if os.environ.get("NEARDUP_NODE_TESTS") == "required":
                    raise DocsError(f"{block.where()}: node and npx are required "
                                    "(NEARDUP_NODE_TESTS=required)")
                self.skip(block, "no node and npx here")
                return
            status, why = self.run_typescript(run, directory, block.line, port, log)
        if status == 0:
            expectation = next((e for i, e in enumerate(self.project.expectations)
                                if e.matches(block) and not self.matched_expectations.add(i)), None)
            if expectation is not None:
                why = expectation.check(directory, log.read_text(errors="replace"))
                if why:
                    status = 1
                else:
                    self.counts["compared"] += 1
        if status == 0:
            self.counts["ran"] += 1
            self.say(f"{block.where()} ({block.tag}) ran in {time.monotonic() - started:.0f} s")
        else:
            self.failed(block, block.text, log, why or f"exit {status}")

    def run_console(self, run: str, directory: Path, line: int, log: Path, timeout: int):
        """Each command of the transcript; its output must be the lines the page shows after it."""
        with open(log, "w") as errors:
            for k, (command, expected) in enumerate(console_steps(run), start=1):
                path = directory / f".docs-check-{line}.{k}.cmd"
                path.write_text(command)
                done = subprocess.run(["bash", "-eo", "pipefail", str(path)], cwd=directory,
                                      stdout=subprocess.PIPE, stderr=errors, text=True,
                                      stdin=subprocess.DEVNULL, timeout=timeout)
                if done.returncode != 0:
                    return done.returncode, f"`{command.strip()}` exited {done.returncode}"
                if done.stdout != expected:
                    errors.write(f"expected:\n{expected}printed:\n{done.stdout}")
                    return 1, f"`{command.strip()}` prints something else"
        return 0, ""

    def run_typescript(self, run: str, directory: Path, line: int, port: int, log: Path):
        """The snippet compiled with tsc against the client an earlier block generated, run with
        node against a fresh service: imports hoisted, the rest in an async function."""
        if not (directory / "client-ts").is_dir():
            log.write_text("no client-ts: the block that generates it did not run\n")
            return 1, "no client-ts"
        lines = run.split("\n")
        snippet = [l for l in lines if l.startswith("import ")]
        snippet += ["const token = 'no token';", "async function main() {"]
        snippet += [l for l in lines if not l.startswith("import ")]
        snippet += ["}", "main();   // a rejection ends node with an error"]
        (directory / "docs-check-snippet.ts").write_text("\n".join(snippet) + "\n")
        body = ("npx --yes -p typescript@5.9.3 tsc --target ES2022 --module commonjs "
                "--lib ES2022,DOM --outDir docs-check-js docs-check-snippet.ts\n"
                "docs_serve ./neardup serve --data .docs-check-ts-index --top-k-floor 0.3\n"
                "node docs-check-js/docs-check-snippet.js")
        return self.bash(self.script(directory, line, port, body), directory, log, 300), ""

    def skip(self, block: Block, reason: str) -> None:
        self.counts["skipped"] += 1
        self.skips.append(f"  {block.where()}: {reason}")

    def prepare_page(self, page: str) -> Path:
        """A fresh scratch directory for a page: the inputs, wrappers of ./neardup and the scripts,
        links to the repository's directories."""
        directory = self.work / "run" / Path(page).stem
        shutil.rmtree(directory, ignore_errors=True)
        (directory / "scripts").mkdir(parents=True)
        shutil.copytree(self.work / "inputs", directory, dirs_exist_ok=True)
        wrapper(directory / "neardup", self.repo / "neardup")
        scripts = self.repo / "scripts"
        for script in sorted(scripts.iterdir()) if scripts.is_dir() else []:
            wrapper(directory / "scripts" / script.name, script)
        for name in self.project.links:
            (directory / Path(name).name).symlink_to(self.repo / name)
        self.project.prepare_page(self, page, directory)
        return directory

    def run(self, only: str = "") -> int:
        started = time.monotonic()
        (self.work / "run").mkdir(parents=True, exist_ok=True)
        shutil.rmtree(self.work / "run")
        (self.work / "run").mkdir(parents=True)
        shared = self.repo.parent / "shared"
        (self.work / "run" / "shared").symlink_to(shared)  # ../shared/data from each scratch
        shutil.rmtree(self.work / "inputs", ignore_errors=True)
        (self.work / "inputs").mkdir(parents=True)
        self.say("preparing the input files")
        self.project.prepare_inputs(self, self.work / "inputs")
        blocks = []
        for page in self.project.pages:
            blocks += parse_blocks(page, (self.repo / page).read_text())
        current, directory = None, None
        try:
            for block in blocks:
                self.counts["total"] += 1
                self.by_tag[block.tag] = self.by_tag.get(block.tag, 0) + 1
                if only and only not in (block.page, block.where()):
                    continue
                if block.page != current:
                    self.stop_page_server()
                    current, directory = block.page, self.prepare_page(block.page)
                if block.marker == "skip":
                    self.skip(block, block.reason)
                    continue
                self.run_block(block, directory)
        finally:
            self.stop_page_server()
        if not only:
            self.stale()
        c = self.counts
        tags = ", ".join(f"{tag} {count}" for tag, count in sorted(self.by_tag.items()))
        self.say(f"{c['total']} fenced blocks ({tags}): ran {c['ran']} ({c['scaled']} of them "
                 f"scaled down, {c['synopses']} synopses with --help, {c['compared']} outputs "
                 f"compared), skipped {c['skipped']}, {c['notrun']} not commands; "
                 f"{time.monotonic() - started:.0f} s")
        if self.skips:
            self.say("skipped:\n" + "\n".join(self.skips))
        # the plain closing line: every block that ran or was compared, and those that failed
        print(f"check-docs: {c['ran'] + c['texts']} passed, "
              f"{c['failures']} failed, {c['skipped']} skipped", file=self.out, flush=True)
        return c["failures"]

    def stale(self) -> None:
        """Every substitution, expectation and text comparison must still match its page."""
        for index, substitution in enumerate(self.project.substitutions):
            if index not in self.used:
                self.stale_entry(f"the substitution {substitution.page}|{substitution.written!r} "
                                 "matches no block of its page any more")
        for index, expectation in enumerate(self.project.expectations):
            if index not in self.matched_expectations:
                self.stale_entry(f"the expected output of {expectation.page}'s block "
                                 f"{expectation.first!r} matches no block of its page any more")
        for index, comparison in enumerate(self.project.text_comparisons):
            if index not in self.matched_comparisons:
                self.stale_entry(f"the text comparison of {comparison.page}'s block "
                                 f"{comparison.first!r} matches no block of its page any more")

    def stale_entry(self, message: str) -> None:
        self.counts["failures"] += 1
        print(f"check-docs: {message}", file=self.err, flush=True)


def wrapper(path: Path, target: Path) -> None:
    """An executable that runs `target` (not a link: the launcher finds its root from its path)."""
    path.write_text(f'#!/bin/sh\nexec "{target}" "$@"\n')
    path.chmod(0o755)
