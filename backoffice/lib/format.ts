import { INSURER_TIME_ZONE } from '../../contracts/time-zone.ts';
import { t } from './texts.ts';

/** Dates of the back office: dd/mm/yyyy hh:mm:ss, 24 h, Paris time (spec 3 §2). */
const DATE_TIME = new Intl.DateTimeFormat('fr-FR', {
  timeZone: INSURER_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date).replace(',', '');
}

/** A file size in o below 1024, Ko above (as the customer pages show it). */
export function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  return bytes < 1024
    ? t('common.size.bytes', { size: bytes })
    : t('common.size.kilobytes', { size: Math.round(bytes / 1024).toLocaleString('fr-FR') });
}
