// @vitest-environment jsdom
// The Office.js module against the fake host (test/support/fake-office), which refuses a 4th async
// call in flight as Outlook on the web, new Outlook and mobile do (issue 41).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeOfficeSetup } from '../../../test/support/fake-office/types';

const MEETING: FakeOfficeSetup['meeting'] = {
  subject: 'Quarterly review',
  start: '2026-12-07T09:00:00.000Z',
  end: '2026-12-07T10:00:00.000Z',
  location: '',
  requiredAttendees: [
    { name: 'Ada', email: 'ada@acme.test' },
    { name: 'Grace', email: 'grace@acme.test' },
  ],
  optionalAttendees: [{ name: 'Linus', email: 'linus@acme.test' }],
  recurrence: {
    recurrenceType: 'weekly',
    recurrenceProperties: { interval: 1, days: ['mon'] },
    seriesTime: { startDate: '2026-12-07', endDate: '2027-01-04', startTime: '09:00', endTime: '10:00' },
  },
};

/** A fresh fake Outlook with this set-up, and the pane's Office.js module on it. */
async function outlook(setup: Partial<FakeOfficeSetup> = {}) {
  vi.resetModules();
  window.__FAKE_OFFICE_SETUP__ = { meeting: MEETING, ...setup };
  await import('../../../test/support/fake-office/fake-office-host');
  const office = await import('./office');
  return { office, state: () => window.__fakeOffice!.state() };
}

beforeEach(() => {
  delete window.__fakeOffice;
});

describe('Office.js calls: at most 3 in flight', () => {
  it('reads the whole meeting (7 reads) without Outlook refusing any', async () => {
    const { office, state } = await outlook({ flavour: 'web' });
    const meeting = await office.readMeeting();
    expect(meeting.subject).toBe('Quarterly review');
    expect(meeting.requiredAttendees.map((attendee) => attendee.email)).toEqual([
      'ada@acme.test',
      'grace@acme.test',
    ]);
    expect(meeting.optionalAttendees).toHaveLength(1);
    expect(meeting.recurrence?.recurrenceType).toBe('weekly');
    expect(state().refusedCalls).toEqual([]);
    expect(state().maxInFlight).toBe(office.OFFICE_CALLS_IN_FLIGHT);
  });

  it("the pane's start (meeting, its key, item events, room locations) stays within the limit", async () => {
    const { office, state } = await outlook({ flavour: 'new-windows' });
    await Promise.all([
      office.readMeeting(),
      office.readCustomProperty('workplaceMeetingKey'),
      office.onMeetingChange(() => undefined),
      office.readRoomLocations(),
      office.readItemId(),
    ]);
    expect(state().calls.length).toBeGreaterThan(10);
    expect(state().refusedCalls).toEqual([]);
    expect(state().maxInFlight).toBeLessThanOrEqual(3);
  });

  it('a call the busy host refuses (5100) is tried again and the meeting still read', async () => {
    const { office, state } = await outlook({ failures: { busyCalls: 2 } });
    const meeting = await office.readMeeting();
    expect(meeting.subject).toBe('Quarterly review');
    expect(state().refusedCalls).toHaveLength(2);
  });

  it('a host that stays busy gives the caller Office’s error, not a pane waiting for ever', async () => {
    const { office } = await outlook({ failures: { busyCalls: 1000 } });
    const read = office.readMeeting();
    await expect(read).rejects.toBeInstanceOf(office.OfficeCallError);
    await expect(read).rejects.toMatchObject({
      message: 'Wait until the previous call completes.',
      officeCode: 5100,
    });
  });

  it('a failure that is not busyness is not repeated', async () => {
    const { office, state } = await outlook({ failures: { removeAsyncFails: true } });
    await expect(
      office.removeRoomFromMeeting({ name: 'Room 1', email: 'room1@acme.test' }),
    ).rejects.toMatchObject({ code: 'GenericResponseError' });
    expect(state().calls.filter((name) => name === 'enhancedLocation.removeAsync')).toHaveLength(1);
  });
});
