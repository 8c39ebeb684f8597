import type { ClaimHandling, EstablishmentCopy } from '../../contracts/backoffice.ts';
import { dayAndMinuteOf, formatDateTime } from '../lib/dates.ts';
import { type TextKey, t } from '../lib/texts.ts';

/** The sentence of each state of the establishment's copy. */
const COPY_STATE_TEXTS: Record<EstablishmentCopy['state'], TextKey> = {
  notRequested: 'claims.handling.establishmentCopy.notRequested',
  noAddress: 'claims.handling.establishmentCopy.noAddress',
  pending: 'claims.handling.establishmentCopy.pending',
  sent: 'claims.handling.establishmentCopy.sent',
  failed: 'claims.handling.establishmentCopy.failed',
  cancelled: 'claims.handling.establishmentCopy.cancelled',
  limited: 'claims.handling.establishmentCopy.limited',
};

/** What became of the copy to the booking establishment, as a sentence: "envoyée le 29/11/2026 à 10:42 à …". */
function establishmentCopyText(copy: EstablishmentCopy): string {
  const recipient = copy.recipient ?? '';
  switch (copy.state) {
    case 'notRequested':
    case 'noAddress':
      return t(COPY_STATE_TEXTS[copy.state]);
    case 'sent': {
      const when = copy.sentAt ? dayAndMinuteOf(copy.sentAt) : undefined;
      if (when) return t('claims.handling.establishmentCopy.sent', { ...when, recipient });
      return t('claims.handling.establishmentCopy.pending', { recipient });
    }
    default:
      return t(COPY_STATE_TEXTS[copy.state], { recipient });
  }
}

/** What the claimant declared: who, how to reach them, when, for which partner, object and reason. */
export function ClaimFacts({ claim }: { claim: ClaimHandling }) {
  return (
    <dl className="bo-facts">
      <div>
        <dt>{t('claims.handling.facts.insured')}</dt>
        <dd>
          {claim.assurePrenom} {claim.assureNom} ({claim.assureNumero})
        </dd>
      </div>
      <div>
        <dt>{t('claims.handling.facts.contact')}</dt>
        <dd>
          {claim.assureEmail} · {claim.contact.telephone}
          <br />
          {claim.contact.adresse}, {claim.contact.cp} {claim.contact.ville}
          {claim.contact.pays && `, ${claim.contact.pays}`}
        </dd>
      </div>
      <div>
        <dt>{t('claims.handling.facts.declaredOn')}</dt>
        <dd>{formatDateTime(claim.declarationDate)}</dd>
      </div>
      <div>
        <dt>{t('claims.handling.facts.partnerLanguage')}</dt>
        <dd>
          {claim.brand} · {claim.lang}
        </dd>
      </div>
      <div>
        <dt>{t('claims.handling.facts.objectReason')}</dt>
        <dd>
          {claim.garantie.nom} · {claim.motif.nom}
        </dd>
      </div>
      <div>
        <dt>{t('claims.handling.facts.claimDate')}</dt>
        <dd>{claim.sinistreDate.split('-').reverse().join('/')}</dd>
      </div>
      {claim.contact.destination && (
        <div>
          <dt>{t('claims.handling.facts.establishment')}</dt>
          <dd>{claim.contact.destination}</dd>
        </div>
      )}
      {claim.establishmentCopy && (
        <div className="bo-facts__wide" data-establishment-copy={claim.establishmentCopy.state}>
          <dt>{t('claims.handling.mails.kinds.establishmentCopy')}</dt>
          <dd>{establishmentCopyText(claim.establishmentCopy)}</dd>
        </div>
      )}
      <div className="bo-facts__wide">
        <dt>{t('claims.handling.facts.comment')}</dt>
        <dd>{claim.contact.commentaire || '—'}</dd>
      </div>
    </dl>
  );
}
