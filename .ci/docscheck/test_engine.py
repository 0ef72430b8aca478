"""Tests of the docs check's engine, on small pages in a scratch repository whose ./neardup is a
stand-in (a shell script; its `serve` a small HTTP server answering /health). Each failure the
check exists for is planted: a broken block, a stale substitution, an output that differs."""

import io
import tempfile
import textwrap
import unittest
from pathlib import Path

from engine import (DocsError, Engine, Expectation, Project, Substitution, TextComparison,
                    console_steps, parse_blocks, serve_and_ports, synopsis_commands)

FENCE = "```"

# ./neardup of the scratch repository: `serve --port P` serves /health and /hello on 127.0.0.1:P,
# `--help` succeeds, anything else prints its arguments.
NEARDUP = r"""#!/usr/bin/env bash
if [ "$1" = serve ]; then
  while [ $# -gt 0 ]; do [ "$1" = --port ] && port="$2"; shift; done
  exec python3 -c '
import http.server, sys
class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        ok = self.path in ("/health", "/hello")
        self.send_response(200 if ok else 404)
        self.end_headers()
        self.wfile.write(b"hello\n" if ok else b"no such page\n")
    def log_message(self, *args):
        pass
http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
' "$port"
fi
for a in "$@"; do [ "$a" = --help ] && exit 0; done
echo "neardup $*"
"""


def fenced(tag, text, marker=""):
    return (marker + "\n" if marker else "") + f"{FENCE}{tag}\n{textwrap.dedent(text).strip()}\n{FENCE}\n"


class Scratch:
    """A repository of pages and the stand-in ./neardup, and a project over it."""

    def __init__(self, pages, **project):
        self.tmp = tempfile.TemporaryDirectory()
        root = Path(self.tmp.name)
        self.repo = root / "repo"
        (self.repo / "docs").mkdir(parents=True)
        (root / "shared" / "data").mkdir(parents=True)
        (root / "shared" / "data" / "truth.tsv").write_text("a\tb\n")
        (self.repo / "neardup").write_text(NEARDUP)
        (self.repo / "neardup").chmod(0o755)
        for name, text in pages.items():
            (self.repo / name).write_text(text)
        self.project = Project(repo=self.repo, pages=list(pages), version="9.9", block_timeout=60,
                               **project)

    def run(self, only=""):
        out, err = io.StringIO(), io.StringIO()
        engine = Engine(self.project, out=out, err=err)
        failures = engine.run(only)
        return failures, engine.counts, out.getvalue(), err.getvalue()

    def close(self):
        self.tmp.cleanup()


class CheckTest(unittest.TestCase):
    def scratch(self, pages, **project):
        scratch = Scratch(pages, **project)
        self.addCleanup(scratch.close)
        return scratch

    def test_a_page_whose_blocks_all_hold_passes_and_is_counted(self):
        page = ("# Title\n\n"
                + fenced("sh", """
                    ./neardup pairs --documents 1000000 > out.txt
                    grep -q 'documents 2000' out.txt
                    """)
                + fenced("sh", "cat out.txt ../shared/data/truth.tsv")
                + fenced("console", """
                    $ ./neardup tune \\
                        --shingle char:10
                    neardup tune --shingle char:10
                    """)
                + fenced("text", "neardup eval")
                + fenced("sh", "./neardup serve --data big", "<!-- not run in CI: a real cluster -->")
                + fenced("sh", "./neardup pairs [OPTIONS] FILE...", "<!-- synopsis -->")
                + fenced("json", '{"not": "run"}'))
        scratch = self.scratch(
            {"README.md": page},
            substitutions=[Substitution("README.md", "--documents 1000000", "--documents 2000")],
            text_comparisons=[TextComparison("README.md", "neardup eval", "./neardup eval")],
            expectations=[Expectation("README.md", "cat out.txt", lambda d, log:
                                      None if "a\tb" in log else "no truth pair")])
        failures, counts, out, err = scratch.run()
        self.assertEqual(failures, 0, err)
        self.assertEqual(counts["total"], 7)
        self.assertEqual(counts["ran"], 4)  # three sh (one a synopsis) and the console
        self.assertEqual(counts["scaled"], 1)
        self.assertEqual(counts["synopses"], 1)
        self.assertEqual(counts["compared"], 3)  # the console, the text, the expectation
        self.assertEqual(counts["skipped"], 1)
        self.assertEqual(counts["notrun"], 1)
        self.assertIn("README.md:19: a real cluster", out)
        self.assertIn("check-docs: 5 passed, 0 failed, 1 skipped", out)

    def test_a_broken_block_fails_naming_its_page_and_line(self):
        page = "intro\n\n" + fenced("sh", "echo first\nfalse\necho never")
        failures, counts, out, err = self.scratch({"docs/cli.md": page}).run()
        self.assertEqual(failures, 1)
        self.assertIn("check-docs: FAILED docs/cli.md:3: exit 1", err)
        self.assertIn("    | false", err)  # the block as the page shows it
        self.assertIn("    first", err)  # and what it printed
        self.assertNotIn("never", err.split("output")[1])

    def test_a_pipeline_fails_when_any_command_of_it_fails(self):
        page = fenced("sh", "false | cat")
        failures, *_ = self.scratch({"README.md": page}).run()
        self.assertEqual(failures, 1)

    def test_a_substitution_that_matches_nothing_fails(self):
        page = fenced("sh", "./neardup generate --documents 5000")
        scratch = self.scratch({"README.md": page}, substitutions=[
            Substitution("README.md", "--documents 5000", "--documents 500"),
            Substitution("README.md", "--documents 1000000", "--documents 2000")])
        failures, counts, out, err = scratch.run()
        self.assertEqual(failures, 1)
        self.assertEqual(counts["ran"], 1)
        self.assertIn("the substitution README.md|'--documents 1000000' matches no block", err)

    def test_a_substitution_of_another_page_is_not_applied_here(self):
        page = fenced("sh", "./neardup generate --documents 5000 > out\ngrep -q 5000 out")
        scratch = self.scratch({"README.md": page, "docs/a.md": fenced("sh", "true")}, substitutions=[
            Substitution("docs/a.md", "--documents 5000", "--documents 500")])
        failures, counts, out, err = scratch.run()
        self.assertEqual(failures, 1)  # README's block ran as written; the substitution is stale
        self.assertEqual(counts["ran"], 2)
        self.assertIn("docs/a.md|'--documents 5000' matches no block", err)

    def test_a_console_transcript_that_prints_something_else_fails(self):
        page = fenced("console", "$ ./neardup tune\nbands=21 rows=6")
        failures, counts, out, err = self.scratch({"docs/cli.md": page}).run()
        self.assertEqual(failures, 1)
        self.assertIn("`./neardup tune` prints something else", err)
        self.assertIn("bands=21 rows=6", err)
        self.assertEqual(counts["compared"], 0)

    def test_a_text_block_that_the_command_no_longer_prints_fails(self):
        page = fenced("text", "neardup eval --old")
        scratch = self.scratch({"README.md": page}, text_comparisons=[
            TextComparison("README.md", "neardup eval", "./neardup eval --new")])
        failures, counts, out, err = scratch.run()
        self.assertEqual(failures, 1)
        self.assertIn("FAILED README.md:1: the command prints something else", err)

    def test_an_output_that_differs_from_the_expected_fails(self):
        page = fenced("sh", "./neardup dedup -o clean.tsv")
        scratch = self.scratch({"README.md": page}, expectations=[
            Expectation("README.md", "./neardup dedup", lambda d, log:
                        None if "kept 1,573" in log else "no 'kept 1,573' line")])
        failures, counts, out, err = scratch.run()
        self.assertEqual(failures, 1)
        self.assertIn("FAILED README.md:1: no 'kept 1,573' line", err)

    def test_an_expected_output_or_text_comparison_of_no_block_fails(self):
        scratch = self.scratch({"README.md": fenced("sh", "true")}, expectations=[
            Expectation("README.md", "./neardup gone", lambda d, log: None)], text_comparisons=[
            TextComparison("README.md", "gone", "true")])
        failures, counts, out, err = scratch.run()
        self.assertEqual(failures, 2)
        self.assertIn("the expected output of README.md's block './neardup gone' matches no block",
                      err)
        self.assertIn("the text comparison of README.md's block 'gone' matches no block", err)

    def test_one_block_runs_alone_and_the_lists_are_not_checked_then(self):
        page = fenced("sh", "false") + "\n" + fenced("sh", "echo two > two.txt")
        scratch = self.scratch({"README.md": page}, substitutions=[
            Substitution("README.md", "never there", "x")])
        failures, counts, out, err = scratch.run("README.md:5")
        self.assertEqual(failures, 0, err)
        self.assertEqual(counts["ran"], 1)

    def test_blocks_of_a_page_share_a_directory_and_pages_do_not(self):
        scratch = self.scratch({"README.md": fenced("sh", "echo x > mine.txt"),
                                "docs/b.md": fenced("sh", "test ! -e mine.txt")})
        failures, counts, out, err = scratch.run()
        self.assertEqual(failures, 0, err)

    def test_services_run_on_free_ports_and_curl_fails_on_an_error_status(self):
        own = fenced("sh", """
            ./neardup serve --data index --port 8080 &
            curl -s localhost:8080/hello | grep -qx hello
            """)
        page_service = fenced("sh", "curl -s 'http://127.0.0.1:8080/hello' | grep -qx hello")
        missing = fenced("sh", "curl -s localhost:8080/missing")
        scratch = self.scratch({"docs/server.md": own + "\n" + page_service + "\n" + missing})
        failures, counts, out, err = scratch.run()
        self.assertEqual(failures, 1, err)
        self.assertEqual(counts["ran"], 2)
        self.assertIn("FAILED docs/server.md:10: exit 22", err)  # curl's exit on an HTTP error
        self.assertIn("no such page", err)

    def test_an_unclosed_fence_stops_the_check(self):
        scratch = self.scratch({"README.md": "text\n```sh\necho\n"})
        with self.assertRaisesRegex(DocsError, "README.md:2: a fence that is never closed"):
            scratch.run()


class PartsTest(unittest.TestCase):
    def test_markers_are_the_line_just_above_the_fence(self):
        text = ("<!-- not run in CI: needs YARN -->\n" + fenced("sh", "a") + "prose\n\n"
                + fenced("sh", "b") + "<!-- synopsis: x -->\n\n" + fenced("sh", "c"))
        blocks = parse_blocks("p.md", text)
        self.assertEqual([(b.line, b.marker, b.reason, b.text) for b in blocks],
                         [(2, "skip", "needs YARN", "a"), (7, None, "", "b"),
                          (12, "synopsis", "", "c")])

    def test_serve_lines_go_to_the_background_on_the_port_given(self):
        text = ("./neardup serve --data idx --port 8080 &   # the service\n"
                "java -jar neardup.jar serve --data idx\n"
                "curl localhost:8080/a 127.0.0.1:18211/b 127.0.0.1:PORT/c\n"
                "echo ./neardup serve")
        self.assertEqual(serve_and_ports(text, 4242).split("\n"), [
            "docs_serve ./neardup serve --data idx --port 8080   # the service",
            "docs_serve java -jar neardup.jar serve --data idx",
            "curl 127.0.0.1:4242/a 127.0.0.1:4242/b 127.0.0.1:4242/c",
            "echo ./neardup serve"])

    def test_a_synopsis_runs_each_command_with_help(self):
        text = "./neardup pairs [OPTIONS] FILE\n./neardup index build --data DIR\n# note"
        self.assertEqual(synopsis_commands(text),
                         "./neardup pairs --help > /dev/null\n"
                         "./neardup index build --help > /dev/null")

    def test_a_console_transcript_is_commands_and_outputs(self):
        self.assertEqual(console_steps("$ a \\\n  b\nout 1\n\nout 2\n$ c\n"),
                         [("a \\\n  b\n", "out 1\n\nout 2\n"), ("c\n", "\n")])


if __name__ == "__main__":
    unittest.main()
