import type { IslandTranslator } from '../../lib/translate.ts';
import { linkedNumber } from '../../session/partner-link.ts';

/**
 * "Numéro d'assuré vérifié : SO-…" above a step, when the draft's number came from a brand's
 * signed link: the visitor skipped the number step, so the step says which
 * number the claim is declared on and that it was checked. Nothing for a typed number.
 */
export function CheckedNumber({ insuranceNumber, t }: { insuranceNumber: string; t: IslandTranslator }) {
  if (insuranceNumber === '' || linkedNumber() !== insuranceNumber) return null;
  return (
    <p className="checked-number">
      <span className="checked-number__mark" aria-hidden="true">
        ✓
      </span>{' '}
      {/* Non-breaking hyphens: the number never splits after SO- on a phone. */}
      {t('wizard.common.checkedNumber', { number: insuranceNumber.replaceAll('-', '\u2011') })}
    </p>
  );
}
