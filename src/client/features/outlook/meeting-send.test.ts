// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:8080/meeting-send.html" }
// The send handler (OnAppointmentSend) against the fake Office host and a fake API (issue 41).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeOfficeSetup } from '../../../../test/support/fake-office/types';

const ORIGIN = 'http://localhost:8080';
const SENT = `${ORIGIN}/api/company/v1/outlook/meetings/:key/sent`;
const MEETING: FakeOfficeSetup['meeting'] = {
  subject: 'Budget',
  start: '2026-12-07T09:00:00.000Z',
  end: '2026-12-07T10:00:00.000Z',
};

const confirmed: string[] = [];
let answer: () => Response = () => HttpResponse.json({});
const server = setupServer(
  http.post(SENT, ({ params }) => {
    confirmed.push(String(params.key));
    return answer();
  }),
);

/** Outlook with this meeting, the event runtime's script loaded in it; answers the user's send. */
async function runtime(meeting: Partial<FakeOfficeSetup['meeting']>, signIn?: FakeOfficeSetup['signIn']) {
  vi.resetModules();
  delete window.__fakeOffice;
  window.__FAKE_OFFICE_SETUP__ = { meeting: { ...MEETING, ...meeting }, signIn };
  await import('../../../../test/support/fake-office/fake-office-host');
  await import('../../entries/meeting-send');
  return (times = 1) => window.__fakeOffice!.send('onMeetingSend', times);
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  confirmed.length = 0;
  answer = () => HttpResponse.json({});
  localStorage.setItem('atApp', 'token');
  localStorage.setItem('appSubdomain', 'acme');
});
afterEach(() => server.resetHandlers());

describe('the send handler confirms the pane’s pending booking', () => {
  it('confirms the item’s meeting and lets the send go, each time Outlook fires the event', async () => {
    const send = await runtime({ customProperties: { workplaceMeetingKey: 'meeting-key-1' } });
    expect(await send(2)).toEqual([{ allowEvent: true }, { allowEvent: true }]);
    expect(confirmed).toEqual(['meeting-key-1', 'meeting-key-1']);
  });

  it('finds the pane’s session under the host’s storage partition (Outlook on the web, new Outlook)', async () => {
    localStorage.clear();
    localStorage.setItem('p-1:atApp', 'token');
    localStorage.setItem('p-1:appSubdomain', 'acme');
    const send = await runtime(
      { customProperties: { workplaceMeetingKey: 'meeting-key-2' } },
      { partitionKey: 'p-1:' },
    );
    expect(await send()).toEqual([{ allowEvent: true }]);
    expect(confirmed).toEqual(['meeting-key-2']);
  });

  it('confirms an occurrence’s own meeting, not its series’ whose key Outlook copied to it', async () => {
    const send = await runtime({
      seriesId: 'AAMkAD-series',
      customProperties: { workplaceMeetingKey: 'series-key-1', workplaceOccurrenceKey: 'occurrence-key' },
    });
    expect(await send()).toEqual([{ allowEvent: true }]);
    expect(confirmed).toEqual(['occurrence-key']);
  });

  it('stops the send, saying why, when the hold lapsed before it', async () => {
    const message = 'The room was held for this meeting until it was sent, and that time has passed.';
    answer = () => HttpResponse.json({ data: { message } }, { status: 409 });
    const send = await runtime({ customProperties: { workplaceMeetingKey: 'meeting-key-2' } });
    expect(await send()).toEqual([{ allowEvent: false, errorMessage: message }]);
  });

  it('lets the send go when the server cannot be reached, or the pane never booked', async () => {
    answer = () => HttpResponse.error();
    expect(await (await runtime({ customProperties: { workplaceMeetingKey: 'meeting-key-3' } }))()).toEqual([
      { allowEvent: true },
    ]);
    confirmed.length = 0;
    expect(await (await runtime({}))()).toEqual([{ allowEvent: true }]);
    expect(confirmed).toEqual([]);
  });
});
