import { describe, expect, it } from 'vitest';
import {
  AttestationFieldsSchema,
  ClaimDeclarationSchema,
  ContactFormSchema,
  DeclaredDocumentIdsSchema,
  ErrorAnswerSchema,
  GarantieQuerySchema,
  InfosDossierAnswerSchema,
  InfosDossierQuerySchema,
  InsuredNumberSchema,
  LOOKUP_NUMBER_MAX_LENGTH,
  LookupNumberSchema,
  PagesQuerySchema,
  ProofFileQuerySchema,
  ProofUploadFieldsSchema,
  parseDeclaredDocumentIds,
  SinistresQuerySchema,
  UploadedProofSchema,
} from './partner-api.ts';
import * as answers from './partner-api-answers.ts';

/**
 * What the contracts accept, refuse and return. The schemas are written with `zod/mini` for the
 * browser's sake; these cases pin the behaviour the server and the forms rely on, so that the way
 * they are written can change without the contract changing.
 */

/** A declaration as a form posts it: every field a string. */
const declaration = {
  souscription_id: '12',
  assure_numero: ' so-0000012 ',
  contrat_compagnie_id: '1201',
  assure_nom: '  Lefèvre ',
  assure_prenom: 'Anaïs',
  assure_email: ' anais@example.com ',
  assure_adresse: '3 rue des Tilleuls',
  assure_cp: '69003',
  assure_ville: 'Lyon',
  assure_pays: '250',
  assure_telephone: '0611223344',
  sinistre_date: '20/11/2026',
  motif_id: '18',
  garantie_type: '12',
  lang: 'fr',
  acquisition_methode: 'portail__mail',
};

/** The issues of a refused input, as `path:code`. */
function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; code: string }[] } }) {
  return result.success ? [] : (result.error?.issues ?? []).map(({ path, code }) => `${path.join('.')}:${code}`);
}

describe('insured numbers', () => {
  it('When an insured number has spaces or lower case, then it is trimmed, then upper-cased, then checked', () => {
    expect(InsuredNumberSchema.parse('  so-0000001 ')).toBe('SO-0000001');
    expect(InsuredNumberSchema.parse('So-ab-12')).toBe('SO-AB-12');
    expect(InsuredNumberSchema.safeParse('SO-').success).toBe(false);
    expect(InsuredNumberSchema.safeParse(`SO-${'A'.repeat(41)}`).success).toBe(false);
    expect(InsuredNumberSchema.safeParse('SO 0000001').success).toBe(false);
  });

  it('When an insured number or contract number is looked up, then any shape of letters, digits, spaces and . / _ - up to 43 characters is taken, trimmed and upper-cased; the look-up decides the rest', () => {
    expect(LookupNumberSchema.parse('  so-0000001 ')).toBe('SO-0000001');
    expect(LookupNumberSchema.parse(' sdy-2027-004512')).toBe('SDY-2027-004512');
    expect(LookupNumberSchema.parse('hello world 42')).toBe('HELLO WORLD 42');
    expect(LookupNumberSchema.parse('AB/12.3_4')).toBe('AB/12.3_4');
    expect(LookupNumberSchema.parse('A'.repeat(LOOKUP_NUMBER_MAX_LENGTH))).toHaveLength(43);
    for (const hostile of [
      '',
      '   ',
      'A'.repeat(44),
      '-SO-1',
      "SO-1'",
      'SO-1<b>',
      'SO-1\n2',
      'SO-1\u00002',
      'ÉLODIE',
    ]) {
      expect(LookupNumberSchema.safeParse(hostile).success, JSON.stringify(hostile)).toBe(false);
    }
    expect(InfosDossierQuerySchema.parse({ numero: 'yv27008841' })).toEqual({ numero: 'YV27008841', lang: 'fr' });
  });

  it('When infos_dossier is asked without a language, then French is taken and unknown parameters are refused', () => {
    expect(InfosDossierQuerySchema.parse({ numero: 'so-1' })).toEqual({ numero: 'SO-1', lang: 'fr' });
    expect(issuesOf(InfosDossierQuerySchema.safeParse({ numero: 'SO-1', tri: 'x' }))).toEqual([':unrecognized_keys']);
    expect(issuesOf(InfosDossierQuerySchema.safeParse({ numero: 'SO-1', lang: 'xx' }))).toEqual(['lang:invalid_value']);
  });
});

describe('claim declarations', () => {
  it('When a declaration comes as form strings, then ids are coerced, texts trimmed and the optional fields defaulted', () => {
    expect(ClaimDeclarationSchema.parse(declaration)).toEqual({
      souscription_id: 12,
      assure_numero: 'SO-0000012',
      contrat_compagnie_id: 1201,
      assure_nom: 'Lefèvre',
      assure_prenom: 'Anaïs',
      assure_email: 'anais@example.com',
      assure_adresse: '3 rue des Tilleuls',
      assure_cp: '69003',
      assure_ville: 'Lyon',
      assure_pays: '250',
      assure_telephone: '0611223344',
      destination_nom: '',
      sejour_debut_date: '',
      sejour_fin_date: '',
      sinistre_date: '20/11/2026',
      sejour_montant: '',
      motif_id: 18,
      justificatifs: '[]',
      garantie_type: 12,
      declaration_commentaire: '',
      lang: 'fr',
      company: '',
      acquisition_methode: 'portail__mail',
      __force_client_id: null,
      sinistre_etiquette_id: null,
      confirmation_annulation: '0',
      socket_id: '',
      jeton_email: '',
    });
  });

  it("When an optional id is '' or absent, then it is null; a number string is coerced; anything else is refused", () => {
    const parse = (fields: Record<string, string>) => ClaimDeclarationSchema.safeParse({ ...declaration, ...fields });
    expect(parse({ __force_client_id: '' }).data?.__force_client_id).toBeNull();
    expect(parse({ sinistre_etiquette_id: ' 14 ' }).data?.sinistre_etiquette_id).toBe(14);
    expect(issuesOf(parse({ __force_client_id: '0' }))).toEqual(['__force_client_id:too_small']);
    expect(issuesOf(parse({ sinistre_etiquette_id: '1.5' }))).toEqual(['sinistre_etiquette_id:invalid_union']);
    expect(issuesOf(parse({ sinistre_etiquette_id: 'abc' }))).toEqual(['sinistre_etiquette_id:invalid_union']);
  });

  it('When a coerced id is not a positive whole number, then it is refused by name', () => {
    const parse = (fields: Record<string, string>) => ClaimDeclarationSchema.safeParse({ ...declaration, ...fields });
    expect(issuesOf(parse({ souscription_id: '0' }))).toEqual(['souscription_id:too_small']);
    expect(issuesOf(parse({ motif_id: '2.5' }))).toEqual(['motif_id:invalid_type']);
    expect(issuesOf(parse({ garantie_type: 'abc' }))).toEqual(['garantie_type:invalid_type']);
    // Number('') is 0: an empty id is too small rather than missing.
    expect(issuesOf(parse({ contrat_compagnie_id: '' }))).toEqual(['contrat_compagnie_id:too_small']);
  });

  it('When sejour_montant is given, then up to 7 digits and 2 decimals (dot or comma) pass, trimmed; empty passes', () => {
    const amountOf = (sejour_montant: string) => ClaimDeclarationSchema.safeParse({ ...declaration, sejour_montant });
    expect(amountOf(' 640,50 ').data?.sejour_montant).toBe('640,50');
    expect(amountOf('1234567.5').data?.sejour_montant).toBe('1234567.5');
    expect(amountOf('').data?.sejour_montant).toBe('');
    for (const refused of ['12345678', '12.505', '.5', '12,', '-3', '1 000'])
      expect(issuesOf(amountOf(refused)), refused).toEqual(['sejour_montant:invalid_format']);
  });

  it('When texts are blank, too long or malformed, then the issue tells which (the server translates by issue)', () => {
    const result = ClaimDeclarationSchema.safeParse({
      ...declaration,
      assure_nom: '   ',
      assure_prenom: 'x'.repeat(101),
      assure_email: 'not-an-email',
      assure_telephone: '06 11 22 33 44',
      sinistre_date: '2026-11-20',
      sejour_debut_date: '2026-02-30',
      acquisition_methode: 'Portail',
      confirmation_annulation: '2',
      lang: undefined,
    });
    expect(result.success).toBe(false);
    expect(
      result.error?.issues.map(({ path, code, message, ...detail }) => ({
        path: path.join('.'),
        code,
        ...('minimum' in detail ? { minimum: detail.minimum } : {}),
        ...('maximum' in detail ? { maximum: detail.maximum } : {}),
        ...('format' in detail ? { format: detail.format } : {}),
        ...(path[0] === 'sinistre_date' ? { message } : {}),
      })),
    ).toEqual([
      { path: 'assure_nom', code: 'too_small', minimum: 1 },
      { path: 'assure_prenom', code: 'too_big', maximum: 100 },
      { path: 'assure_email', code: 'invalid_format', format: 'email' },
      { path: 'assure_telephone', code: 'invalid_format', format: 'regex' },
      { path: 'sejour_debut_date', code: 'invalid_format', format: 'date' },
      { path: 'sinistre_date', code: 'invalid_format', format: 'regex', message: 'Expected dd/mm/yyyy.' },
      { path: 'lang', code: 'invalid_value' },
      { path: 'acquisition_methode', code: 'invalid_format', format: 'regex' },
      { path: 'confirmation_annulation', code: 'invalid_value' },
    ]);
  });

  it('When a required field is missing, then its issue has no input, which the server reads as "required"', () => {
    const { assure_ville: _absent, ...rest } = declaration;
    const issue = ClaimDeclarationSchema.safeParse(rest).error?.issues[0];
    expect(issue).toMatchObject({ path: ['assure_ville'], code: 'invalid_type' });
    expect(issue && 'input' in issue ? issue.input : undefined).toBeUndefined();
  });

  it('When a field the contract does not know is sent, then it is refused', () => {
    expect(issuesOf(ClaimDeclarationSchema.safeParse({ ...declaration, role: 'admin' }))).toEqual([
      ':unrecognized_keys',
    ]);
  });
});

describe('announced proofs (justificatifs)', () => {
  it('When justificatifs is a JSON list of distinct positive ids, then the ids are read; anything else is undefined', () => {
    expect(parseDeclaredDocumentIds('[1, 2, 11]')).toEqual([1, 2, 11]);
    expect(parseDeclaredDocumentIds('[]')).toEqual([]);
    for (const refused of ['', 'x', '{}', '[1, 1]', '[0]', '[1.5]', '["1"]', '[2147483648]'])
      expect(parseDeclaredDocumentIds(refused), refused).toBeUndefined();
    expect(parseDeclaredDocumentIds(JSON.stringify(Array.from({ length: 50 }, (_, i) => i + 1)))).toHaveLength(50);
    expect(parseDeclaredDocumentIds(JSON.stringify(Array.from({ length: 51 }, (_, i) => i + 1)))).toBeUndefined();
  });

  it('When an id is listed twice, then the message says each type once', () => {
    expect(DeclaredDocumentIdsSchema.safeParse([3, 3]).error?.issues).toMatchObject([
      { code: 'custom', message: 'Each document type once.' },
    ]);
  });

  it('When the justificatifs field is absent or too long, then it defaults to [] or is refused', () => {
    expect(ClaimDeclarationSchema.parse(declaration).justificatifs).toBe('[]');
    const long = ClaimDeclarationSchema.safeParse({ ...declaration, justificatifs: `[${'1,'.repeat(1000)}1]` });
    expect(issuesOf(long)).toEqual(['justificatifs:too_big']);
  });
});

describe('follow-up credentials (GET sinistres, GET justificatifs/fichier)', () => {
  it('When a hash is sent, then the first form applies; a claim number and a name, the second', () => {
    expect(SinistresQuerySchema.parse({ hash: 'abcdefghijklmnopqrstuvwxyz' })).toEqual({
      hash: 'abcdefghijklmnopqrstuvwxyz',
      lang: 'fr',
    });
    expect(SinistresQuerySchema.parse({ dossier_numero: ' SI-0000001', dossier_nom: ' Lefèvre ', lang: 'en' })).toEqual(
      {
        dossier_numero: 'SI-0000001',
        dossier_nom: 'Lefèvre',
        lang: 'en',
      },
    );
  });

  it('When the credentials mix both forms or fit neither, then they are refused', () => {
    const mixed = {
      hash: 'abcdefghijklmnopqrstuvwxyz',
      dossier_numero: 'SI-0000001',
      dossier_nom: 'Lefèvre',
    };
    expect(issuesOf(SinistresQuerySchema.safeParse(mixed))).toEqual([':invalid_union']);
    expect(issuesOf(SinistresQuerySchema.safeParse({}))).toEqual([':invalid_union']);
    // When one form alone fits the keys, its own issue is reported, on its field.
    expect(issuesOf(SinistresQuerySchema.safeParse({ hash: 'short' }))).toEqual(['hash:invalid_format']);
    expect(issuesOf(SinistresQuerySchema.safeParse({ dossier_numero: 'si-01', dossier_nom: 'x' }))).toEqual([
      'dossier_numero:invalid_format',
    ]);
    // Typed in small letters, the number is read in capitals.
    expect(SinistresQuerySchema.parse({ dossier_numero: ' si-0000001', dossier_nom: 'x' })).toMatchObject({
      dossier_numero: 'SI-0000001',
    });
  });

  it('When a file is asked, then the proof id is coerced and bounded to a PostgreSQL integer', () => {
    const query = { hash: 'abcdefghijklmnopqrstuvwxyz', lang: 'de' };
    expect(ProofFileQuerySchema.parse({ ...query, proof: '7' })).toEqual({ ...query, proof: 7 });
    expect(ProofFileQuerySchema.safeParse({ ...query, proof: '2147483648' }).success).toBe(false);
    expect(ProofFileQuerySchema.safeParse({ ...query, proof: '0' }).success).toBe(false);
  });
});

describe('other requests', () => {
  it('When garantie_id comes as text, then it is coerced and must be a positive PostgreSQL integer', () => {
    expect(GarantieQuerySchema.parse({ garantie_id: '35' })).toEqual({ garantie_id: 35, lang: 'fr' });
    expect(GarantieQuerySchema.safeParse({ garantie_id: '2147483647' }).success).toBe(true);
    expect(issuesOf(GarantieQuerySchema.safeParse({ garantie_id: '2147483648' }))).toEqual(['garantie_id:too_big']);
    expect(issuesOf(GarantieQuerySchema.safeParse({ garantie_id: '-1' }))).toEqual(['garantie_id:too_small']);
  });

  it('When an upload names its proof, then 0 (other document) and larger ids pass, coerced', () => {
    expect(ProofUploadFieldsSchema.parse({ type: '0' })).toEqual({ type: 0, lang: 'fr' });
    expect(ProofUploadFieldsSchema.safeParse({ type: '-1' }).success).toBe(false);
    expect(UploadedProofSchema.safeParse({ type: '1', value: crypto.randomUUID(), name: 'a.pdf' }).success).toBe(false);
  });

  it('When attestation stay dates are unix seconds, then they are trimmed, read as numbers and bounded', () => {
    const fields = { assure_email: ' a@b.fr ', sejour_debut_date: ' 1783684800 ', sejour_fin_date: '1783771200' };
    expect(AttestationFieldsSchema.parse(fields)).toEqual({
      acquisition_methode: '',
      assure_email: 'a@b.fr',
      sejour_debut_date: 1_783_684_800,
      sejour_fin_date: 1_783_771_200,
      lang: 'fr',
    });
    expect(issuesOf(AttestationFieldsSchema.safeParse({ ...fields, sejour_fin_date: '4102444801' }))).toEqual([
      'sejour_fin_date:too_big',
    ]);
    expect(issuesOf(AttestationFieldsSchema.safeParse({ ...fields, sejour_fin_date: '1.5' }))).toEqual([
      'sejour_fin_date:invalid_format',
    ]);
  });

  it("When the contact form has no claim number, then it is ''; a malformed one is refused", () => {
    const contact = { nom: 'Anaïs', email: 'a@b.fr', telephone: '0611223344', message: 'Bonjour' };
    expect(ContactFormSchema.parse(contact)).toMatchObject({ num_sinistre: '', source_referrer: '' });
    expect(ContactFormSchema.parse({ ...contact, num_sinistre: ' SI-0000001 ' }).num_sinistre).toBe('SI-0000001');
    expect(issuesOf(ContactFormSchema.safeParse({ ...contact, num_sinistre: 'SI-1' }))).toEqual([
      'num_sinistre:invalid_format',
    ]);
  });

  it('When a page id is not kebab-case or too long, then it is refused', () => {
    expect(PagesQuerySchema.parse({ page: 'mentions-legales' })).toEqual({ page: 'mentions-legales', lang: 'fr' });
    for (const page of ['Mentions', 'a--b', '-a', `a${'-b'.repeat(32)}`])
      expect(PagesQuerySchema.safeParse({ page }).success, page).toBe(false);
  });
});

describe('answers', () => {
  it('When infos_dossier answers no subscription, then the answer is refused; an error answer keeps its fields', () => {
    expect(InfosDossierAnswerSchema.safeParse({ status: 'success', data: [] }).success).toBe(false);
    expect(ErrorAnswerSchema.parse({ status: 'error', message: 'Non', fields: { nom: 'Requis' }, extra: 1 })).toEqual({
      status: 'error',
      message: 'Non',
      fields: { nom: 'Requis' },
    });
  });

  it('When a page loads the answers, then no answer schema is built before it reads that answer', () => {
    // A schema built at import is work for every page that loads the API client (step 4 reads
    // only the country list); each answer's schema and each of its parts is built on first use.
    const eager = Object.entries(answers)
      .filter(([name]) => /Schema$/.test(name) && name !== 'FollowUpTokenSchema')
      .filter(([, schema]) => (schema as { _zod: { def: { type: string } } })._zod.def.type !== 'lazy')
      .map(([name]) => name);
    expect(eager).toEqual([]);
    expect(
      answers.PaysAnswerSchema.parse({ status: 'success', data: [{ id: 250, nom: 'France', code: 'FR' }] }),
    ).toEqual({ status: 'success', data: [{ id: 250, nom: 'France', code: 'FR' }] });
  });
});
