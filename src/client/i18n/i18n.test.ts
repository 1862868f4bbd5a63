import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayjsDateFormat, dayjsTimeFormat, applyDateLocale } from './dates';
import { missingLabel } from './missing-label';
import { isRawToggle } from './raw-keys';

describe('spec §9 missing translations', () => {
  it.each([
    ['general.login.forgot_password', 'forgot_password'],
    ['general.login.form.email', 'form.email'],
    ['login.title', 'title'],
    ['title', 'title'],
    ['a..b.c', 'c'],
  ])('%s shows %s', (key, shown) => expect(missingLabel(key)).toBe(shown));
});

describe('spec §9 time format', () => {
  it.each([
    ['HH:mm', 'HH:mm'],
    ['h:mm', 'h:mm A'],
    ['hh:mm', 'hh:mm A'],
    ['h:mm a', 'h:mm a'],
    ['H:mm', 'H:mm'],
  ])('%s becomes %s', (format, dayjsFormat) => expect(dayjsTimeFormat(format)).toBe(dayjsFormat));

  it('shows AM/PM for a 12-hour format', () => {
    const time = dayjs('2026-01-01T15:05:00');
    expect(time.format(dayjsTimeFormat('h:mm'))).toBe('3:05 PM');
    expect(time.format(dayjsTimeFormat('HH:mm'))).toBe('15:05');
  });

  it('converts the date format', () => expect(dayjsDateFormat('d.M.yyyy')).toBe('D.M.YYYY'));
});

describe('spec §8 date locales', () => {
  it('loads a locale on demand', async () => {
    expect(await applyDateLocale('de')).toBe('de');
    expect(dayjs('2026-03-01').format('MMMM')).toBe('März');
  });
  it('falls back to English when the locale is missing', async () => {
    expect(await applyDateLocale('xx-unknown')).toBe('en');
    expect(dayjs.locale()).toBe('en');
  });
});

describe('spec §6 raw-translation toggle', () => {
  const t = { code: 'KeyT', key: 't', ctrlKey: true, repeat: false };
  it('toggles on T with the left Control key', () => expect(isRawToggle(t, true)).toBe(true));
  it('ignores the right Control key', () => expect(isRawToggle(t, false)).toBe(false));
  it('ignores T without Control', () => expect(isRawToggle({ ...t, ctrlKey: false }, true)).toBe(false));
});

describe('labels', () => {
  it('uses the translation, else the English default, else the missing-translation text', async () => {
    const { addLabels, label } = await import('./i18n');
    addLabels('en', [{ code: 'general.home.welcome', content: 'Welcome, {name}', translations: [] }]);
    expect(label('general.home.welcome', 'Hi, {name}', { name: 'Emma' })).toBe('Welcome, Emma');
    expect(label('general.login.email', 'Email')).toBe('Email');
    expect(label('general.login.forgot_password')).toBe('forgot_password');
  });

  it('shows raw codes while raw mode is on', async () => {
    const { label } = await import('./i18n');
    const { setRawKeys } = await import('./raw-keys');
    setRawKeys(true);
    expect(label('general.login.email', 'Email')).toBe('general.login.email');
    setRawKeys(false);
    expect(label('general.login.email', 'Email')).toBe('Email');
  });

  it('says "1 booking" and "2 bookings": a counted label takes the plural form of its count', async () => {
    const { addLabels, label } = await import('./i18n');
    addLabels('en', []);
    const total = { one: '{count} booking', other: '{count} bookings' };
    expect(label('test.bookings.total', total, { count: 1 })).toBe('1 booking');
    expect(label('test.bookings.total', total, { count: 2 })).toBe('2 bookings');
    expect(label('test.bookings.total', total, { count: 0 })).toBe('0 bookings');
  });

  it('takes the plural forms of the catalogue in its language (i18next suffixes _one, _other)', async () => {
    const { addLabels, label } = await import('./i18n');
    addLabels('fr', [
      { code: 'test.bookings.total_one', content: '{count} réservation', translations: [] },
      { code: 'test.bookings.total_other', content: '{count} réservations', translations: [] },
    ]);
    const total = { one: '{count} booking', other: '{count} bookings' };
    // French counts 0 as singular.
    expect(label('test.bookings.total', total, { count: 0 })).toBe('0 réservation');
    expect(label('test.bookings.total', total, { count: 3 })).toBe('3 réservations');
    addLabels('en', []);
  });
});
