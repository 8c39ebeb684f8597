import { t } from '../lib/texts.ts';

/**
 * Browser and device of a user agent, for the activities table (no library: the back office only
 * needs the family, and the families are few). Order matters: Edge and Opera say "Chrome" too,
 * Chrome says "Safari".
 */
export function describeUserAgent(userAgent: string): { browser: string; mobile: boolean } {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /SamsungBrowser/.test(userAgent)
        ? 'Samsung Internet'
        : /Firefox\/|FxiOS/.test(userAgent)
          ? 'Firefox'
          : /Chrome\/|CriOS|Chromium/.test(userAgent)
            ? 'Chrome'
            : /Safari\//.test(userAgent)
              ? 'Safari'
              : userAgent === ''
                ? t('activities.browser.unknown')
                : t('activities.browser.other');
  return { browser, mobile: /Mobi|Android|iPhone|iPad/.test(userAgent) };
}
