import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/time/zone';
import { forecast, naiveForecast, weekdayProfile } from './predictions';

/** A year of history: a weekly pattern (quiet Mondays, busy Wednesdays, closed weekends) and noise. */
function history(days: number, end: string, noise: (day: number) => number, closed: string[] = []) {
  const pattern = [40, 60, 80, 60, 30, null, null];
  const map = new Map<string, number | null>();
  for (let day = 0; day < days; day += 1) {
    const date = addDays(end, -day);
    const base = pattern[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
    map.set(date, closed.includes(date) || base === null ? null : Math.max(0, base + noise(day)));
  }
  return map;
}

describe('predictions (prediction-daily, prediction-weekday)', () => {
  it('forecasts the weekly pattern, leaving closed days out', () => {
    // a closed Wednesday (a holiday) does not pull Wednesdays down
    const known = history(120, '2026-06-30', () => 0, ['2026-06-24']);
    expect(forecast(known, '2026-07-08', '2026-06-30')).toBe(80);
    expect(forecast(known, '2026-07-06', '2026-06-30')).toBe(40);
    expect(forecast(known, '2026-07-11', '2026-06-30')).toBeNull();
    expect(weekdayProfile(known, '2026-06-30')).toEqual([40, 60, 80, 60, 30, null, null]);
  });

  it('beats the naive same-weekday-last-week forecast on noisy history', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 30;
    const noisy = history(500, '2026-09-30', () => random());
    let ours = 0;
    let naive = 0;
    let count = 0;
    for (let day = 1; day <= 120; day += 1) {
      const asOf = addDays('2026-05-31', day);
      const target = addDays(asOf, 7);
      const actual = noisy.get(target);
      const a = forecast(noisy, target, asOf);
      const b = naiveForecast(noisy, target, asOf);
      if (actual === null || actual === undefined || a === null || b === null) continue;
      ours += Math.abs(a - actual);
      naive += Math.abs(b - actual);
      count += 1;
    }
    expect(count).toBeGreaterThan(50);
    expect(ours / count).toBeLessThan(naive / count);
  });
});
