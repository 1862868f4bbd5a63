/** 'YYYY-MM-DDTHH:mm' of a local date-time input as an ISO instant with its offset. */
export function localInputToInstant(value: string): string {
  return new Date(value).toISOString();
}

/** The value of a date-time input `days` from today at `hour`:00, local time. */
export function localInputValue(days: number, hour: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  date.setHours(hour, 0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(hour)}:00`;
}
