// neardup's page: plain JavaScript over the service's JSON API (docs/server.md), no framework.
// Every text from the server or a file goes into the page as a text node (textContent), never as
// HTML: documents are untrusted.
(function () {
  'use strict';

  const TOKEN_KEY = 'neardup.token';
  const SHOWN = 20; // duplicates shown; one more is asked for, to say when there are more
  const MAX_FILE = 16 * 1024 * 1024; // the server's default body limit
  const MAX_UNCHANGED = 150; // as the report: a longer unchanged run is elided around the changes
  const CONTEXT = 25;

  const $ = (id) => document.getElementById(id);
  let memoryToken = null; // when sessionStorage is unavailable
  let tokenPrompt = null; // the token dialog's pending answer, shared by concurrent calls
  let keepsTexts = null; // from /stats: false when the server runs with --no-texts

  // ---- the token: asked when the server answers 401, kept for this tab only ----

  function storedToken() {
    try {
      return window.sessionStorage.getItem(TOKEN_KEY);
    } catch (e) {
      return memoryToken;
    }
  }

  function storeToken(token) {
    memoryToken = token;
    try {
      if (token === null) {
        window.sessionStorage.removeItem(TOKEN_KEY);
      } else {
        window.sessionStorage.setItem(TOKEN_KEY, token);
      }
    } catch (e) {
      // sessionStorage refused (a private mode): the token lives in this page only
    }
    $('forget-token').hidden = token === null;
  }

  /** Opens the token dialog; resolves to the token given, or null when cancelled. */
  function askToken(problem) {
    if (tokenPrompt) {
      return tokenPrompt;
    }
    const dialog = $('token-dialog');
    const input = $('token');
    $('token-why').textContent = problemText(problem);
    input.value = '';
    tokenPrompt = new Promise((resolve) => {
      const done = (value) => {
        $('token-form').removeEventListener('submit', onSubmit);
        $('token-cancel').removeEventListener('click', onCancel);
        dialog.removeEventListener('cancel', onCancel);
        if (dialog.open) {
          dialog.close();
        }
        tokenPrompt = null;
        resolve(value);
      };
      const onSubmit = (event) => {
        event.preventDefault();
        const value = input.value.trim();
        if (value !== '') {
          done(value);
        }
      };
      const onCancel = (event) => {
        event.preventDefault();
        done(null);
      };
      $('token-form').addEventListener('submit', onSubmit);
      $('token-cancel').addEventListener('click', onCancel);
      dialog.addEventListener('cancel', onCancel);
      dialog.showModal();
      input.focus();
    });
    return tokenPrompt;
  }

  // ---- calling the API ----

  /** A refusal of the server (its problem+json) or a failure to reach it. */
  class ApiError extends Error {
    constructor(problem) {
      super(problemText(problem));
      this.problem = problem;
    }
  }

  // A problem's detail may name an id: its bidi controls are shown, as an id's are.
  function problemText(problem) {
    return problem.detail ? problem.title + ': ' + visibleControls(problem.detail) : problem.title;
  }

  async function problemOf(response) {
    let body = null;
    try {
      body = await response.json();
    } catch (e) {
      // not JSON (a proxy's page?): the status line says what there is to say
    }
    if (body && typeof body.title === 'string') {
      const detail = typeof body.detail === 'string' ? body.detail : '';
      return { title: body.title, detail, status: response.status };
    }
    return { title: 'HTTP ' + response.status + (response.statusText ? ' ' + response.statusText : ''),
      detail: 'the server answered with no explanation', status: response.status };
  }

  async function send(method, path, body, token) {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
    }
    if (token) {
      headers.Authorization = 'Bearer ' + token;
    }
    try {
      return await fetch(path, { method, headers, cache: 'no-store',
        body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      throw new ApiError({ title: 'Cannot reach the server',
        detail: 'is it still running? (' + e.message + ')', status: 0 });
    }
  }

  /**
   * Calls the API and returns its JSON (null for an empty answer); throws an ApiError with the
   * problem's title and detail when refused. On a 401 it asks for the token once and tries again.
   */
  async function api(method, path, body) {
    let response = await send(method, path, body, storedToken());
    if (response.status === 401) {
      const hadToken = storedToken() !== null;
      if (hadToken) {
        storeToken(null); // wrong, or the server's token changed
      }
      const problem = await problemOf(response);
      const token = await askToken(problem);
      if (token === null) {
        throw new ApiError(problem);
      }
      storeToken(token);
      response = await send(method, path, body, token);
      if (response.status === 401) {
        storeToken(null);
        throw new ApiError(await problemOf(response));
      }
      if (response.ok && path !== '/stats') {
        refreshStats(); // the token now works: fill in what the refusal left empty
      }
    }
    if (!response.ok) {
      throw new ApiError(await problemOf(response));
    }
    if (response.status === 204) {
      return null;
    }
    return response.json();
  }

  // ---- showing things ----

  // The bidi controls (embeddings, overrides, isolates, marks): in an id they would change how the
  // id and what follows it read (U+202E shows "exe.png" for "gnp.exe"), so an id shows each as a
  // visible ⟨U+XXXX⟩ wherever the page shows it (a heading of its own is also isolated: .ids), as
  // does a problem's detail, which may name one.
  const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

  function visibleControls(text) {
    return text.replace(BIDI_CONTROLS,
      (c) => '⟨U+' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0') + '⟩');
  }

  function element(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) {
      node.textContent = text;
    }
    if (className) {
      node.className = className;
    }
    return node;
  }

  function showError(error) {
    const box = $('error');
    box.replaceChildren();
    if (error instanceof ApiError) {
      box.append(element('strong', error.problem.title + (error.problem.detail ? ':' : '')),
        document.createTextNode(error.problem.detail ? ' ' + visibleControls(error.problem.detail) : ''));
    } else {
      const message = String(error && error.message || error);
      box.append(element('strong', 'Error:'), document.createTextNode(' ' + message));
    }
    box.hidden = false;
  }

  function clearError() {
    $('error').hidden = true;
    $('error').replaceChildren();
  }

  /** Runs an action with its button disabled; its failure is shown, never left as a blank page. */
  async function run(button, action) {
    if (button.disabled) {
      return;
    }
    button.disabled = true;
    try {
      await action();
      clearError();
    } catch (error) {
      showError(error);
    } finally {
      button.disabled = false;
    }
  }

  /** A similarity with 6 decimals, rounded as ./neardup pairs writes it. */
  function similarity(value) {
    const micros = Math.round(value * 1000000);
    return Math.floor(micros / 1000000) + '.' + String(micros % 1000000).padStart(6, '0');
  }

  function bytes(value) {
    const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
    let unit = 0;
    let shown = value;
    while (shown >= 1024 && unit < units.length - 1) {
      shown /= 1024;
      unit++;
    }
    return (unit === 0 ? String(shown) : shown.toFixed(1)) + ' ' + units[unit];
  }

  /** Appends unchanged words; a long run keeps CONTEXT words by each change and a button for the rest. */
  function appendUnchanged(parent, words, changeBefore, changeAfter) {
    if (words.length <= MAX_UNCHANGED) {
      parent.append(document.createTextNode(words.join(' ')));
      return;
    }
    const head = changeBefore ? CONTEXT : changeAfter ? 0 : MAX_UNCHANGED;
    const tail = changeAfter ? CONTEXT : 0;
    if (head > 0) {
      parent.append(document.createTextNode(words.slice(0, head).join(' ') + ' '));
    }
    const hidden = words.slice(head, words.length - tail);
    const more = element('button', '[… ' + hidden.length + ' unchanged words …]', 'skip');
    more.type = 'button';
    more.title = 'Show the unchanged words';
    more.addEventListener('click', () => more.replaceWith(document.createTextNode(hidden.join(' '))));
    parent.append(more);
    if (tail > 0) {
      parent.append(document.createTextNode(' ' + words.slice(words.length - tail).join(' ')));
    }
  }

  /** One side of the diff: its unchanged words as text, its own changes marked. */
  function side(title, diff, left) {
    const box = element('div', null, 'side');
    box.append(element('h4', title));
    const text = element('p', null, 'text');
    let first = true;
    diff.forEach((segment, s) => {
      const words = left ? segment.left : segment.right;
      if (words === '') {
        return;
      }
      if (!first) {
        text.append(document.createTextNode(' '));
      }
      first = false;
      if (segment.kind === 'same') {
        appendUnchanged(text, words.split(' '), s > 0, s < diff.length - 1);
      } else {
        text.append(element(segment.kind === 'deleted' ? 'del' : 'ins', words));
      }
    });
    box.append(text);
    return box;
  }

  function duplicateItem(duplicate) {
    const item = element('li', null, 'dup');
    item.dataset.id = duplicate.id;
    const head = element('div', null, 'dup-head');
    head.append(element('h3', visibleControls(duplicate.id), 'ids'));
    const value = element('data', similarity(duplicate.similarity));
    value.value = String(duplicate.similarity);
    const label = element('span', 'similarity ', 'similarity');
    label.append(value);
    label.title = 'exact Jaccard similarity of the shingle sets: ' + duplicate.similarity;
    head.append(label);
    const bar = element('span', null, 'bar');
    bar.setAttribute('aria-hidden', 'true');
    const fill = element('span');
    fill.style.width = (Math.max(0, Math.min(1, duplicate.similarity)) * 100).toFixed(2) + '%';
    bar.append(fill);
    head.append(bar);
    item.append(head);
    if (Array.isArray(duplicate.diff)) {
      const sides = element('div', null, 'sides');
      sides.append(side('stored: ' + visibleControls(duplicate.id), duplicate.diff, true),
        side('your text', duplicate.diff, false));
      item.append(sides);
    } else if (typeof duplicate.diffOmitted === 'string') {
      item.append(element('p', 'No diff: ' + duplicate.diffOmitted + '.', 'notext'));
    } else {
      item.append(element('p', keepsTexts === false
        ? 'No diff: the server keeps no texts (it runs with --no-texts), so there is no stored text to compare.'
        : 'No diff: the index holds no text for this document (it was loaded from a signature file).', 'notext'));
    }
    return item;
  }

  function showDuplicates(duplicates, lead) {
    const list = $('results-list');
    list.replaceChildren(...duplicates.slice(0, SHOWN).map(duplicateItem));
    let status;
    if (duplicates.length === 0) {
      status = 'No near-duplicate among the documents held.';
    } else if (duplicates.length > SHOWN) {
      status = 'More than ' + SHOWN + ' near-duplicates; the ' + SHOWN + ' most similar:';
    } else {
      status = duplicates.length
        + (duplicates.length === 1 ? ' near-duplicate:' : ' near-duplicates, most similar first:');
    }
    $('results-status').textContent = lead + status;
    $('legend').hidden = !duplicates.some((d) => Array.isArray(d.diff));
  }

  function requireText() {
    const text = $('text').value;
    if (text.trim() === '') {
      throw new ApiError({ title: 'Nothing to check', detail: 'paste a text or open a file first', status: 0 });
    }
    return text;
  }

  // ---- the actions ----

  /** Clears the results and says why there are none; the banner says the rest. */
  function showFailure(status) {
    $('results-list').replaceChildren();
    $('legend').hidden = true;
    $('results-status').textContent = status;
  }

  async function check() {
    const text = requireText();
    $('results-status').textContent = 'Checking…';
    let answer;
    try {
      answer = await api('POST', '/query?diff=true&limit=' + (SHOWN + 1), { text });
    } catch (error) {
      showFailure('Not checked (the message above says why).');
      throw error;
    }
    showDuplicates(answer.duplicates, '');
  }

  async function add() {
    const text = requireText();
    const id = $('add-id').value;
    if (id === '') {
      $('add-id').focus();
      throw new ApiError({ title: 'No id', detail: 'give the document an id to add it under', status: 0 });
    }
    const upsert = $('upsert').checked;
    $('results-status').textContent = 'Adding…';
    let answer;
    try {
      answer = await api('POST', '/documents?diff=true' + (upsert ? '&upsert=true' : ''), { id, text });
    } catch (error) {
      if (error instanceof ApiError && error.problem.status === 409) {
        // the server's detail names the API's ?upsert=true; a person has the checkbox instead
        showFailure('Not added: “' + visibleControls(id) + '” is already held.');
        $('upsert').focus();
        throw new ApiError({ title: error.problem.title, status: 409, detail: 'document \'' + id
          + '\' already exists; tick “' + $('upsert-label').textContent.trim()
          + '” and add again to store this text in its place' });
      }
      showFailure('Not added (the message above says why).');
      throw error;
    }
    showDuplicates(answer.duplicates, (upsert ? 'Stored “' : 'Added “') + visibleControls(answer.id) + '”. ');
    $('lookup-id').value = answer.id;
    refreshStats();
  }

  function path(id) {
    return '/documents/' + encodeURIComponent(id);
  }

  function requireId() {
    const id = $('lookup-id').value;
    if (id === '') {
      $('lookup-id').focus();
      throw new ApiError({ title: 'No id', detail: 'type the id of a document', status: 0 });
    }
    return id;
  }

  async function lookUp() {
    const id = requireId();
    const shown = $('document');
    try {
      const doc = await api('GET', path(id));
      const article = element('article');
      article.append(element('h3', visibleControls(doc.id), 'ids'));
      if (typeof doc.text === 'string') {
        article.append(element('p', doc.text, 'text'));
      } else {
        article.append(element('p', 'The index holds no text for it'
          + ' (the server keeps none, or it came from a signature file).', 'notext'));
      }
      shown.replaceChildren(article);
    } catch (error) {
      shown.replaceChildren();
      throw error;
    }
  }

  async function remove() {
    const id = requireId();
    if (!window.confirm('Delete “' + visibleControls(id) + '” from the index?')) {
      return;
    }
    await api('DELETE', path(id));
    $('document').replaceChildren(element('p', 'Deleted “' + visibleControls(id) + '”.'));
    refreshStats();
  }

  async function loadStats() {
    const list = $('stats-list');
    try {
      const stats = await api('GET', '/stats');
      keepsTexts = stats.keepTexts;
      const rows = [
        ['documents', stats.documents.toLocaleString('en')],
        ['disk use', bytes(stats.diskBytes)],
        ['threshold', String(stats.threshold)],
        ['shingles', stats.sketch.shingle],
        ['normalization', stats.sketch.normalization],
        ['signature',
          stats.sketch.scheme + ', ' + stats.sketch.permutations + ' values, seed ' + stats.sketch.seed],
        ['banding', stats.bands + ' bands × ' + stats.rows + ' rows'],
        ['similarity', stats.verify === 'exact' ? 'exact Jaccard' : 'signature estimate'],
        ['texts', stats.keepTexts ? 'kept' : 'not kept (--no-texts)'],
      ];
      const children = [];
      for (const [name, value] of rows) {
        const dt = element('dt', name);
        const dd = element('dd', value);
        dd.dataset.stat = name;
        children.push(dt, dd);
      }
      list.replaceChildren(...children);
    } catch (error) {
      list.replaceChildren(element('dt', 'unavailable'), element('dd', error.message));
      throw error;
    }
  }

  /** Reloads the figures; a failure shows in their panel. */
  function refreshStats() {
    loadStats().catch(() => {});
  }

  // ---- files: opened or dropped ----

  async function readFile(file) {
    if (file.size > MAX_FILE) {
      throw new ApiError({ title: 'File too large',
        detail: file.name + ' is over 16 MiB, the server\'s default limit', status: 0 });
    }
    $('text').value = await file.text();
    if ($('add-id').value === '') {
      $('add-id').value = file.name;
    }
  }

  function wire() {
    $('check-form').addEventListener('submit', (event) => {
      event.preventDefault();
      run($('check-button'), check);
    });
    $('text').addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        run($('check-button'), check);
      }
    });
    $('add-button').addEventListener('click', () => run($('add-button'), add));
    $('lookup-form').addEventListener('submit', (event) => {
      event.preventDefault();
      run($('lookup-button'), lookUp);
    });
    $('delete-button').addEventListener('click', () => run($('delete-button'), remove));
    $('stats-refresh').addEventListener('click', () => run($('stats-refresh'), loadStats));
    $('forget-token').addEventListener('click', () => storeToken(null));
    $('file').addEventListener('change', () => {
      const file = $('file').files[0];
      if (file) {
        run($('file'), () => readFile(file));
      }
    });
    const box = $('text');
    box.addEventListener('dragover', (event) => {
      if (event.dataTransfer && Array.from(event.dataTransfer.types).includes('Files')) {
        event.preventDefault();
        box.classList.add('dropping');
      }
    });
    box.addEventListener('dragleave', () => box.classList.remove('dropping'));
    box.addEventListener('drop', (event) => {
      box.classList.remove('dropping');
      const file = event.dataTransfer && event.dataTransfer.files[0];
      if (file) {
        event.preventDefault();
        run($('file'), () => readFile(file));
      }
    });
    $('forget-token').hidden = storedToken() === null;
    run($('stats-refresh'), loadStats);
  }

  wire();
}());
