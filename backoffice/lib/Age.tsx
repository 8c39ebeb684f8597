import { formatAge } from './age.ts';
import { formatDateTime } from './dates.ts';

/**
 * How long ago `at` was, in words ("il y a 9 jours"), as a `<time>` whose tooltip gives the date
 * and time (or `title`): the age columns of the claims list, the work queue and the inbox.
 */
export function Age({ at, title }: { at: string; title?: string }) {
  return (
    <time dateTime={at} title={title ?? formatDateTime(at)}>
      {formatAge(at)}
    </time>
  );
}
