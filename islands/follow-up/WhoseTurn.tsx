import type { MouseEvent } from 'react';
import { hrefOf, type PagePlace } from '../lib/navigation.ts';
import type { IslandTranslator } from '../lib/translate.ts';
import { proofRowId, SEND_BLOCK_ID, type WhoseTurn as Turn } from './logic/whose-turn.ts';

// Where "Go" leads, defined with the rule: the page's early script draws the same link (early-claim.ts).
export { proofRowId, SEND_BLOCK_ID } from './logic/whose-turn.ts';

/**
 * What client-file says first, above the state banner: "Action requise : 2
 * justificatifs à envoyer" with the documents and a link to the first of them while something is
 * awaited from the claimant; else that nothing is, and what the insurer does next and by when.
 */
export function WhoseTurn({ turn, place, t }: { turn: Turn; place: PagePlace; t: IslandTranslator }) {
  if (turn.turn === 'insurer')
    return (
      <section className="whose-turn whose-turn--insurer" aria-labelledby="whose-turn-title">
        <h2 className="whose-turn__title" id="whose-turn-title">
          {t('followup.turn.nothing')}
        </h2>
        <p className="whose-turn__text">{t(`followup.turn.${turn.next}`)}</p>
        {turn.next === 'closed' ? (
          <p className="whose-turn__more">
            <a href={hrefOf(place, 'claim-step1')}>{t('followup.turn.complain')}</a>
          </p>
        ) : null}
      </section>
    );

  const missing = turn.missing;
  const first = missing[0];
  const target = first ? proofRowId(first.id) : SEND_BLOCK_ID;
  return (
    <section className="whose-turn whose-turn--claimant" aria-labelledby="whose-turn-title">
      <h2 className="whose-turn__title" id="whose-turn-title">
        {missing.length > 0
          ? t('followup.turn.action', { count: missing.length })
          : t('followup.turn.unsent', { count: turn.unsent })}
      </h2>
      {missing.length > 0 ? (
        <>
          <p className="whose-turn__text">{t('followup.turn.actionText')}</p>
          <ul className="whose-turn__list">
            {missing.map((proof) => (
              <li key={proof.id}>{proof.nom_court}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="whose-turn__text">{t('followup.turn.unsentText')}</p>
      )}
      <a
        className="button button--primary whose-turn__go"
        href={`#${target}`}
        onClick={(event) => goToDocuments(event, target)}
      >
        {t('followup.turn.go')}
      </a>
    </section>
  );
}

/**
 * Moves to the first document to send (or to the send block): opens the documents accordion if it
 * was closed, and puts the focus on the row's file picker (or on the row itself when its file is
 * already chosen), so the next key press chooses the file.
 */
function goToDocuments(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  const row = document.getElementById(id);
  if (!row) return;
  event.preventDefault();
  const accordion = row.closest('details');
  if (accordion && !accordion.open) accordion.open = true;
  const picker = row.querySelector<HTMLElement>('input[type=file]:not(:disabled)');
  const target = picker ?? row;
  if (!picker) row.tabIndex = -1;
  row.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
}
