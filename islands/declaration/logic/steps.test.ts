import { describe, expect, it } from 'vitest';
import { newClaimDraft } from './draft.ts';
import { redirectForStep, resumeStepOf } from './steps.ts';
import { completeDraft, insuredInfo, rules } from './test-fixtures.ts';

describe('redirectForStep', () => {
  it('When there is no draft, then every step sends back to the open-claim page', () => {
    for (const step of [0, 1, 2, 3, 4, 5] as const)
      expect(redirectForStep(step, null, rules())).toEqual({ route: 'declare-sinistre' });
  });

  it('When the subscription already has a claim, then the step sends to the follow-up with it', () => {
    expect(redirectForStep(1, completeDraft({ claimNumber: 'SI-0000003' }), rules())).toEqual({
      route: 'suivre-dossier',
      claimNumber: 'SI-0000003',
    });
  });

  it('When no subscription is chosen among several, then steps 1 to 5 send to step 0', () => {
    const draft = newClaimDraft({
      insuranceNumber: 'SO-0000002',
      infos: [insuredInfo({ _nb_souscriptions: 2 }), insuredInfo({ souscription_id: 2, _nb_souscriptions: 2 })],
      lang: 'fr',
      idempotencyKey: 'k-0123456789abcdef',
    });
    expect(redirectForStep(0, draft, rules())).toBeUndefined();
    expect(redirectForStep(3, draft, rules())).toEqual({ route: 'declare-step0' });
  });

  it('When an earlier step is not done, then the visitor is sent to it', () => {
    expect(redirectForStep(2, completeDraft({ claimGroup: null }), rules())).toEqual({ route: 'declare-step1' });
    expect(redirectForStep(3, completeDraft({ claimDetail: null }), rules())).toEqual({ route: 'declare-step2' });
    expect(redirectForStep(4, completeDraft({ claimDate: '' }), rules())).toEqual({ route: 'declare-step3' });
    expect(redirectForStep(5, completeDraft({ email: '' }), rules())).toEqual({ route: 'declare-step4' });
  });

  it('When the draft is complete, then every step may show and a resumed draft opens at step 5', () => {
    for (const step of [0, 1, 2, 3, 4, 5] as const)
      expect(redirectForStep(step, completeDraft(), rules())).toBeUndefined();
    expect(resumeStepOf(completeDraft(), rules())).toBe('declare-step5');
    expect(resumeStepOf(completeDraft({ claimDetail: null }), rules())).toBe('declare-step2');
  });
});
