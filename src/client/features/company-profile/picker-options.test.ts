import { describe, expect, it } from 'vitest';
import { changeFor, filterOptions, pickerOptions } from './picker-options';

const data = {
  countries: [
    { id: 2, code: 'FR', name: 'France' },
    { id: 1, code: 'CH', name: 'Switzerland' },
  ],
  languages: [{ id: 1, code: 'de', locale: 'de-CH', name: 'Deutsch' }],
  currencies: [{ id: 1, code: 'CHF', name: 'Swiss franc', symbol: 'Fr.' }],
  timezones: [{ id: 1, name: 'America/Sao_Paulo', offset: '-03:00' }],
};

describe('company profile pickers', () => {
  it('offers the reference data sorted by name', () => {
    expect(pickerOptions('country', data).map((o) => o.label)).toEqual(['France', 'Switzerland']);
    expect(pickerOptions('timezone', data)).toEqual([
      { value: 'America/Sao_Paulo', label: 'America/Sao Paulo', detail: 'UTC-03:00' },
    ]);
  });

  it('filters by name or code, ignoring case and accents', () => {
    const options = pickerOptions('country', data);
    expect(filterOptions(options, 'fr').map((o) => o.label)).toEqual(['France']);
    expect(filterOptions(options, 'ch').map((o) => o.label)).toEqual(['Switzerland']);
    expect(filterOptions(pickerOptions('timezone', data), 'são').map((o) => o.value)).toEqual([
      'America/Sao_Paulo',
    ]);
    expect(filterOptions(options, '  ')).toHaveLength(2);
  });

  it('sends ids for lists and the IANA name for a timezone', () => {
    expect(changeFor('currency', 3)).toEqual({ currency_id: 3 });
    expect(changeFor('timezone', 'Europe/Paris')).toEqual({ timezone: 'Europe/Paris' });
  });
});
