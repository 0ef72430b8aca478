"""The Python client against a live service: NEARDUP_URL names it (.ci/check-release runs them
against one built with --top-k-floor and --containment-sampling, and against one built without
them). Each test uses ids of its own."""

import os
import unittest
import uuid

from neardup_client import NearDupClient, NearDupError

BASE = ("Sunny two-room flat near Termini station, fourth floor with a lift, bright kitchen, "
        "double bedroom, new bathroom, balcony over the courtyard, heating included, available "
        "from March to students or young workers, 800 euro a month, furnished, no agency fees")
NEAR = BASE.replace("young workers", "young professionals")
OTHER = ("Quiet studio in Trastevere for a single person, ground floor, garden access, "
         "internet included, 650 euro a month, minimum stay of one year, references required")


def setUpModule():
    if "NEARDUP_URL" not in os.environ:
        raise unittest.SkipTest("NEARDUP_URL is not set: start neardup serve and give its URL")


class NearDupClientTest(unittest.TestCase):
    def setUp(self):
        self.client = NearDupClient(os.environ["NEARDUP_URL"], timeout=30)
        self.prefix = uuid.uuid4().hex[:8] + "-"

    def key(self, name):
        return self.prefix + name

    def ours(self, duplicates):
        """The duplicates this test added (other tests' documents are alike)."""
        return [d for d in duplicates if d["id"].startswith(self.prefix)]

    def test_health(self):
        self.assertEqual({"status": "ok"}, self.client.health())

    def test_add_reports_the_near_duplicates_held_and_get_returns_the_text(self):
        first = self.client.add(self.key("a"), BASE + " " + self.prefix)
        self.assertEqual(self.key("a"), first["id"])
        self.assertEqual([], self.ours(first["duplicates"]))
        second = self.client.add(self.key("b"), NEAR + " " + self.prefix)
        duplicates = self.ours(second["duplicates"])
        self.assertEqual([self.key("a")], [d["id"] for d in duplicates])
        self.assertGreater(duplicates[0]["similarity"], 0.8)
        self.assertLess(duplicates[0]["similarity"], 1.0)
        self.assertEqual({"id": self.key("a"), "text": BASE + " " + self.prefix},
                         self.client.get(self.key("a")))

    def test_a_held_id_is_a_409_problem_unless_upsert(self):
        self.client.add(self.key("a"), OTHER)
        with self.assertRaises(NearDupError) as raised:
            self.client.add(self.key("a"), OTHER)
        self.assertEqual(409, raised.exception.status)
        self.assertEqual("Conflict", raised.exception.title)
        self.assertIn(self.key("a"), raised.exception.detail)
        self.client.add(self.key("a"), BASE, upsert=True)
        self.assertEqual(BASE, self.client.get(self.key("a"))["text"])

    def test_batch_gives_one_result_per_document_in_order(self):
        results = self.client.add_batch([
            (self.key("a"), OTHER + " " + self.prefix),
            {"id": self.key("b"), "text": OTHER + " " + self.prefix},
            {"id": "", "text": "an empty id"},
        ])
        self.assertEqual([0, 1, 2], [r["index"] for r in results])
        self.assertEqual(["added", "added", "invalid"], [r["status"] for r in results])
        self.assertEqual([self.key("a")], [d["id"] for d in self.ours(results[1]["duplicates"])])
        self.assertIn("id", results[2]["error"])

    def test_query_top_k_and_containment_store_nothing(self):
        text = BASE + " " + self.prefix
        self.client.add(self.key("a"), text)
        self.client.add(self.key("b"), NEAR + " " + self.prefix)
        held = self.client.stats()["documents"]

        found = self.client.query(text, limit=5)
        self.assertEqual(self.key("a"), found[0]["id"])
        self.assertEqual(1.0, found[0]["similarity"])
        with_diff = self.client.query(NEAR + " " + self.prefix, limit=1, diff=True)
        self.assertIn("diff", with_diff[0])

        top = self.client.top_k(text, 1)
        self.assertEqual([(self.key("a"), 1.0)], [(d["id"], d["similarity"]) for d in top])
        self.assertEqual(self.key("a"), self.client.top_k(text, 2, floor=0.8)[0]["id"])
        self.assertEqual([], self.client.top_k(OTHER + " " + BASE, 3, floor=0.99))

        half = text[len(text) // 2:]
        if self.client.stats()["containmentSampling"] > 0:
            contained = self.ours(self.client.containment(half))
            self.assertIn(self.key("a"), [d["id"] for d in contained])
            self.assertEqual(1.0, contained[0]["similarity"])
        else:
            with self.assertRaises(NearDupError) as raised:
                self.client.containment(half)
            self.assertEqual(400, raised.exception.status)

        self.assertEqual(held, self.client.stats()["documents"])

    def test_top_k_goes_down_to_the_floor_the_service_documents_and_says_which(self):
        stats = self.client.stats()
        self.client.add(self.key("a"), BASE + " " + self.prefix)
        loose = BASE[:len(BASE) * 2 // 3] + " " + self.prefix  # J = 0.65
        top = self.client.top_k(loose, 100)
        # the index's top-k floor, or its threshold for an index built without one
        self.assertEqual(stats["topKFloor"], top.floor)
        ours = self.ours(top)
        if stats["topKFloor"] < stats["threshold"]:
            self.assertEqual([self.key("a")], [d["id"] for d in ours])
            self.assertLess(ours[0]["similarity"], stats["threshold"])
        else:
            self.assertEqual([], ours)
        self.assertEqual(0.99, self.client.top_k(loose, 3, floor=0.99).floor)

    def test_the_docs_example_answers_what_it_says(self):
        # docs/server.md's example, under ids of this test's own
        floor = self.client.stats()["topKFloor"]
        self.client.add(self.key("ad-1"), "Sunny two-room flat near Termini station, 800 euro a month")
        found = self.ours(self.client.query(
            "Sunny two-room flat near Termini station - 800 euro a month", limit=100))
        self.assertEqual([{"id": self.key("ad-1"), "similarity": 0.8166666666666667}], found)
        top = self.client.top_k("two-room flat near Termini", 100)
        expected = [{"id": self.key("ad-1"), "similarity": 0.4074074074074074}] if floor <= 0.4 else []
        self.assertEqual(expected, self.ours(top))
        self.assertEqual(floor, top.floor)

    def test_delete_then_get_and_delete_are_404_problems(self):
        self.client.add(self.key("a/b c"), OTHER)
        self.assertEqual(self.key("a/b c"), self.client.get(self.key("a/b c"))["id"])
        self.client.delete(self.key("a/b c"))
        for call in (self.client.get, self.client.delete):
            with self.assertRaises(NearDupError) as raised:
                call(self.key("a/b c"))
            self.assertEqual(404, raised.exception.status)
            self.assertEqual("not found", raised.exception.title.lower())
            self.assertIn(self.key("a/b c"), raised.exception.detail)

    def test_a_bad_request_is_a_400_problem_naming_the_parameter(self):
        with self.assertRaises(NearDupError) as raised:
            self.client.query(BASE, limit=0)
        self.assertEqual(400, raised.exception.status)
        self.assertIn("limit", raised.exception.detail)
        self.assertIn("limit", str(raised.exception))


if __name__ == "__main__":
    unittest.main()
