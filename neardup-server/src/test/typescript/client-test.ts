// The TypeScript client that openapi-generator (typescript-fetch) makes from docs/openapi.yaml,
// against a live service: every operation, and an error of each, answers as the same request sent
// by hand does. GeneratedTypeScriptClientTest compiles it and runs it: node client-test.js URL TOKEN.
import {
  BatchResultStatusEnum,
  Configuration,
  DocumentsApi,
  QueryApi,
  QueryMeasureEnum,
  QueryResult,
  QueryResultToJSON,
  ResponseError,
  ServiceApi,
} from '../../../target/generated-ts';

declare const process: { argv: string[]; exitCode?: number };

const [basePath, token] = process.argv.slice(2);
const AD = 'Sunny two-room flat near Termini station, 800 euro a month, furnished';

const config = new Configuration({ basePath, accessToken: token });
const documents = new DocumentsApi(config);
const query = new QueryApi(config);
const service = new ServiceApi(config);

function check(condition: boolean, what: string): void {
  if (!condition) {
    throw new Error('failed: ' + what);
  }
}

/** JSON with the keys of every object sorted, so that equal values give equal strings. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v);
}

function equal(actual: unknown, expected: unknown, what: string): void {
  const a = canonical(actual);
  const e = canonical(expected);
  check(a === e, `${what}: expected ${e}, got ${a}`);
}

/** The client's answer equals the same query sent by hand with fetch, field for field. */
async function sameAsByHand(pathAndQuery: string, text: string, answer: QueryResult): Promise<void> {
  const raw = await fetch(basePath + pathAndQuery, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ' + token },
    body: JSON.stringify({ text }),
  });
  check(raw.status === 200, `${pathAndQuery} by hand answers 200, got ${raw.status}`);
  equal(JSON.parse(JSON.stringify(QueryResultToJSON(answer))), await raw.json(), pathAndQuery);
}

/** The call fails with the client's ResponseError carrying the server's status and problem+json. */
async function problem(status: number, what: string, call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    check(error instanceof ResponseError, `${what}: a ResponseError, got ${error}`);
    const response = (error as ResponseError).response;
    check(response.status === status, `${what}: status ${status}, got ${response.status}`);
    check((response.headers.get('Content-Type') ?? '').startsWith('application/problem+json'),
        `${what}: application/problem+json, got ${response.headers.get('Content-Type')}`);
    const body = await response.json();
    check(body.status === status && typeof body.detail === 'string' && body.detail.trim() !== '',
        `${what}: a problem with status ${status} and a detail, got ${JSON.stringify(body)}`);
    console.log(`ok ${what}: ${status} ${body.detail}`);
    return;
  }
  throw new Error(`failed: ${what}: expected a ${status} problem, the call succeeded`);
}

async function main(): Promise<void> {
  equal((await service.getHealth()).status, 'ok', 'health');
  console.log('ok health');

  const first = await documents.addDocument({ document: { id: 'ad-1', text: AD } });
  equal([first.id, first.duplicates], ['ad-1', []], 'add ad-1');
  const second = await documents.addDocument({ document: { id: 'ad-2', text: AD + '!' }, diff: true });
  equal(second.duplicates.map((d) => d.id), ['ad-1'], 'add ad-2: its duplicates');
  check((second.duplicates[0].diff ?? []).length > 0, 'add ad-2 with diff: a diff');
  console.log('ok add');

  const batch = await documents.addDocuments({
    document: [
      { id: 'ad-3', text: 'Studio in Trastevere with terrace, 650 euro' },
      { id: 'ad-1', text: 'a clash with the first' },
    ],
  });
  equal(batch.map((r) => r.status), [BatchResultStatusEnum.Added, BatchResultStatusEnum.Exists], 'batch');
  console.log('ok batch');

  const refused = await documents.addDocument({ document: { id: 'ad-4', text: AD + '?' }, unique: true });
  check(refused.kept === false, 'unique: ad-4 not kept');
  check(['ad-1', 'ad-2'].includes(refused.duplicateOf?.id ?? ''), `unique: duplicateOf ${refused.duplicateOf?.id}`);
  await problem(404, 'get ad-4 (not kept)', () => documents.getDocument({ id: 'ad-4' }));

  const text = AD + ' - near the metro';
  await sameAsByHand('/query?limit=5', text, await query.query({ query: { text }, limit: 5 }));
  const top = await query.query({ query: { text }, top: 2 });
  check(top.duplicates.length === 2, `top 2: two duplicates, got ${top.duplicates.length}`);
  await sameAsByHand('/query?top=2', text, top);
  await sameAsByHand('/query?top=2&floor=0.5', text, await query.query({ query: { text }, top: 2, floor: 0.5 }));
  console.log('ok query, top-k');

  const part = 'Studio in Trastevere with terrace';
  const contained = await query.query({ query: { text: part }, limit: 5, measure: QueryMeasureEnum.Containment });
  check(contained.duplicates.some((d) => d.id === 'ad-3'), 'containment: finds ad-3');
  await sameAsByHand('/query?limit=5&measure=containment', part, contained);
  console.log('ok containment');

  equal((await documents.getDocument({ id: 'ad-3' })).text, 'Studio in Trastevere with terrace, 650 euro', 'get ad-3');
  await documents.deleteDocument({ id: 'ad-3' });
  console.log('ok get, delete');

  await problem(404, 'get ad-3 (deleted)', () => documents.getDocument({ id: 'ad-3' }));
  await problem(404, 'delete ad-3 (deleted)', () => documents.deleteDocument({ id: 'ad-3' }));
  await problem(409, 'add ad-1 again', () => documents.addDocument({ document: { id: 'ad-1', text: 'again' } }));
  await problem(413, 'batch over the body limit',
      () => documents.addDocuments({ document: [{ id: 'big', text: 'y'.repeat(70_000) }] }));
  await problem(400, 'query top=0', () => query.query({ query: { text }, top: 0 }));
  await problem(400, 'query top with containment',
      () => query.query({ query: { text }, top: 2, measure: QueryMeasureEnum.Containment }));
  await problem(401, 'stats without the token', () => new ServiceApi(new Configuration({ basePath })).getStats());
  equal((await service.getStats()).documents, 2, 'stats: documents');
  console.log('ok stats');
}

main().then(
  () => console.log('the generated TypeScript client passed'),
  (error) => {
    console.error(error);
    process.exitCode = 1;
  });
