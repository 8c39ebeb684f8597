import type { ClaimHandling } from '../../contracts/backoffice.ts';
import { formatDateTime } from '../lib/dates.ts';
import { t } from '../lib/texts.ts';

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
        </dd>
      </div>
      <div>
        <dt>{t('claims.handling.facts.declaredOn')}</dt>
        <dd>{formatDateTime(claim.declarationDate)}</dd>
      </div>
      <div>
        <dt>{t('claims.handling.facts.partnerLanguage')}</dt>
        <dd>
          {claim.company || t('claims.handling.facts.noPartner')} · {claim.lang}
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
      <div className="bo-facts__wide">
        <dt>{t('claims.handling.facts.comment')}</dt>
        <dd>{claim.contact.commentaire || '—'}</dd>
      </div>
    </dl>
  );
}
