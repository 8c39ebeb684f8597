import { CLAIM_NUMBER_PATTERN } from '../../contracts/claim-number.ts';
import { describe, expect, it } from 'vitest';
import { loadBrands } from '../../brands/index.ts';
import { LANGUAGES } from '../../contracts/languages.ts';
import { CANCELLATION_GROUP_IDS } from '../../contracts/partner-api.ts';
import { COUNTRIES } from '../../content/countries.ts';
import { DOCUMENT_TYPES, OTHER_DOCUMENT_TYPE_ID } from '../../content/documents.ts';
import { FAQ_ENTRIES, KNOWLEDGE_DOCUMENTS } from '../../content/faq.ts';
import { CANCELLATION_GUARANTEE_IDS, GUARANTEES, guaranteeIdsOfFamily } from './records/guarantees.ts';
import { LEGAL_NOTICE, LEGAL_PAGES, PRIVACY_POLICY } from '../../content/legal-pages.ts';
import { CLAIMS, CONTRACTS, SUBSCRIPTIONS } from './records/people.ts';
import type { Translations } from '../../content/types.ts';

/**
 * Proper nouns that are rightly spelt as in French in another language (country names). Nothing
 * else may be a copy of the French text.
 */
const SAME_AS_FRENCH_ALLOWED = new Set([
  'France',
  'Luxembourg',
  'Portugal',
  'Liechtenstein',
  'Monaco',
  'Canada',
  'Chili',
  'Côte d’Ivoire',
  'Cameroun',
  'Mali',
  'Madagascar',
  'Ukraine',
]);

/** Every translated text of the demo content, named for the failure message. */
function allTranslatedTexts(): { label: string; texts: Translations }[] {
  const texts: { label: string; texts: Translations }[] = [];
  const add = <T>(label: string, translations: Translations<T>, field: (value: T) => string) => {
    texts.push({
      label,
      texts: Object.fromEntries(LANGUAGES.map((lang) => [lang, field(translations[lang])])) as Translations,
    });
  };
  for (const guarantee of GUARANTEES) {
    add(`guarantee ${guarantee.id} nom`, guarantee.names, (name) => name.nom);
    add(`guarantee ${guarantee.id} nomComplet`, guarantee.names, (name) => name.nomComplet);
    for (const reason of guarantee.motifs) add(`reason ${reason.id}`, reason.nom, (name) => name);
  }
  for (const documentType of DOCUMENT_TYPES) {
    add(`document ${documentType.code} nomCourt`, documentType.texts, (text) => text.nomCourt);
    add(`document ${documentType.code} nom`, documentType.texts, (text) => text.nom);
    add(`document ${documentType.code} description`, documentType.texts, (text) => text.description);
  }
  for (const country of COUNTRIES) add(`country ${country.code}`, country.nom, (name) => name);
  for (const page of LEGAL_PAGES) {
    add(`${page.slug} title`, page.title, (title) => title);
    for (const paragraph of page.paragraphs) {
      add(`${page.slug}#${paragraph.anchor} nom`, paragraph.texts, (text) => text.nom);
      add(`${page.slug}#${paragraph.anchor} contenu`, paragraph.texts, (text) => text.contenu);
    }
  }
  for (const entry of FAQ_ENTRIES) {
    add(`faq ${entry.key} question`, entry.texts, (text) => text.question);
    add(`faq ${entry.key} answer`, entry.texts, (text) => text.answer);
  }
  for (const document of KNOWLEDGE_DOCUMENTS) {
    add(`knowledge ${document.key} title`, document.texts, (text) => text.title);
    add(`knowledge ${document.key} body`, document.texts, (text) => text.body);
  }
  return texts;
}

function duplicates<T>(values: readonly T[]): T[] {
  return values.filter((value, index) => values.indexOf(value) !== index);
}

describe('demo content in the 9 languages', () => {
  const texts = allTranslatedTexts();

  it('When any text of the demo is read in any language, then it is present and not blank', () => {
    const missing = texts.flatMap(({ label, texts: byLanguage }) =>
      LANGUAGES.filter((lang) => typeof byLanguage[lang] !== 'string' || byLanguage[lang].trim() === '').map(
        (lang) => `${label} [${lang}]`,
      ),
    );
    expect(missing).toEqual([]);
    expect(texts.length).toBeGreaterThan(250);
  });

  it('When a text is read in a language other than French, then it is written in that language, not copied from French', () => {
    const copies = texts.flatMap(({ label, texts: byLanguage }) =>
      LANGUAGES.filter(
        (lang) => lang !== 'fr' && byLanguage[lang] === byLanguage.fr && !SAME_AS_FRENCH_ALLOWED.has(byLanguage.fr),
      ).map((lang) => `${label} [${lang}]: ${byLanguage[lang]}`),
    );
    expect(copies).toEqual([]);
  });

  it('When HTML content is served, then it uses only the simple tags the server keeps (p, ul, li, a, no script)', () => {
    const htmlTexts = texts.filter(({ label }) => /contenu|answer/.test(label));
    const tags = new Set(
      htmlTexts.flatMap(({ texts: byLanguage }) =>
        LANGUAGES.flatMap((lang) => [...byLanguage[lang].matchAll(/<\/?([a-z]+)/g)].map((match) => match[1])),
      ),
    );
    expect([...tags].sort()).toEqual(['a', 'li', 'p', 'ul']);
  });

  it('When the FAQ is imported, then no language holds the same question twice (one row per question)', () => {
    for (const lang of LANGUAGES) expect(duplicates(FAQ_ENTRIES.map(({ texts }) => texts[lang].question))).toEqual([]);
    expect(FAQ_ENTRIES.length).toBeGreaterThanOrEqual(20);
    expect(KNOWLEDGE_DOCUMENTS.length).toBeGreaterThanOrEqual(6);
  });
});

describe('demo guarantees, reasons and documents', () => {
  it('When the wizard asks for the cancellation groups 1, 5, 35, 40, 46, 102 and 110, then each exists as a cancellation shown at step 1', () => {
    expect([...CANCELLATION_GUARANTEE_IDS]).toEqual([...CANCELLATION_GROUP_IDS]);
    for (const id of CANCELLATION_GROUP_IDS) {
      const guarantee = GUARANTEES.find((candidate) => candidate.id === id);
      expect(guarantee, `group ${id}`).toMatchObject({ type: 'annulation', sinistreAfficheDeclare: 1 });
    }
    const otherCancellations = GUARANTEES.filter(
      (guarantee) =>
        guarantee.type === 'annulation' && !(CANCELLATION_GROUP_IDS as readonly number[]).includes(guarantee.id),
    );
    expect(otherCancellations).toEqual([]);
  });

  it('When step 4 titles its section, then exactly one group is equipment (materiel), and it is shown', () => {
    const equipment = GUARANTEES.filter((guarantee) => guarantee.type === 'materiel');
    expect(equipment).toHaveLength(1);
    expect(equipment[0]?.sinistreAfficheDeclare).toBe(1);
  });

  it('When step 2 opens a group with a single reason, then such a shown group exists (licenciement, 46)', () => {
    const single = GUARANTEES.filter((guarantee) => guarantee.motifs.length === 1 && guarantee.sinistreAfficheDeclare);
    expect(single.map((guarantee) => guarantee.id)).toContain(46);
  });

  it('When step 1 filters and prioritises tiles, then some groups are hidden and about five shown ones are prioritised', () => {
    const hidden = GUARANTEES.filter((guarantee) => guarantee.sinistreAfficheDeclare === 0);
    expect(hidden.length).toBeGreaterThanOrEqual(2);
    expect(hidden.filter((guarantee) => guarantee.priorisationDeclare === 1)).toEqual([]);
    const prioritised = GUARANTEES.filter((guarantee) => guarantee.priorisationDeclare === 1);
    expect(prioritised.length).toBeGreaterThanOrEqual(5);
    expect(prioritised.length).toBeLessThanOrEqual(6);
    expect(GUARANTEES.length).toBeGreaterThanOrEqual(14);
  });

  it('When ids are used as keys, then guarantees, reasons, documents, countries and orders are unique', () => {
    expect(duplicates(GUARANTEES.map((guarantee) => guarantee.id))).toEqual([]);
    expect(duplicates(GUARANTEES.map((guarantee) => guarantee.ordre))).toEqual([]);
    expect(duplicates(GUARANTEES.flatMap((guarantee) => guarantee.motifs.map((reason) => reason.id)))).toEqual([]);
    expect(duplicates(DOCUMENT_TYPES.map((documentType) => documentType.id))).toEqual([]);
    expect(duplicates(DOCUMENT_TYPES.map((documentType) => documentType.code))).toEqual([]);
    expect(duplicates(COUNTRIES.map((country) => country.id))).toEqual([]);
    expect(duplicates(COUNTRIES.map((country) => country.code))).toEqual([]);
  });

  it('When a reason lists its documents, then each is a known document type, once, and every reason asks for at least one', () => {
    const known = new Set(DOCUMENT_TYPES.map((documentType) => documentType.id));
    for (const reason of GUARANTEES.flatMap((guarantee) => guarantee.motifs)) {
      expect(reason.documentTypeIds.length, `reason ${reason.id}`).toBeGreaterThan(0);
      expect(
        reason.documentTypeIds.filter((id) => !known.has(id)),
        `reason ${reason.id}`,
      ).toEqual([]);
      expect(duplicates(reason.documentTypeIds), `reason ${reason.id}`).toEqual([]);
    }
  });

  it('When a proof of type 0 (other) is uploaded, then the "other document" type exists with a positive id, and the five document labels exist', () => {
    expect(OTHER_DOCUMENT_TYPE_ID).toBeGreaterThan(0);
    const codes = DOCUMENT_TYPES.map((documentType) => documentType.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'AUTRE',
        'CERTIFICAT_INTERRUPTION',
        'CERTIFICAT_EXTENSION_INTERRUPTION',
        'CERTIFICAT_REMISE_A_NIVEAU',
        'CERTIFICAT_TROU_EN_UN',
      ]),
    );
    expect(DOCUMENT_TYPES.find((documentType) => documentType.id === OTHER_DOCUMENT_TYPE_ID)?.code).toBe('AUTRE');
  });

  it('When a contract family is offered at step 1, then it has shown, prioritised and cancellation groups', () => {
    for (const family of ['sejour', 'velo', 'golf'] as const) {
      const offered = guaranteeIdsOfFamily(family).map((id) => GUARANTEES.find((guarantee) => guarantee.id === id));
      expect(offered.filter((guarantee) => guarantee?.sinistreAfficheDeclare === 1).length, family).toBeGreaterThan(2);
      expect(
        offered.some((guarantee) => guarantee?.priorisationDeclare === 1),
        family,
      ).toBe(true);
      expect(
        offered.some((guarantee) => guarantee?.type === 'annulation'),
        family,
      ).toBe(true);
    }
  });
});

describe('demo legal pages', () => {
  it('When the home page links to politique-confidentialite#avis, then the privacy policy has the review paragraph', () => {
    expect(PRIVACY_POLICY.paragraphs.map((paragraph) => paragraph.anchor)).toContain('avis');
    for (const page of LEGAL_PAGES)
      expect(duplicates(page.paragraphs.map((paragraph) => paragraph.anchor))).toEqual([]);
  });

  it('When the pages are read, then the legal notice names publisher, host and ORIAS registration, and the policy the DPO', () => {
    const notice = LEGAL_NOTICE.paragraphs.map((paragraph) => paragraph.texts.fr.contenu).join(' ');
    expect(notice).toContain('Sinistre Assistance SAS');
    expect(notice).toContain('ORIAS');
    expect(notice).toContain('Hébergement');
    const policy = PRIVACY_POLICY.paragraphs.map((paragraph) => paragraph.anchor);
    expect(policy).toEqual(expect.arrayContaining(['responsable', 'droits', 'dpo', 'cookies', 'conservation']));
  });
});

describe('demo insured numbers and claims', () => {
  const subscriptionsOf = (numero: string) => SUBSCRIPTIONS.filter((row) => row.assureNumero === numero);
  const claimsOf = (numero: string) =>
    CLAIMS.filter((claim) => subscriptionsOf(numero).some((row) => row.souscriptionId === claim.souscriptionId));
  const contractOf = (numero: string) =>
    CONTRACTS.find((contract) => contract.contratCompagnieId === subscriptionsOf(numero)[0]?.contratCompagnieId);

  it('When SO-0000001 is typed, then it has one subscription and no claim (step 1)', () => {
    expect(subscriptionsOf('SO-0000001')).toHaveLength(1);
    expect(claimsOf('SO-0000001')).toEqual([]);
  });

  it('When SO-0000002 is typed, then it has three subscriptions (step 0) with different products', () => {
    const rows = subscriptionsOf('SO-0000002');
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.garantieId)).size).toBe(3);
  });

  it('When SO-0000003 is typed, then its claim SI-0000003 (MARTIN) is in treatment with 2 missing, 1 transmitted and 1 validated documents', () => {
    const [claim] = claimsOf('SO-0000003');
    expect(claim?.numero).toBe('SI-0000003');
    expect(subscriptionsOf('SO-0000003')[0]?.assureNom).toBe('MARTIN');
    expect(['paiement_envoye', 'sans_suite', 'attente_traitement']).not.toContain(claim?.etat);
    const proofs = claim?.proofs ?? [];
    expect(proofs.filter((proof) => proof.demande === 1 && proof.dropbox === 0)).toHaveLength(2);
    const transmitted = proofs.filter((proof) => proof.dropbox === 1 && proof.valide === 0);
    expect(transmitted).toHaveLength(1);
    expect(transmitted[0]).toMatchObject({ readAt: null, receptionDate: expect.any(String) });
    expect(proofs.filter((proof) => proof.dropbox === 1 && proof.valide === 1)).toHaveLength(1);
  });

  it('When SI-0000007 and SI-0000008 are followed, then they are DURAND paiement_envoye and PETIT sans_suite', async () => {
    const byNumber = (numero: string) => CLAIMS.find((claim) => claim.numero === numero);
    const holder = (numero: string) =>
      SUBSCRIPTIONS.find((row) => row.souscriptionId === byNumber(numero)?.souscriptionId)?.assureNom;
    expect([byNumber('SI-0000007')?.etat, holder('SI-0000007')]).toEqual(['paiement_envoye', 'DURAND']);
    expect([byNumber('SI-0000008')?.etat, holder('SI-0000008')]).toEqual(['sans_suite', 'PETIT']);
  });

  it('When the brand-specific numbers are typed on their brand, then each exists with the brand behaviour it shows', async () => {
    const brands = await loadBrands();
    const brand = (slug: string) => brands.bySlug.get(slug);
    for (const slug of ['fns', 'maeva']) {
      const prefix = brand(slug)?.declaration.insuredNumberPrefix;
      expect(subscriptionsOf(`${prefix}0000004`), slug).toHaveLength(1);
    }
    expect(contractOf('SO-FNS-0000004')?.company).toBeNull();

    const zenride = contractOf('SO-0000005');
    expect(brand(zenride?.company ?? '')?.declaration.bookingSection).toBe('hidden');
    expect(subscriptionsOf('SO-0000005')[0]).toMatchObject({ sejourDebutDate: null, sejourFinDate: null });

    const veligo = contractOf('SO-0000006');
    expect(brand(veligo?.company ?? '')?.declaration.labelId).toBe(14);

    const golfyCode = brand('golfy')?.declaration.automaticInsuredNumber ?? '';
    expect(golfyCode).toMatch(/^SO-/);
    expect(subscriptionsOf(golfyCode)).toHaveLength(1);
    expect(contractOf(golfyCode)?.company).toBe('golfy');
  });

  it('When the contract number of sandaya’s or yelloh’s format is typed, then it finds one insured person with no claim', async () => {
    const brands = await loadBrands();
    for (const slug of ['sandaya', 'yelloh']) {
      const example = brands.bySlug.get(slug)?.declaration.contractNumberFormat?.example;
      const rows = SUBSCRIPTIONS.filter((row) => row.numeroContrat === example);
      expect(rows, slug).toHaveLength(1);
      expect(CONTRACTS.find((contract) => contract.contratCompagnieId === rows[0]?.contratCompagnieId)?.company).toBe(
        slug,
      );
      expect(claimsOf(rows[0]?.assureNumero ?? ''), slug).toEqual([]);
    }
  });

  it('When SO-0000010 … SO-0000029 are typed under any brand, then each has one subscription and no claim', () => {
    for (let number = 10; number <= 29; number += 1) {
      const numero = `SO-${String(number).padStart(7, '0')}`;
      expect(subscriptionsOf(numero), numero).toHaveLength(1);
      expect(contractOf(numero)?.company, numero).toBeNull();
      expect(claimsOf(numero), numero).toEqual([]);
    }
  });

  it('When the demo people are read, then their details are plausible, fictitious and consistent', () => {
    const countryIds = new Set(COUNTRIES.map((country) => country.id));
    const contractIds = new Set(CONTRACTS.map((contract) => contract.contratCompagnieId));
    const guaranteeIds = new Set(GUARANTEES.map((guarantee) => guarantee.id));
    expect(duplicates(SUBSCRIPTIONS.map((row) => row.souscriptionId))).toEqual([]);
    for (const contract of CONTRACTS) {
      expect(contract.contratCompagnieId).toBeGreaterThan(0);
      expect(contract.destinationMode).toBe('complet');
    }
    for (const row of SUBSCRIPTIONS) {
      const label = `${row.assureNumero} (${row.souscriptionId})`;
      expect(row.assureNumero, label).toMatch(/^SO-[A-Z0-9-]+$/);
      expect(row.assureTelephone, label).toMatch(/^\d{9,15}$/);
      expect(row.assureEmail, label).toMatch(/^[a-z.]+@example\.(com|org)$/);
      expect(countryIds.has(row.assurePays), label).toBe(true);
      expect(contractIds.has(row.contratCompagnieId), label).toBe(true);
      expect(guaranteeIds.has(row.garantieId), label).toBe(true);
      if (row.sejourDebutDate !== null && row.sejourFinDate !== null) {
        expect(row.sejourDebutDate < row.sejourFinDate, label).toBe(true);
        expect(row.sejourDebutDate, label).toMatch(/^202[67]-/);
        expect(row.sejourFinDate, label).toMatch(/^202[67]-/);
      }
    }
  });

  it('When a demo claim is followed, then its proofs are the documents its reason requires and its group is its reason’s', () => {
    for (const claim of CLAIMS) {
      const guarantee = GUARANTEES.find((candidate) => candidate.motifs.some((reason) => reason.id === claim.motifId));
      expect(guarantee?.id, claim.numero).toBe(claim.garantieId);
      const reason = guarantee?.motifs.find((candidate) => candidate.id === claim.motifId);
      expect(claim.proofs.map((proof) => proof.documentTypeId).sort(), claim.numero).toEqual(
        [...(reason?.documentTypeIds ?? [])].sort(),
      );
      expect(claim.numero).toMatch(CLAIM_NUMBER_PATTERN);
    }
  });
});
