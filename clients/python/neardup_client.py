"""A client for the neardup service (``neardup serve``; docs/server.md), standard library only.

    from neardup_client import NearDupClient, NearDupError

    client = NearDupClient("http://127.0.0.1:8080")            # token="..." for serve --token
    client.add("ad-1", "Sunny two-room flat near Termini station, 800 euro a month")
    client.query("Sunny two-room flat near Termini station - 800 euro a month")
    # [{'id': 'ad-1', 'similarity': 0.8166666666666667}]

Every method sends one request. An answer of the service other than 2xx raises NearDupError, which
carries the problem's ``status``, ``title`` and ``detail`` (RFC 9457 problem+json). A service that
cannot be reached raises urllib's URLError (an OSError). A client may be shared by threads: it holds
no state between requests.
"""

import json
import urllib.error
import urllib.parse
import urllib.request

__all__ = ["NearDupClient", "NearDupError", "TopK"]


class TopK(list):
    """What ``top_k`` returns: the duplicates, best first (a list), and ``floor``, the similarity
    the service looked down to (the index's top-k floor, or its threshold when it was built without
    one, or the ``floor`` asked for): fewer than k, or none, reach it."""

    def __init__(self, duplicates, floor):
        super().__init__(duplicates)
        self.floor = floor

    def __repr__(self):
        return f"TopK({list.__repr__(self)}, floor={self.floor!r})"


class NearDupError(Exception):
    """A request the service refused: ``status`` (the HTTP status), ``title`` and ``detail`` of its
    problem+json answer (``type`` too), and ``body``, the answer's text as sent."""

    def __init__(self, status, title, detail, type_=None, body=""):
        super().__init__(f"{status} {title}: {detail}" if detail else f"{status} {title}")
        self.status = status
        self.title = title
        self.detail = detail
        self.type = type_
        self.body = body


class NearDupClient:
    """The service at ``base_url`` (e.g. ``http://127.0.0.1:8080``); ``token`` for a service
    started with ``--token``; ``timeout`` in seconds for each request."""

    def __init__(self, base_url="http://127.0.0.1:8080", token=None, timeout=30.0):
        self.base_url = base_url.rstrip("/")
        self.token = token
        self.timeout = timeout

    # -- documents ---------------------------------------------------------------------------

    def add(self, id, text, upsert=False, diff=False):
        """Stores a document; returns ``{"id", "duplicates"}``, the near-duplicates already held
        (best first). A held id raises NearDupError 409 unless ``upsert`` replaces it."""
        return self._request("POST", "/documents", {"upsert": upsert, "diff": diff},
                             {"id": id, "text": text})

    def add_batch(self, documents, upsert=False):
        """Stores many documents: an iterable of ``{"id", "text"}`` dicts or ``(id, text)`` pairs.
        Returns one result a document, in order: ``{"index", "id", "status", "duplicates"}``, status
        ``added``, ``replaced``, ``exists``, ``empty`` or ``invalid`` (then with ``error``); a bad
        document does not stop the others."""
        items = [d if isinstance(d, dict) else {"id": d[0], "text": d[1]} for d in documents]
        return self._request("POST", "/documents:batch", {"upsert": upsert}, items)

    def get(self, id):
        """The document held under ``id``: ``{"id", "text"}`` (no text when the service keeps
        none). An unknown id raises NearDupError 404."""
        return self._request("GET", "/documents/" + _quote(id))

    def delete(self, id):
        """Removes the document held under ``id``. An unknown id raises NearDupError 404."""
        self._request("DELETE", "/documents/" + _quote(id))

    # -- queries (nothing is stored) ---------------------------------------------------------

    def query(self, text, limit=None, diff=False):
        """The documents held whose Jaccard similarity to ``text`` is at least the index's
        threshold, best first: a list of ``{"id", "similarity"}`` (with ``diff``: also ``text`` and
        ``diff``, the word diff of the stored text into this one). At most ``limit`` (default 100)."""
        return self._query(text, {"limit": limit, "diff": diff})

    def top_k(self, text, k, floor=None, diff=False):
        """The ``k`` documents most similar to ``text`` (exact Jaccard), best first, down to the
        index's top-k floor: an index built without ``--top-k-floor`` has its threshold as floor, so
        only near-duplicates come back (``neardup index rebuild --top-k-floor F`` gives it one).
        With ``floor``, down to that (between the index's floor and 1). Returns a ``TopK``: the list
        of ``{"id", "similarity"}``, and ``.floor``, how low the service looked."""
        answer = self._request("POST", "/query", {"top": k, "floor": floor, "diff": diff},
                               {"text": text})
        return TopK(answer["duplicates"], answer.get("floor"))

    def containment(self, text, limit=None, diff=False):
        """The documents holding at least the threshold of ``text`` (|T ∩ X| / |T|, exact), most
        contained first; ``similarity`` is that containment. The index must have been built with
        ``--containment-sampling``, else NearDupError 400."""
        return self._query(text, {"measure": "containment", "limit": limit, "diff": diff})

    # -- the service -------------------------------------------------------------------------

    def health(self):
        """``{"status": "ok"}`` when the service is up."""
        return self._request("GET", "/health")

    def stats(self):
        """Documents held, disk use and the index's settings."""
        return self._request("GET", "/stats")

    # -- plumbing ----------------------------------------------------------------------------

    def _query(self, text, params):
        return self._request("POST", "/query", params, {"text": text})["duplicates"]

    def _request(self, method, path, params=None, body=None):
        query = {k: _param(v) for k, v in (params or {}).items() if v is not None and v is not False}
        url = self.base_url + path + ("?" + urllib.parse.urlencode(query) if query else "")
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(url, data=data, method=method)
        request.add_header("Accept", "application/json, application/problem+json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if self.token is not None:
            request.add_header("Authorization", "Bearer " + self.token)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                payload = response.read()
        except urllib.error.HTTPError as e:
            raise _problem(e) from None
        return json.loads(payload.decode("utf-8")) if payload else None


def _quote(id):
    return urllib.parse.quote(id, safe="")


def _param(value):
    return "true" if value is True else str(value)


def _problem(error):
    text = error.read().decode("utf-8", errors="replace")
    try:
        problem = json.loads(text)
    except ValueError:
        problem = None
    if not isinstance(problem, dict):
        return NearDupError(error.code, error.reason or "HTTP error", text.strip(), body=text)
    return NearDupError(problem.get("status", error.code), problem.get("title", error.reason),
                        problem.get("detail", ""), problem.get("type"), text)
