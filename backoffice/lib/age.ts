/** How long ago, in French words: "il y a 9 jours", "hier", "il y a 3 heures". */
const RELATIVE = new Intl.RelativeTimeFormat('fr', { numeric: 'auto' });
/** Minutes and hours always in figures ("il y a 1 minute", not "cette minute-ci"). */
const RELATIVE_FIGURES = new Intl.RelativeTimeFormat('fr', { numeric: 'always' });

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `iso`'s age at `now`, in the largest unit that fits (minutes, hours, days up to 60, months, years). */
export function formatAge(iso: string, now: number = Date.now()): string {
  const elapsed = Math.max(0, now - Date.parse(iso));
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < HOUR) return RELATIVE_FIGURES.format(-Math.max(1, Math.floor(elapsed / MINUTE)), 'minute');
  if (elapsed < DAY) return RELATIVE_FIGURES.format(-Math.floor(elapsed / HOUR), 'hour');
  const days = Math.floor(elapsed / DAY);
  if (days <= 60) return RELATIVE.format(-days, 'day');
  if (days < 730) return RELATIVE.format(-Math.floor(days / 30.44), 'month');
  return RELATIVE.format(-Math.floor(days / 365.25), 'year');
}
