import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { reportFindNumberAttempt } from '../api/stats-api.ts';
import { partnerApi } from '../api/lazy-partner-api.ts';
import { acquisitionMethodOf, DEFAULT_ACQUISITION_METHOD } from '../lib/acquisition.ts';
import type { PagePlace } from '../lib/navigation.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { lazyZodResolver } from '../ui/lazy-resolver.ts';
import type { FormsIslandProps } from './forms-island.ts';
import { findNumberFailureMessage } from './logic/find-number-failure.ts';
import type { FindNumberValues, findNumberSchema } from './logic/find-number.ts';
import { noonUtcSeconds } from '../../contracts/dates.ts';

type FindNumberOutput = z.output<typeof findNumberSchema>;

/** Where the last request for the number stands: none yet, on its way, or its answer or failure to show. */
type FindNumberStatus =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'answered'; message: string }
  | { kind: 'failed'; message: string };

/**
 * The find-my-number form and its send: one request at a time, its answer or failure kept to
 * show, and every attempt reported without waiting for it.
 */
export function useFindMyNumber(props: FormsIslandProps & { place: PagePlace; t: IslandTranslator }) {
  const { lang, place, t } = props;
  const resolver = useMemo(
    () =>
      lazyZodResolver<FindNumberValues, FindNumberOutput>(
        async () => (await import('./logic/find-number.ts')).findNumberSchema,
      ),
    [],
  );
  const form = useForm<FindNumberValues, unknown, FindNumberOutput>({
    defaultValues: { email: '', startDate: '', endDate: '' },
    resolver,
    // A refused submit focuses the error summary, which links to each field.
    shouldFocusError: false,
  });
  const [status, setStatus] = useState<FindNumberStatus>({ kind: 'idle' });
  const sending = useRef(false);

  async function send(values: FindNumberOutput): Promise<void> {
    if (sending.current) return;
    sending.current = true;
    setStatus({ kind: 'sending' });
    const { requestInsuredNumber } = await partnerApi();
    const result = await requestInsuredNumber({
      acquisitionMethode: acquisitionMethodOf(DEFAULT_ACQUISITION_METHOD, props.company, '').value,
      email: values.email,
      startSeconds: noonUtcSeconds(values.startDate),
      endSeconds: noonUtcSeconds(values.endDate),
      lang,
    });
    sending.current = false;
    const shown: FindNumberStatus = result.ok
      ? { kind: 'answered', message: result.data.message }
      : { kind: 'failed', message: findNumberFailureMessage(result, t) };
    setStatus(shown);
    reportFindNumberAttempt(
      {
        status: result.ok ? 'success' : 'error',
        message: shown.kind === 'answered' || shown.kind === 'failed' ? shown.message : '',
        email: values.email,
        startDate: values.startDate,
        endDate: values.endDate,
      },
      place,
    );
  }

  /** The form's submit: ignored while a request is on its way, else the last answer goes and the values are checked. */
  function submit(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    if (sending.current) return;
    setStatus({ kind: 'idle' });
    void form.handleSubmit(send)(event);
  }

  return { form, status, submit };
}
