import { describe, expect, it } from 'vitest';
import type { OutlookMeeting } from '../../../shared/contract/outlook';
import { bookedMeetingRows } from './booked-meetings';

const meeting = (key: string, starts: string[], extra: Partial<OutlookMeeting> = {}): OutlookMeeting => ({
  meeting_key: key,
  item_id: null,
  resource: null,
  bookings: starts.map((start, index) => ({
    id: index + 1,
    resource_id: 4,
    resource_name: `Room of ${key}`,
    start,
    end: start.replace('T09', 'T10'),
    status: 'booked',
    approval_status: extra.awaiting_approval ? 'pending' : 'approved',
  })),
  pending: false,
  release_at: null,
  awaiting_approval: false,
  declined: false,
  ...extra,
});

describe('the rooms the user’s meetings hold (the pane menu’s booked rooms)', () => {
  it('lists meetings holding a room, soonest first, with their occurrences', () => {
    const rows = bookedMeetingRows([
      meeting('later-key', ['2030-05-02T09:00:00.000Z']),
      meeting('empty-key', []),
      meeting('series-key', ['2030-05-01T09:00:00.000Z', '2030-05-08T09:00:00.000Z']),
    ]);
    expect(rows.map((row) => [row.key, row.occurrences, row.start])).toEqual([
      ['series-key', 2, '2030-05-01T09:00:00.000Z'],
      ['later-key', 1, '2030-05-02T09:00:00.000Z'],
    ]);
    expect(rows[0]!.room).toBe('Room of series-key');
  });

  it('says requested while an approver has not answered, pending until sent, else booked', () => {
    const at = ['2030-05-01T09:00:00.000Z'];
    const states = bookedMeetingRows([
      meeting('a-requested', at, { awaiting_approval: true, pending: true }),
      meeting('b-pending', at, { pending: true }),
      meeting('c-booked', at),
    ]).map((row) => row.state);
    expect(states).toEqual(['requested', 'pending', 'booked']);
  });
});
