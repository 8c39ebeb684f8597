import type { DeclarationRoute } from '../../../contracts/routes.ts';

/**
 * The wizard's progress (spec 1 §2 "Wizard chrome"): three groups, request (object, reason, date),
 * information (contact, booking, confirmation) and proofs, each worth 0 to 3 steps shown as
 * 0, 33, 66 or 100 %; the total is 10 per step, or 100 when every group is complete.
 *
 * A step counts once the visitor reaches it, so step 1 already shows a third of the request and the
 * confirmation page (proofs begun) shows 3/3/1: the same 70 % as the follow-up of a claim in progress.
 */
export type ProgressStep = DeclarationRoute;

export interface Progress {
  request: number;
  information: number;
  proofs: number;
  /** 0 to 100. */
  total: number;
}

const STEPS: Record<ProgressStep, readonly [number, number, number]> = {
  'declare-sinistre': [0, 0, 0],
  'declare-step0': [0, 0, 0],
  'declare-step1': [1, 0, 0],
  'declare-step2': [2, 0, 0],
  'declare-step3': [3, 0, 0],
  'declare-step4': [3, 2, 0],
  'declare-step5': [3, 3, 0],
  'confirmation-sinistre': [3, 3, 1],
};

/** A group's value (0 to 3) as the percentage its bar shows. */
export function groupPercent(value: number): 0 | 33 | 66 | 100 {
  return value >= 3 ? 100 : value === 2 ? 66 : value === 1 ? 33 : 0;
}

/** The progress of three group values (the follow-up page's 3/3/1 and 3/3/3 included). */
export function progressOfValues(request: number, information: number, proofs: number): Progress {
  const total = request === 3 && information === 3 && proofs === 3 ? 100 : 10 * (request + information + proofs);
  return { request, information, proofs, total };
}

export function progressOf(step: ProgressStep): Progress {
  const [request, information, proofs] = STEPS[step];
  return progressOfValues(request, information, proofs);
}
