/** "YYYY-MM-DDTHH:mm" of an instant on the wall clock of `timeZone` (a date-time input's value). */
export const wallClockIn = (iso: string, timeZone: string): string => {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const read = (zone: string) => {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(time);
    const part = (type: Intl.DateTimeFormatPartTypes) =>
      parts.find((p) => p.type === type)?.value ?? '00';
    return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
  };
  try {
    return read(timeZone);
  } catch {
    return read('UTC');
  }
};

/** "Tue, 25 Nov 2026, 09:00 GMT+1": when an item goes out, in its campaign's zone. */
export const zonedLabel = (iso: string, timeZone: string): string => {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  };
  try {
    return new Intl.DateTimeFormat(undefined, { ...options, timeZone }).format(time);
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(time);
  }
};
