import { expect } from 'chai';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { request, startTestServer, type TestServer } from '../support/server';

describe('request logging', () => {
  let server: TestServer;
  const lines: string[] = [];

  before(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    server = await startTestServer({}, { logger: pino({ level: 'info' }, sink) });
  });
  after(() => server.close());

  it('logs where requests went without the wait-list ids, reservation codes, last names and reset tokens they carried', async () => {
    const secrets = {
      planAheadId: 'Q3xWaitListSecret77abc',
      reservationCode: 'RSVSECRET42',
      lastName: 'Marinovska',
      uid: 'MTIzNDU',
      token: 'c9x2k1-5f0e9d8c7b6a5f4e3d2c1b0a',
      email: 'rosa.marin@example.com',
    };
    const visits: [string, string][] = [
      [`/waitlist/${secrets.planAheadId}/`, '/waitlist/[id]/'],
      [`/api/waitlist/${secrets.planAheadId}/`, '/api/waitlist/[id]/'],
      [`/api/reservations/${secrets.reservationCode}/?lastName=${secrets.lastName}`, '/api/reservations/[code]/?lastName=[redacted]'],
      [`/wagtail/password_reset/confirm/${secrets.uid}/${secrets.token}/`, '/wagtail/password_reset/confirm/[uid]/[token]/'],
      [`/unsubscribe/?email=${encodeURIComponent(secrets.email)}&${secrets.token}`, '/unsubscribe/?email=[redacted]&[redacted]'],
      ['/api/waitlist/estimate/?rlid=1', '/api/waitlist/estimate/?rlid=[redacted]'],
    ];
    for (const [path] of visits) await request(server, path);

    const logged = lines.join('');
    for (const secret of Object.values(secrets)) expect(logged).to.not.contain(secret);
    expect(logged).to.not.contain(encodeURIComponent(secrets.email));
    const urls = lines.map((line) => JSON.parse(line) as { req?: { url: string } }).flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(urls).to.include.members(visits.map(([, redacted]) => redacted));
  });
});
