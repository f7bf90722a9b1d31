import { request, type TestServer } from './server';

/** Values put where an address carries an id, code or name. */
export const HOSTILE_VALUES = ['%00', '99999999999999999999999', '-1', '0', '1e309', 'NaN', '%zz', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(3000)];

/** Query strings: NUL bytes, bad percent-encoding, huge and negative numbers, repeated and bracketed keys. */
export const HOSTILE_QUERIES = [
  '?q=%00',
  '?lastName=%00&email=%00',
  '?lat=1e309&lng=-1e309&latitude=NaN&longitude=Infinity',
  '?page=99999999999999999999999&limit=-1&offset=1e400',
  '?rlid=99999999999999999999&partySize=-5&party_size=1e309',
  '?q=%zz&next=%E0%A4%A&address=%',
  '?q[]=a&q[]=b&rlid[]=1&rlid=2',
  '?next=//evil.example/%00&return=javascript:alert(1)',
  '?date=9999-99-99&time=25:61&zip=%00',
  `?q=${'x'.repeat(4000)}`,
];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'];

/** Bodies: malformed and hostile JSON, hostile forms, and content types nobody accepts. */
export const HOSTILE_BODIES: ReadonlyArray<{ type: string; body: string }> = [
  { type: 'application/json', body: '{' },
  { type: 'application/json', body: '{"rlid":1,"firstName":"\\u0000","email":"a\\u0000@example.com"}' },
  { type: 'application/json', body: '['.repeat(5000) + ']'.repeat(5000) },
  { type: 'application/json', body: '{"rlid":1e400,"partySize":99999999999999999999,"lat":-1e309,"code":1e21}' },
  { type: 'application/json', body: '{"rlid":"x","partySize":[1],"firstName":{"a":1},"__proto__":{"admin":true}}' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json; charset=utf-7', body: '{}' },
  { type: 'application/x-www-form-urlencoded', body: 'Email=%00&email=a%00%40example.com&username=%00&password=%00' },
  { type: 'application/x-www-form-urlencoded', body: 'a=%zz&b=%&Email=%E0%A4%A&next=%ED%A0%80' },
  { type: 'application/x-www-form-urlencoded', body: 'Email[]=x&Email=y&rlid=99999999999999999999' },
  { type: 'application/x-www-form-urlencoded; charset=latin9', body: 'Email=x' },
  { type: 'text/plain', body: 'hello' },
  { type: 'application/xml', body: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>' },
  { type: 'multipart/form-data', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--' },
];

/** The bodies that carry NUL bytes, sent with every method that may carry a body. */
const NUL_BODIES = HOSTILE_BODIES.filter(({ body }) => body.includes('\\u0000') || body.includes('%00'));

/** One request of the fuzz. */
export interface FuzzCase {
  method: string;
  path: string;
  host?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * The cases of one route as a given client sends them (its cookies and CSRF header in
 * `headers`): hostile values in its address, then hostile queries, methods and bodies.
 * `samples` fills the placeholders (`{id}`) of an ordinary request.
 */
export function routeCases(route: string, samples: Record<string, string>, client: { host?: string; headers: Record<string, string> }): FuzzCase[] {
  const placeholder = /\{\w+\}/g;
  const ordinary = route.replace(placeholder, (name) => {
    const sample = samples[name];
    if (sample === undefined) throw new Error(`No sample value for ${name} in ${route}`);
    return sample;
  });
  const valuePaths = route.includes('{')
    ? HOSTILE_VALUES.map((value) => route.replace(placeholder, value))
    : [`${route}%00/`, `${route}a%00b/`, `${route}%zz/`, `${route}${'9'.repeat(30)}/`];
  const { host, headers } = client;
  return [
    ...valuePaths.map((path) => ({ method: 'GET', path, host, headers })),
    ...HOSTILE_QUERIES.map((query) => ({ method: 'GET', path: ordinary + query, host, headers })),
    ...METHODS.map((method) => ({ method, path: ordinary, host, headers })),
    ...HOSTILE_BODIES.map(({ type, body }) => ({ method: 'POST', path: ordinary, host, headers: { ...headers, 'content-type': type }, body })),
    ...['PUT', 'DELETE', 'PATCH'].flatMap((method) => NUL_BODIES.map(({ type, body }) => ({ method, path: ordinary, host, headers: { ...headers, 'content-type': type }, body }))),
  ];
}

/** Sends the cases a few at a time; returns those answered with a 5xx or not answered at all. */
export async function serverFailures(server: Pick<TestServer, 'port'>, cases: readonly FuzzCase[]): Promise<string[]> {
  const failures: string[] = [];
  const concurrency = 4;
  for (let start = 0; start < cases.length; start += concurrency) {
    await Promise.all(
      cases.slice(start, start + concurrency).map(async (fuzzCase) => {
        const label = `${fuzzCase.method} ${fuzzCase.path.slice(0, 120)} host=${fuzzCase.host} ${fuzzCase.headers?.['content-type'] ?? ''} ${fuzzCase.body?.slice(0, 60) ?? ''}`;
        try {
          const response = await request(server, fuzzCase.path, fuzzCase);
          if (response.status >= 500) failures.push(`${response.status} ${label}`);
        } catch (error) {
          failures.push(`no answer (${(error as Error).message}) ${label}`);
        }
      }),
    );
  }
  return failures;
}
