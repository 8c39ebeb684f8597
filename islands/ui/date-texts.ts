import type { IslandTranslator } from '../lib/translate.ts';

/** The words every date field shows: its format as placeholder, its calendar's month buttons. */
export function dateInputTexts(t: IslandTranslator) {
  return {
    placeholder: t('wizard.common.date.format'),
    labels: { previousMonth: t('wizard.common.date.previousMonth'), nextMonth: t('wizard.common.date.nextMonth') },
  };
}
