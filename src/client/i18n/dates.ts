import dayjs from 'dayjs';

/**
 * spec §9: time mode h24 or am-pm; a time format with 'h' (12-hour clock) adds AM/PM. The product
 * writes formats like 'HH:mm' or 'h:mm'; dayjs needs the meridiem token spelt out.
 */
export function dayjsTimeFormat(timeFormat: string): string {
  const format = timeFormat.trim() || 'HH:mm';
  const twelveHour = /h/.test(format.replace(/\[[^\]]*\]/g, ''));
  const hasMeridiem = /a/i.test(format.replace(/\[[^\]]*\]/g, ''));
  return twelveHour && !hasMeridiem ? `${format} A` : format;
}

/** spec §9 date formats are written 'd.M.yyyy' (day, month, year); dayjs spells them 'D.M.YYYY'. */
export function dayjsDateFormat(dateFormat: string): string {
  return (dateFormat.trim() || 'd.M.yyyy')
    .replace(/y+/g, (years) => (years.length === 2 ? 'YY' : 'YYYY'))
    .replace(/d+/g, (days) => (days.length >= 2 ? 'DD' : 'D'));
}

const loaded = new Set(['en']);

/**
 * Loads the dayjs locale for a language code on demand (one small chunk each) and makes it the
 * global default. spec §8: a missing date locale falls back to English. Answers the locale in use.
 */
export async function applyDateLocale(code: string): Promise<string> {
  const wanted = code.toLowerCase();
  if (!loaded.has(wanted)) {
    try {
      await import(/* webpackChunkName: "dayjs-locale-[request]" */ `dayjs/locale/${wanted}.js`);
      loaded.add(wanted);
    } catch {
      dayjs.locale('en');
      return 'en';
    }
  }
  dayjs.locale(wanted);
  return dayjs.locale() === wanted ? wanted : 'en';
}
