import { findClaimNumber } from '../../contracts/claim-number.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { endpoint } from '../api/partner-api-request.ts';
import { reportError } from '../api/report-error.ts';
import { goTo, type PagePlace, redirectTo } from '../lib/navigation.ts';
import { pressedTryLasted } from '../lib/pressed-try.ts';
import { currentLiveSocketId } from '../live/live-id.ts';
import type { ClaimDeclarationInput } from '../../contracts/partner-api.ts';
import { $claimDraft, $submitInFlight, clearClaimDraft } from '../session/claim-draft.store.ts';
import {
  $followUp,
  recordDeclaredClaim,
  rememberClaimedSubscription,
  rememberClaimNumber,
} from '../session/follow-up.store.ts';
import { newPendingDeclaration, outcomeOf, type SendOutcome } from '../offline/pending-declaration.ts';
import { readPendingDeclaration } from '../offline/pending-declaration-db.ts';
import { sendDeclarationOnce } from '../offline/pending-declaration-sender.ts';
import {
  $pendingDeclaration,
  forgetDeclaration,
  keepDeclaration,
  sendKeptDeclaration,
  settlePendingDeclarations,
  watchPendingDeclarations,
} from '../offline/pending-declaration.store.ts';
import { asksCancellation, confirmationsGiven, declarationOf, missingPrerequisites } from './logic/declaration.ts';
import type { ClaimDraft } from './logic/draft.ts';
import {
  failureOfOutcome,
  failureOfRefusal,
  type StepOutcome,
  statusOfOutcome,
  type SubmitFailure,
} from './parts/SubmitFailureNotice.tsx';
import type { WizardIslandProps } from './wizard-island.ts';

/** A group contract member's address, confirmed with a mailed code, and the token that proves it. */
export interface EmailConfirmation {
  email: string;
  jeton: string;
}

/**
 * The submit of step 5 and what it shows: the confirmations left unticked, the group contract's
 * address still to confirm, the failure of the last submit (or of the declaration this device
 * keeps for the draft, as other tabs and the worker change it), and the submit itself.
 */
export function useReviewSubmit(props: WizardIslandProps & { draft: ClaimDraft; place: PagePlace }) {
  const { draft, rules, lang, place } = props;
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  // A retry of the kept declaration ("Envoyer maintenant") that still had no answer: said politely.
  const [stillWaiting, setStillWaiting] = useState(false);
  const [showUnticked, setShowUnticked] = useState(false);
  // Refused submits, counted: each one moves the focus to the error summary.
  const [refusals, setRefusals] = useState(0);
  const inFlight = useRef(false);
  const failureRef = useRef<HTMLDivElement | null>(null);
  const pending = useStore($pendingDeclaration);
  const kept = pending?.idempotencyKey === draft.idempotencyKey ? pending : undefined;
  // What this device keeps for the draft, followed as other tabs and the worker change it.
  useEffect(() => {
    void settlePendingDeclarations();
    watchPendingDeclarations({ tryNow: false });
  }, []);
  // Kept and waiting after a try without answer (here, in another tab, or before a reload): say so,
  // offer to send now (a record never tried yet is one another tab is sending). Kept and refused
  // (here, or by a send from another page or the worker): say why; it stays kept, not sent again,
  // until the visitor submits the changed draft.
  const shownFailure: SubmitFailure | null =
    failure ??
    (kept?.state === 'waiting' && kept.attempts > 0
      ? { kind: 'waiting' }
      : kept?.state === 'refused' && kept.refusal
        ? failureOfRefusal(kept.refusal)
        : null);
  const withCancellation = asksCancellation(rules, draft.claimGroup);
  // A group contract's shared number (the brand's automatic number): the member confirms the
  // address they typed with a mailed code before the claim is sent (the server requires it).
  const groupNumber = rules.automaticInsuredNumber;
  const onGroupContract =
    groupNumber !== null && draft.contractNumber.trim().toUpperCase() === groupNumber.trim().toUpperCase();
  const [emailConfirmation, setEmailConfirmation] = useState<EmailConfirmation | null>(null);
  const typedEmail = draft.email.trim();
  const emailConfirmed = emailConfirmation !== null && emailConfirmation.email === typedEmail;
  const [showConfirmNeeded, setShowConfirmNeeded] = useState(false);
  const confirmRef = useRef<HTMLDivElement | null>(null);
  const unticked = showUnticked && !confirmationsGiven(draft, rules);

  async function submit(): Promise<void> {
    if (inFlight.current) return;
    const retrying = shownFailure?.kind === 'waiting';
    setFailure(null);
    setStillWaiting(false);
    if (!confirmationsGiven(draft, rules)) {
      setShowUnticked(true);
      setRefusals((count) => count + 1);
      return;
    }
    if (onGroupContract && !emailConfirmed) {
      setShowConfirmNeeded(true);
      requestAnimationFrame(() => confirmRef.current?.focus());
      return;
    }
    if (missingPrerequisites(draft, rules).length > 0) {
      reportError(639);
      redirectTo(place, 'declare-sinistre', { notice: 'incomplete' });
      return;
    }
    const { declaration, usedAcquisitionFallback } = declarationOf(draft, {
      rules,
      company: props.company,
      lang,
      socketId: currentLiveSocketId(),
    });
    if (usedAcquisitionFallback) reportError(640);
    inFlight.current = true;
    $submitInFlight.set(true);
    setSubmitting(true);
    const started = Date.now();
    const outcome = await keepAndSend(
      onGroupContract && emailConfirmation ? { ...declaration, jeton_email: emailConfirmation.jeton } : declaration,
      { draft, company: props.company, lang },
    );
    inFlight.current = false;
    if (outcome.kind === 'sent' || (outcome.kind === 'gone' && $followUp.get().declaSent)) {
      goTo(place, 'confirmation-sinistre');
      // Already done when the declaration was kept (pending-declaration.store.ts settles it); not otherwise.
      if ($claimDraft.get()?.idempotencyKey === draft.idempotencyKey) clearClaimDraft();
      return;
    }
    const next = failureOfOutcome(outcome);
    if (retrying && next.kind === 'waiting') await pressedTryLasted(started);
    $submitInFlight.set(false);
    setSubmitting(false);
    if (next.kind === 'waiting' || next.kind === 'network') reportError(2);
    else reportError('452305E', { status: statusOfOutcome(outcome) });
    if (next.kind === 'claim-exists') rememberExistingClaim(next.message, draft);
    setFailure(next);
    // Still no answer on a retry: the notice is already there; the focus stays on the button and
    // the status under it says so (announced politely).
    if (retrying && next.kind === 'waiting') setStillWaiting(true);
    else requestAnimationFrame(() => failureRef.current?.focus());
  }

  return {
    submit,
    submitting,
    stillWaiting: stillWaiting && shownFailure?.kind === 'waiting',
    shownFailure,
    failureRef,
    refusals,
    unticked,
    withCancellation,
    onGroupContract,
    typedEmail,
    emailConfirmed,
    setEmailConfirmation,
    showConfirmNeeded,
    confirmRef,
  };
}

/** A claim the server says exists already: its number and subscription, kept for the follow-up page. */
function rememberExistingClaim(message: string, draft: ClaimDraft): void {
  const number = findClaimNumber(message);
  if (number) rememberClaimNumber(number);
  if (draft.souscription_id)
    rememberClaimedSubscription({ insuredNumber: draft.contractNumber, souscriptionId: draft.souscription_id });
}

/**
 * Keeps the declaration on this device, then sends it under the one-sender lock. Where nothing
 * can be kept (IndexedDB refused), it is sent once as before, the draft alone staying here.
 */
async function keepAndSend(
  declaration: ClaimDeclarationInput,
  {
    draft,
    company,
    lang,
  }: { draft: ClaimDraft; company: WizardIslandProps['company']; lang: WizardIslandProps['lang'] },
): Promise<StepOutcome> {
  const fields = Object.fromEntries(
    Object.entries(declaration).map(([name, value]) => [name, value == null ? '' : String(value)]),
  );
  const record = newPendingDeclaration({
    draft,
    fields,
    url: endpoint('sinistres'),
    company,
    lang,
    now: Date.now(),
  });
  // Sent meanwhile by another tab or the worker: never put it back to waiting.
  if ((await readPendingDeclaration(record.idempotencyKey))?.state === 'sent') {
    await settlePendingDeclarations();
    return { kind: 'gone' };
  }
  if (!(await keepDeclaration(record))) {
    const outcome = outcomeOf(await sendDeclarationOnce(record));
    if (outcome.kind === 'sent')
      recordDeclaredClaim({
        claimNumber: outcome.claimNumber,
        lastName: fields['assure_nom'] ?? '',
        createdAt: outcome.declarationDate,
        followUpToken: outcome.followUpToken,
      });
    return outcome.kind === 'unreachable' ? { kind: 'not-kept' } : outcome;
  }
  const result = await sendKeptDeclaration(record.idempotencyKey);
  // No outcome: another sender had it under the lock; it is sent (and settled) or refused.
  const outcome: SendOutcome | undefined =
    result?.outcome ??
    (result?.record.state === 'refused' && result.record.refusal
      ? { kind: 'refused', refusal: result.record.refusal }
      : undefined);
  if (!outcome) return { kind: 'gone' };
  if (outcome.kind === 'unreachable' || outcome.kind === 'refused') watchPendingDeclarations({ tryNow: false });
  // The server failed on it: the specification's message asks to start again, so nothing is
  // promised to be sent by itself (the draft stays on the page and in this browser).
  else if (outcome.kind === 'server-error') await forgetDeclaration(record.idempotencyKey);
  return outcome;
}
