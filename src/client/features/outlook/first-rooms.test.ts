import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Callback = (result: {
  status: string;
  value?: unknown;
  error?: { name: string; message: string };
}) => void;

/** An Outlook that records what the pane asks and answers only when the test lets it. */
function heldOutlook() {
  const asked: string[] = [];
  const answers: Array<() => void> = [];
  const held =
    (name: string, value: unknown, failure?: string) =>
    (callback: Callback): void => {
      asked.push(name);
      answers.push(() =>
        callback(
          failure
            ? { status: 'failed', error: { name: failure, message: `${name} failed` } }
            : { status: 'succeeded', value },
        ),
      );
    };
  const property = (name: string, value: unknown) => ({ getAsync: held(name, value) });
  (globalThis as { Office?: unknown }).Office = {
    AsyncResultStatus: { Succeeded: 'succeeded', Failed: 'failed' },
    context: {
      requirements: { isSetSupported: () => true },
      mailbox: {
        item: {
          subject: property('subject', 'Weekly planning'),
          start: property('start', new Date('2026-11-25T09:00:00Z')),
          end: property('end', new Date('2026-11-25T10:00:00Z')),
          location: property('location', ''),
          requiredAttendees: property('requiredAttendees', []),
          optionalAttendees: property('optionalAttendees', []),
          recurrence: property('recurrence', null),
          loadCustomPropertiesAsync: held('customProperties', {
            get: (name: string) => (name === 'workplaceMeetingKey' ? 'meeting-key-1' : undefined),
          }),
          getItemIdAsync: held('itemId', undefined, 'GenericTokenError'),
        },
      },
    },
  };
  const answerAll = () => answers.splice(0).forEach((answer) => answer());
  /** Answers round after round: the pane keeps at most three questions out (office/calls.ts). */
  const answerEverything = async () => {
    for (let round = 0; round < 20; round += 1) {
      answerAll();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { asked, answerAll, answerEverything };
}

describe('the pane’s first questions to Outlook', () => {
  beforeEach(() => {
    vi.resetModules();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    delete (globalThis as { Office?: unknown }).Office;
  });

  it('asks for the meeting, the key kept with the item and the item’s id together, once', async () => {
    const outlook = heldOutlook();
    const { firstReads } = await import('./first-rooms');
    const reads = firstReads();
    // Office.js refuses a fourth call in flight: three questions go out at once, the rest as answers come.
    expect(outlook.asked).toHaveLength(3);
    expect(firstReads()).toBe(reads);
    await outlook.answerEverything();
    expect([...outlook.asked].sort()).toEqual(
      [
        'customProperties',
        'end',
        'itemId',
        'location',
        'optionalAttendees',
        'recurrence',
        'requiredAttendees',
        'start',
        'subject',
      ].sort(),
    );
    // A task later, unread: the item's id (not needed once the key is known) failed without an
    // unhandled rejection, which would fail this test.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((await reads.meeting).subject).toBe('Weekly planning');
    expect(await reads.meetingKey).toBe('meeting-key-1');
    // The failure stays with whoever reads it; nothing was asked again.
    await expect(reads.itemId).rejects.toThrow('itemId failed');
    expect(outlook.asked).toHaveLength(9);
  });

  it('asks again once its answers are over five seconds old (a user who took time to sign in)', async () => {
    const outlook = heldOutlook();
    const { firstReads } = await import('./first-rooms');
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    const first = firstReads();
    clock.mockReturnValue(start + 4_000);
    expect(firstReads()).toBe(first);
    await outlook.answerEverything();
    clock.mockReturnValue(start + 6_000);
    expect(firstReads()).not.toBe(first);
    await outlook.answerEverything();
    expect(outlook.asked.filter((name) => name === 'subject')).toHaveLength(2);
  });
});
