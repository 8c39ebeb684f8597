import { useCallback, useEffect, useState } from 'react';
import { FAQ_PATH, type FaqEntry, FaqListAnswerSchema } from '../../contracts/faq.ts';
import { staffApi } from '../api/client.ts';
import { t } from '../lib/texts.ts';

/** The FAQ entries as the server has them: `undefined` until the first answer. */
export interface FaqAnswers {
  entries: FaqEntry[] | undefined;
  /** 'Erreur 141' (refused) or 'Erreur 142' (unreachable) when the last read failed. */
  loadError: string | undefined;
  /** Reads the entries again (after an edit). */
  reload: () => Promise<void>;
}

/** Reads every FAQ entry on mount; a failed read leaves the table there (empty at first) with the error (spec 3 §8). */
export function useFaqAnswers(): FaqAnswers {
  const [entries, setEntries] = useState<FaqEntry[] | undefined>();
  const [loadError, setLoadError] = useState<string | undefined>();

  const reload = useCallback(async () => {
    const result = await staffApi(FAQ_PATH, FaqListAnswerSchema);
    if (result.ok) {
      setEntries(result.data.datas);
      setLoadError(undefined);
    } else {
      setEntries((current) => current ?? []);
      setLoadError(t('common.errorCode', { code: result.kind === 'network' ? 142 : 141 }));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { entries, loadError, reload };
}
