import type { CustomerRoute } from '../../../contracts/routes.ts';
import { type DeclarationRules, missingPrerequisites } from './declaration.ts';
import type { ClaimDraft } from './draft.ts';

/** The wizard's steps, 0 to 5 (spec 1 §2), each its own page. */
export type WizardStep = 0 | 1 | 2 | 3 | 4 | 5;

const STEP_ROUTES: Record<WizardStep, CustomerRoute> = {
  0: 'declare-step0',
  1: 'declare-step1',
  2: 'declare-step2',
  3: 'declare-step3',
  4: 'declare-step4',
  5: 'declare-step5',
};

/** Where a visitor who may not see a step goes instead. */
export type StepRedirect = { route: CustomerRoute; claimNumber?: string; notice?: 'incomplete' };

const CONTACT_FIELDS = ['lastName', 'firstName', 'email', 'phone', 'address', 'cp', 'city', 'country'] as const;

/**
 * Whether a step may show with this draft (spec 1 §4, issue: "a step opened without a valid
 * session goes back to declare-sinistre, and a number that already has a claim goes to
 * suivre-dossier"); otherwise the earliest page the visitor still has to fill.
 */
export function redirectForStep(
  step: WizardStep,
  draft: ClaimDraft | null,
  rules: DeclarationRules,
): StepRedirect | undefined {
  if (draft?.infosStatus !== 'ok') return { route: 'declare-sinistre' };
  if (step === 0) return undefined;
  if (draft.souscription_id === null)
    return { route: draft.subscriptions.length > 1 ? 'declare-step0' : 'declare-sinistre' };
  if (draft.claimNumber !== '') return { route: 'suivre-dossier', claimNumber: draft.claimNumber };
  // The anonymous look-up tells that a claim exists (`_a_sinistre`), never its number.
  const chosen = draft.subscriptions.find((item) => item.souscription_id === draft.souscription_id);
  if (chosen?._a_sinistre === 1) return { route: 'suivre-dossier' };
  // Spec 1 §5: what the submit needs is missing (error 639); the start page says so.
  if (!draft.contractCompanyId) return { route: 'declare-sinistre', notice: 'incomplete' };
  if (step >= 2 && draft.claimGroup === null) return { route: 'declare-step1' };
  if (step >= 3 && draft.claimDetail === null) return { route: 'declare-step2' };
  if (step >= 4 && draft.claimDate === '') return { route: 'declare-step3' };
  if (step === 5) {
    const missing = missingPrerequisites(draft, rules);
    if (missing.some((field) => (CONTACT_FIELDS as readonly string[]).includes(field) || field.startsWith('contract')))
      return { route: 'declare-step4' };
  }
  return undefined;
}

/** The step a visitor resumes a saved draft at: the first one not yet complete. */
export function resumeStepOf(draft: ClaimDraft, rules: DeclarationRules): CustomerRoute {
  for (const step of [1, 2, 3, 4, 5] as const) {
    const redirect = redirectForStep(step, draft, rules);
    if (redirect) return redirect.route;
  }
  return STEP_ROUTES[5];
}
