import { describe, expect, it } from 'vitest';
import { areContiguous, readDraft, spanOfSlots, writeDraft } from './booking-draft';

describe('a booking draft in the address', () => {
  it('reads back what was written, slots included', () => {
    const slots = [
      { datetime_from: '2026-11-24T08:00:00.000Z', datetime_to: '2026-11-24T09:00:00.000Z' },
      { datetime_from: '2026-11-24T09:00:00.000Z', datetime_to: '2026-11-24T10:00:00.000Z' },
    ];
    const params = writeDraft(new URLSearchParams('date=2026-11-24'), {
      resourceId: 7,
      slots,
      subject: 'Planning, with commas',
      isPrivate: true,
      presetId: 3,
      host: { id: 12, name: 'Émile & Co' },
    });
    expect(readDraft(params)).toEqual({
      resourceId: 7,
      date: '2026-11-24',
      slots,
      subject: 'Planning, with commas',
      isPrivate: true,
      presetId: 3,
      host: { id: 12, name: 'Émile & Co' },
    });
  });

  it('leaves out what is absent or malformed, so an edit shows the booking’s own values', () => {
    expect(readDraft(new URLSearchParams('resource=abc&date=24.11.2026&slots=x&private=0'))).toEqual({
      resourceId: null,
      date: null,
      slots: null,
      subject: null,
      isPrivate: false,
      presetId: null,
      host: null,
    });
  });

  it('removes a value set to null and keeps the others', () => {
    const params = writeDraft(new URLSearchParams('resource=4&date=2026-11-24&slots=a~b'), { slots: null });
    expect(params.toString()).toBe('resource=4&date=2026-11-24');
    const withHost = writeDraft(params, { host: { id: 5, name: 'Ada' } });
    expect(writeDraft(withHost, { host: null }).toString()).toBe('resource=4&date=2026-11-24');
  });

  it('spans slots that follow each other, in any order', () => {
    expect(
      spanOfSlots([
        { datetime_from: '2026-11-24T09:00:00Z', datetime_to: '2026-11-24T10:00:00Z' },
        { datetime_from: '2026-11-24T08:00:00Z', datetime_to: '2026-11-24T09:00:00Z' },
      ]),
    ).toEqual({ from: '2026-11-24T08:00:00Z', to: '2026-11-24T10:00:00Z' });
    expect(spanOfSlots([])).toBeNull();
  });

  it('tells slots that follow each other from slots with a gap', () => {
    const hour = (from: number) => ({
      datetime_from: `2026-11-24T${String(from).padStart(2, '0')}:00:00Z`,
      datetime_to: `2026-11-24T${String(from + 1).padStart(2, '0')}:00:00Z`,
    });
    expect(areContiguous([hour(9), hour(8), hour(10)])).toBe(true);
    expect(areContiguous([hour(8), hour(10)])).toBe(false);
  });
});
