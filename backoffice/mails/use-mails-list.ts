import { useEffect, useRef, useState } from 'react';
import {
  DEFAULT_MAILS_PAGE_SIZE,
  MAIL_AUDIENCES,
  MAIL_STATUSES,
  type MailAudience,
  MAILS_PAGE_SIZES,
  MAILS_PATH,
  type MailStatus,
  type MailsListAnswer,
  MailsListAnswerSchema,
} from '../../contracts/mails.ts';
import { staffApi } from '../api/client.ts';
import { t } from '../lib/texts.ts';

/** What the list shows: the search, the state chip and audience chosen, the page and its size. */
export interface MailsQuery {
  q: string;
  etat: MailStatus | '';
  type: MailAudience | '';
  page: number;
  size: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : '';
}

/** The list's query as the address holds it (unknown values read as the defaults). */
function readMailsAddress(search = window.location.search): MailsQuery {
  const query = new URLSearchParams(search);
  const size = Number(query.get('size'));
  return {
    q: query.get('q') ?? '',
    etat: oneOf(MAIL_STATUSES, query.get('etat')),
    type: oneOf(MAIL_AUDIENCES, query.get('type')),
    page: Math.max(1, Number(query.get('page')) || 1),
    size: (MAILS_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_MAILS_PAGE_SIZE,
  };
}

/** The address parameters of a query, without its defaults. Example: "q=martin&etat=sent". */
export function mailsAddressOf(query: MailsQuery): string {
  return new URLSearchParams(
    Object.entries(query)
      .filter(
        ([key, value]) =>
          value !== '' && !(key === 'page' && value === 1) && !(key === 'size' && value === DEFAULT_MAILS_PAGE_SIZE),
      )
      .map(([key, value]) => [key, String(value)]),
  ).toString();
}

/**
 * The mails list's state: the query (kept in the address, so a reload, the back button and a
 * mail's "Retour à la liste" keep it) and the server's answer for it.
 */
export function useMailsList() {
  const [query, setQuery] = useState<MailsQuery>(useRef(readMailsAddress()).current);
  const [answer, setAnswer] = useState<MailsListAnswer | undefined>();
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    const address = mailsAddressOf(query);
    window.history.replaceState(null, '', address ? `?${address}` : window.location.pathname);
    void staffApi(MAILS_PATH, MailsListAnswerSchema, { query: { ...query }, signal: controller.signal }).then(
      (result) => {
        if (controller.signal.aborted) return;
        setLoading(false);
        if (result.ok) {
          setAnswer(result.data);
          setFailed(false);
        } else {
          setFailed(true);
          console.error(t('common.errorCode', { code: result.kind === 'http' ? 143 : 144 }));
        }
      },
    );
    return () => controller.abort();
  }, [query]);

  /** A new search, state or audience, or page size: from page 1. */
  const change = (next: Partial<Omit<MailsQuery, 'page'>>) => setQuery({ ...query, ...next, page: 1 });
  const goTo = (page: number) => setQuery({ ...query, page: Math.min(Math.max(1, page), answer?.pages ?? 1) });
  return { query, change, goTo, answer, failed, loading };
}
