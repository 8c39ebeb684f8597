import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaqAnswerSchema, FaqListAnswerSchema } from '../../contracts/faq.ts';
import { LANGUAGES, type Language } from '../../contracts/languages.ts';
import { faqEntries, faqQuestionCandidates } from '../db/schema.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { FAQ_ENTRIES } from '../../content/faq.ts';
import { seedDemoData } from '../demo/seed.ts';
import { signedInStaffCookie } from '../staff-api/sessions/test-support.ts';
import { createFakeSite, type RunningApp, startTestApp } from '../test-support.ts';
import { EVALUATION_SETS, type EvaluationSetName, hitRateOf } from './eval/hit-rate.ts';
import { RETRIEVAL_SET } from './eval/questions.ts';
import { FaqAssistant, sourceOf } from './service.ts';

/** Questions about one's own file, or holding a personal value, in every language. */
const PERSONAL: Record<Language, string[]> = {
  fr: [
    'Où en est mon dossier\u00a0?',
    'Mon dossier SI-0000003 est-il payé\u00a0?',
    'Mon e-mail est jean.dupont@example.com, pouvez-vous vérifier\u00a0?',
    'Rappelez-moi au 06 12 34 56 78',
  ],
  en: [
    'Where is my refund?',
    'Has my claim been accepted?',
    'My insured number is SO-0000001, is it valid?',
    'Call me on +44 20 7946 0958',
  ],
  de: [
    'Wo ist meine Erstattung?',
    'Wurde mein Antrag angenommen?',
    'Meine Nummer ist SO-0000001',
    'Schreiben Sie an max@example.de',
  ],
  es: [
    '¿Dónde está mi reembolso?',
    '¿Mi expediente ha sido aceptado?',
    'Mi número es SI-0001234',
    'Llámenme al 612 345 678 9',
  ],
  it: [
    'A che punto è la mia pratica?',
    'Quando riceverò il mio rimborso?',
    'La mia email è mario@example.it',
    'Il mio numero è SO-0000002',
  ],
  nl: [
    'Waar is mijn terugbetaling?',
    'Is mijn aanvraag goedgekeurd?',
    'Mijn nummer is SI-0000007',
    'Bel me op 06 1234 5678',
  ],
  pl: ['Gdzie jest mój zwrot?', 'Kiedy otrzymam mój zwrot?', 'Mój e-mail to jan@example.pl', 'Mój numer to SO-0000001'],
  da: [
    'Hvor er min refusion?',
    'Er min sag blevet godkendt?',
    'Min e-mail er lars@example.dk',
    'Ring til mig på 20 12 34 56 78',
  ],
  pt: [
    'Onde está o meu reembolso?',
    'O meu processo foi aceite?',
    'O meu email é ana@example.pt',
    'O meu número é SI-0000008',
  ],
};

describeWithDatabases('FAQ assistant', (context) => {
  let app: RunningApp | undefined;
  let site: ReturnType<typeof createFakeSite> | undefined;
  let cookie = '';

  beforeAll(async () => {
    await seedDemoData(context.database.db);
    site = createFakeSite();
    app = await startTestApp(site.staticDir, undefined, { database: context.database, config: { TRUST_PROXY: '1' } });
    cookie = await signedInStaffCookie(context.database.db, 'camille');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    site?.remove();
  });

  let askers = 0;
  /** `from`: the client's address; by default a new one each call (each call a new asker). */
  async function call(
    method: string,
    body?: unknown,
    signedIn = false,
    options: { query?: string; from?: string } = {},
  ) {
    if (!app) throw new Error('app not started');
    askers += 1;
    const headers: Record<string, string> = {
      'X-Forwarded-For': options.from ?? `10.${Math.floor(askers / 250) % 250}.${askers % 250}.7`,
      Accept: 'application/json',
    };
    if (signedIn) headers['Cookie'] = cookie;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const query = options.query ? `?${options.query}` : '';
    return fetch(`${app.baseUrl}/faq${query}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    });
  }

  /** One page of the staff list. */
  async function staffList(query = 'size=100') {
    const response = await call('GET', undefined, true, { query });
    expect(response.status).toBe(200);
    return FaqListAnswerSchema.parse(await response.json());
  }

  it.each(LANGUAGES)(
    'When the retrieval set is asked in %s, then at least nine in ten of its questions get their curated answer first',
    async (language) => {
      const assistant = new FaqAssistant(context.database.db);
      let hits = 0;
      const misses: string[] = [];
      for (const [question, key] of RETRIEVAL_SET[language]) {
        const expected = FAQ_ENTRIES.find((entry) => entry.key === key)?.texts[language].question;
        const answer = await assistant.respond(question, language);
        const [entry] = answer.entryId
          ? await context.database.db.select().from(faqEntries).where(eq(faqEntries.id, answer.entryId))
          : [];
        if (entry?.question === expected) hits += 1;
        else misses.push(question);
      }
      expect(RETRIEVAL_SET[language].length).toBeGreaterThanOrEqual(20);
      expect(hits / RETRIEVAL_SET[language].length, misses.join(' | ')).toBeGreaterThanOrEqual(0.9);
    },
  );

  /**
   * Top-1 hit rate per language of the two evaluation sets, each held at the floor
   * measured when the second set was written (after the matcher's general synonyms and stop
   * words; before them the second set scored fr 45, en 40, de 25, es 35, it 35, nl 25, pl 30,
   * da 30, pt 30 %). Raise a floor when the matcher gets better; never lower it to pass.
   */
  const FLOORS: Record<EvaluationSetName, Record<Language, number>> = {
    retrieval: { fr: 0.95, en: 1, de: 0.95, es: 0.95, it: 1, nl: 1, pl: 0.95, da: 0.95, pt: 0.95 },
    paraphrases: { fr: 0.65, en: 0.55, de: 0.25, es: 0.5, it: 0.45, nl: 0.4, pl: 0.45, da: 0.4, pt: 0.4 },
  };
  /** The first set asks once for each curated entry; the second is 20 questions written apart. */
  const ENTRY_KEYS = FAQ_ENTRIES.map((entry) => entry.key).toSorted();
  const expectSetShape: Record<EvaluationSetName, (questions: readonly (readonly [string, string])[]) => void> = {
    retrieval: (questions) => expect(questions.map(([, key]) => key).toSorted()).toEqual(ENTRY_KEYS),
    paraphrases: (questions) => expect(questions).toHaveLength(20),
  };
  it.each(
    LANGUAGES.flatMap((language) => (['retrieval', 'paraphrases'] as const).map((set) => [set, language] as const)),
  )('When the %s set is asked in %s, then its top-1 hit rate holds its floor', async (set, language) => {
    expectSetShape[set](EVALUATION_SETS[set][language]);
    const { rate, misses } = await hitRateOf(new FaqAssistant(context.database.db), context.database.db, set, language);
    expect(rate, misses.join(' | ')).toBeGreaterThanOrEqual(FLOORS[set][language]);
  });

  it('When an answer comes from a curated entry, then it names the entry question, in the asked language, and its own document sources, linked to the documents', async () => {
    for (const [lang, question, matched, source] of [
      [
        'fr',
        'En combien de temps serai-je remboursé\u00a0?',
        'Quand serai-je remboursé\u00a0?',
        'delais-remboursement',
      ],
      ['en', 'How long does a refund take?', 'When will I be refunded?', 'delais-remboursement'],
    ] as const) {
      const { datas } = FaqAnswerSchema.parse(await (await call('POST', { question, lang })).json());
      expect(datas.matchedQuestion, question).toBe(matched);
      expect(datas.sources.map((known) => known.document)).toContain(source);
    }
    // The sources are the entry's own, not every document sharing a word with the question
    // (the cancellation cover mentions a bike rental).
    const { datas } = FaqAnswerSchema.parse(
      await (await call('POST', { question: 'My bike was stolen, what should I do?', lang: 'en' })).json(),
    );
    expect(datas.matchedQuestion).toBe('What should I do after a theft?');
    expect(datas.sources.map((known) => known.document)).toEqual(['justificatifs', 'guide-declaration']);
  });

  it('When a source line is an address, then it is a link; a knowledge title names its document; other text stays a title', () => {
    expect(sourceOf('https://example.org/cgv.pdf', 'fr')).toEqual({
      title: 'https://example.org/cgv.pdf',
      url: 'https://example.org/cgv.pdf',
    });
    expect(sourceOf('javascript:alert(1)', 'fr')).toEqual({ title: 'javascript:alert(1)' });
    expect(sourceOf('Contacter le service client', 'fr')).toMatchObject({ document: 'contacter-support' });
    expect(sourceOf('Conditions générales', 'fr')).toEqual({ title: 'Conditions générales' });
  });

  it('When the curated answers are read, then none is a bare yes or no: each starts with a sentence that stands on its own', () => {
    for (const entry of FAQ_ENTRIES)
      for (const language of LANGUAGES)
        expect(entry.texts[language].answer, `${entry.key} ${language}`).not.toMatch(
          /^<p>\s*(oui|non|yes|no|ja|nein|nee|nej|sí|si|sì|tak|nie|sim|não)\s*[.!]/i,
        );
  });

  it('When a visitor asks a question, then the curated answer comes with its sources and the question is counted', async () => {
    const response = await call('POST', { question: 'En combien de temps serai-je remboursé\u00a0?', lang: 'fr' });
    expect(response.status).toBe(200);
    const { datas } = FaqAnswerSchema.parse(await response.json());
    expect(datas).toMatchObject({ kind: 'answer', origin: 'retrieval' });
    expect(datas.text).toMatch(/48/);
    expect(datas.sources.map((source) => source.title)).toContain('Délais de traitement et de remboursement');
    const [entry] = await context.database.db
      .select()
      .from(faqEntries)
      .where(eq(faqEntries.id, datas.entryId ?? 0));
    expect(entry?.question).toBe('Quand serai-je remboursé\u00a0?');
    expect(entry?.occurence).toBeGreaterThanOrEqual(1);
  });

  it('When the question is about something else, then there is no answer, and similar questions of three visitors are counted on one entry', async () => {
    for (const question of [
      'Quelle est la recette de la tarte aux pommes ?',
      'La recette de la tarte aux pommes ?',
      'Recette tarte aux pommes ?',
    ]) {
      const { datas } = FaqAnswerSchema.parse(await (await call('POST', { question, lang: 'fr' })).json());
      expect(datas).toEqual({
        kind: 'no_answer',
        text: '',
        sources: [],
        entryId: null,
        matchedQuestion: null,
        origin: 'retrieval',
      });
    }
    const rows = await context.database.db
      .select()
      .from(faqEntries)
      .where(eq(faqEntries.questionKey, 'pomm recet tart'));
    expect(rows.map((row) => [row.question, row.occurence, row.reponse])).toEqual([
      ['Quelle est la recette de la tarte aux pommes ?', 3, ''],
    ]);
  });

  it('When one visitor asks a new question again and again and a second asks it too, then staff see nothing; when a third asks, then staff have its entry with every asking counted', async () => {
    const question = 'Peut-on venir avec un lama au camping ?';
    const listedCount = async () => (await staffList('size=1')).total;
    const before = await listedCount();
    for (let n = 0; n < 5; n++) await call('POST', { question, lang: 'fr' }, false, { from: '198.18.0.1' });
    // The same words, written otherwise.
    await call('POST', { question: 'peut-on venir avec un lama au camping', lang: 'fr' }, false, {
      from: '198.18.0.2',
    });
    expect(await listedEntry(question)).toBeUndefined();
    expect(await listedCount()).toBe(before);
    // The candidate keeps who asked only as a keyed hash.
    const candidates = await context.database.db.select().from(faqQuestionCandidates);
    expect(candidates.length).toBeGreaterThan(0);
    expect(JSON.stringify(candidates)).not.toMatch(/198\.18/);

    await call('POST', { question: 'Peut-on venir avec un lama au camping ?', lang: 'fr' }, false, {
      from: '198.18.0.3',
    });
    const entry = await listedEntry(question);
    expect(entry).toMatchObject({ reponse: '', occurence: 7 });
    expect(entry?.derniere_occurrence).not.toBeNull();
    expect(await listedCount()).toBe(before + 1);
    // The candidate is gone with its askers' hashes; the next asking counts on the entry.
    expect(
      (await context.database.db.select().from(faqQuestionCandidates)).filter((row) => row.question.includes('lama')),
    ).toEqual([]);
    await call('POST', { question, lang: 'fr' }, false, { from: '198.18.0.1' });
    expect((await listedEntry(question))?.occurence).toBe(8);
  });

  it('When staff list the entries, then the server gives one page of the asked size, sorted and filtered, with the total the filters keep', async () => {
    const all = await staffList('size=100&lang=fr');
    expect(all.total).toBeGreaterThan(5);
    const first = await staffList('size=5&lang=fr');
    expect(first.datas).toHaveLength(5);
    expect(first.total).toBe(all.total);
    expect(first.datas.map((row) => row.id)).toEqual(all.datas.slice(0, 5).map((row) => row.id));
    const second = await staffList('size=5&page=2&lang=fr');
    expect(second.datas.map((row) => row.id)).toEqual(all.datas.slice(5, 10).map((row) => row.id));
    const mostAsked = await staffList('size=100&lang=fr&sort=occurence&dir=desc');
    const occurrences = mostAsked.datas.map((row) => row.occurence);
    expect(occurrences).toEqual(occurrences.toSorted((a, b) => b - a));
    // Spec 3 §5: an id matches as text, exactly; a text contains what was typed, case-sensitive.
    const one = all.datas[0];
    expect((await staffList(`id=${one?.id}`)).datas.map((row) => row.id)).toEqual([one?.id]);
    expect((await staffList('question=rembours&lang=fr')).datas.every((row) => row.question.includes('rembours'))).toBe(
      true,
    );
    expect((await staffList('question=REMBOURS&lang=fr')).total).toBe(0);
    const created = new Date(one?.created_at ?? '').toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
    expect((await staffList(`created_at=${created}&lang=fr&size=100`)).total).toBeGreaterThan(0);
    expect((await staffList('created_at=31/12/19&lang=fr')).total).toBe(0);
    // The questions without an answer alone (the work queue's link): exactly those whose answer has no word.
    const wordless = (html: string) => html.replace(/<[^>]*>|&nbsp;/g, '').trim() === '';
    await ensureUnansweredEntry();
    const everything = [];
    for (let page = 1, pages = 1; page <= pages; page += 1) {
      const list = await staffList(`size=100&page=${page}`);
      everything.push(...list.datas);
      pages = Math.ceil(list.total / 100);
    }
    const unanswered = await staffList('size=100&sans_reponse=1');
    expect(unanswered.total).toBeGreaterThan(0);
    expect(unanswered.datas.map((row) => row.id)).toEqual(
      everything.filter((row) => wordless(row.reponse)).map((row) => row.id),
    );
    expect((await call('GET', undefined, true, { query: 'sans_reponse=oui' })).status).toBe(400);
    // A page past the end is empty, not an error; a size out of bounds is refused.
    expect((await staffList('size=100&page=999')).datas).toEqual([]);
    expect((await call('GET', undefined, true, { query: 'size=1000' })).status).toBe(400);
    expect((await call('GET', undefined, true, { query: 'sort=question' })).status).toBe(400);
  });

  it.each(LANGUAGES)(
    'When a visitor asks about a personal file in %s, then the assistant declines and stores nothing',
    async (language) => {
      const before = (await context.database.db.select().from(faqEntries)).length;
      for (const question of PERSONAL[language]) {
        const { datas } = FaqAnswerSchema.parse(await (await call('POST', { question, lang: language })).json());
        expect(datas, question).toMatchObject({ kind: 'personal', text: '', entryId: null });
      }
      const after = await context.database.db.select().from(faqEntries);
      expect(after.length).toBe(before);
      expect(JSON.stringify(after)).not.toMatch(/example\.|SO-000000[12]|SI-0001234/);
    },
  );

  /** An entry whose answer is only markup and spaces, as the assistant writes a question it could not answer. */
  async function ensureUnansweredEntry() {
    await context.database.db
      .insert(faqEntries)
      .values({
        question: 'Puis-je venir avec mon perroquet ?',
        questionKey: 'perroquet',
        lang: 'fr',
        reponse: '<p>&nbsp;</p>',
      })
      .onConflictDoNothing();
  }

  /** The entry a question's asking was counted on, as the back office lists it. */
  async function listedEntry(question: string) {
    const list = await staffList(new URLSearchParams({ question, size: '100' }).toString());
    return list.datas.find((row) => row.question === question);
  }

  describe('FAQ rating with the partner payload (question, add_reponse_utile_oui / add_reponse_utile_non)', () => {
    it('When a visitor rates the answer to their question yes (feedback 2) then no (feedback 1), then each is counted on the entry that answered and the last no is dated', async () => {
      const question = 'Quels formats de fichiers sont acceptés\u00a0?';
      const { datas } = FaqAnswerSchema.parse(await (await call('POST', { question, lang: 'fr' })).json());
      const id = datas.entryId ?? 0;
      const yes = await call('PATCH', { question, lang: 'fr', add_reponse_utile_oui: 1, add_reponse_utile_non: 0 });
      expect([yes.status, await yes.json()]).toEqual([200, { status: 'success' }]);
      const no = await call('PATCH', { question, lang: 'fr', add_reponse_utile_oui: 0, add_reponse_utile_non: 1 });
      expect(no.status).toBe(200);
      const [entry] = await context.database.db.select().from(faqEntries).where(eq(faqEntries.id, id));
      expect([entry?.reponseUtileOui, entry?.reponseUtileNon]).toEqual([1, 1]);
      expect(entry?.dateReponseUtileNon).toBeInstanceOf(Date);
    });

    it('When a rating is not exactly the partner payload, then the server refuses it with 400 and counts nothing', async () => {
      const question = 'Quels formats de fichiers sont acceptés\u00a0?';
      const before = (await listedEntry('Quels formats de fichiers sont acceptés\u00a0?'))?.reponse_utile_oui;
      const refused = [
        // The first build's payload, by entry id: the spec names the question, not an id.
        { id: 1, add_reponse_utile_oui: 1 },
        { id: 1, question, lang: 'fr', add_reponse_utile_oui: 1, add_reponse_utile_non: 0 },
        { question, lang: 'fr', add_reponse_utile_oui: 1, add_reponse_utile_non: 1 },
        { question, lang: 'fr', add_reponse_utile_oui: 0, add_reponse_utile_non: 0 },
        { question, lang: 'fr', add_reponse_utile_oui: 1 },
        // The feedback values themselves are the page's state, not counts to add.
        { question, lang: 'fr', add_reponse_utile_oui: 2, add_reponse_utile_non: 0 },
        { question, lang: 'fr', add_reponse_utile_oui: true, add_reponse_utile_non: false },
        { question, lang: 'fr', add_reponse_utile_oui: '1', add_reponse_utile_non: '0' },
        { question: '   ', lang: 'fr', add_reponse_utile_oui: 1, add_reponse_utile_non: 0 },
        { question, lang: 'xx', add_reponse_utile_oui: 1, add_reponse_utile_non: 0 },
        { question: 'x'.repeat(501), lang: 'fr', add_reponse_utile_oui: 1, add_reponse_utile_non: 0 },
      ];
      for (const body of refused) expect((await call('PATCH', body)).status, JSON.stringify(body)).toBe(400);
      expect((await listedEntry('Quels formats de fichiers sont acceptés\u00a0?'))?.reponse_utile_oui).toBe(before);
    });

    it('When the question has no answer to rate (personal, nothing found), then the rating answers 404 and stores nothing', async () => {
      const before = await context.database.db.select().from(faqEntries);
      for (const question of ['Où en est mon dossier SI-0000003\u00a0?', 'Combien de pattes a un mille-pattes bleu ?'])
        expect(
          (await call('PATCH', { question, lang: 'fr', add_reponse_utile_oui: 0, add_reponse_utile_non: 1 })).status,
          question,
        ).toBe(404);
      expect(await context.database.db.select().from(faqEntries)).toEqual(before);
    });
  });

  it('When an answer built from the knowledge documents is rated, then the vote is counted on the entry its question was counted on', async () => {
    const question = 'Le bouton Voir plus affiche quoi ?';
    // Asked by three visitors: staff have its entry.
    await call('POST', { question, lang: 'fr' });
    await call('POST', { question, lang: 'fr' });
    const { datas } = FaqAnswerSchema.parse(await (await call('POST', { question, lang: 'fr' })).json());
    expect(datas).toMatchObject({ kind: 'answer', entryId: null, matchedQuestion: null });
    expect(datas.sources).toContainEqual({ title: 'Guide de la déclaration en ligne', document: 'guide-declaration' });
    for (const vote of [
      { add_reponse_utile_oui: 1, add_reponse_utile_non: 0 },
      { add_reponse_utile_oui: 1, add_reponse_utile_non: 0 },
      { add_reponse_utile_oui: 0, add_reponse_utile_non: 1 },
    ])
      expect((await call('PATCH', { question, lang: 'fr', ...vote })).status).toBe(200);
    const entry = await listedEntry(question);
    expect(entry).toMatchObject({ reponse: '', occurence: 3, reponse_utile_oui: 2, reponse_utile_non: 1 });
    expect(entry?.date_reponse_utile_non).not.toBeNull();
  });

  it("When a question is asked, then its 'Dernière occurrence' is that moment, and neither a rating nor a staff edit moves it", async () => {
    const question = 'Comment déclarer un sinistre en ligne\u00a0?';
    const before = Date.now();
    const { datas } = FaqAnswerSchema.parse(await (await call('POST', { question, lang: 'fr' })).json());
    const asked = (await listedEntry('Comment déclarer un sinistre\u00a0?')) ?? (await listedEntry(question));
    expect(asked?.id).toBe(datas.entryId);
    const lastAsked = Date.parse(asked?.derniere_occurrence ?? '');
    expect(lastAsked).toBeGreaterThanOrEqual(before - 1000);
    expect(lastAsked).toBeLessThanOrEqual(Date.now());
    if (!asked) throw new Error('entry missing');
    await call('PATCH', { question, lang: 'fr', add_reponse_utile_oui: 1, add_reponse_utile_non: 0 });
    const edited = await call(
      'PATCH',
      { ...asked, commentaire: 'Relu', add_to_history: true, modif_admin: true },
      true,
    );
    expect(edited.status).toBe(200);
    const after = (await staffList(`id=${asked.id}`)).datas[0];
    expect(after?.derniere_occurrence).toBe(asked.derniere_occurrence);
    expect(after?.modif_admin).not.toBeNull();
    expect(Date.parse(after?.updated_at ?? '')).toBeGreaterThan(lastAsked);
    // The demo entries nobody asked have none.
    const never = (await staffList()).datas.filter((row) => row.derniere_occurrence === null);
    expect(never.length).toBeGreaterThan(0);
    expect(never.every((row) => row.occurence === 0)).toBe(true);
  });

  it('When there is no staff session, then listing, editing and generating answer 401', async () => {
    expect((await call('GET')).status).toBe(401);
    expect(
      (
        await call('PATCH', {
          id: 1,
          question: 'x',
          reponse: '',
          occurence: 0,
          reponse_utile_oui: 0,
          reponse_utile_non: 0,
        })
      ).status,
    ).toBe(401);
    expect((await call('POST', { question: 'x', tmpResponse: true })).status).toBe(401);
  });

  it('When staff edit an answer, then it is sanitised, the old one goes to the history with their login, and visitors get the new one', async () => {
    const entry = await listedEntry('Quand puis-je joindre le service client\u00a0?');
    if (!entry) throw new Error('demo entry missing');
    const response = await call(
      'PATCH',
      {
        id: entry.id,
        question: entry.question,
        reponse:
          '<p onclick="alert(1)">Du lundi au samedi.<script>alert(2)</script></p><a href="javascript:alert(3)">x</a>',
        sourceDocuments: 'Contacter le service client',
        occurence: 0,
        reponse_utile_oui: 0,
        reponse_utile_non: entry.reponse_utile_non,
        commentaire: 'Horaires du samedi',
        add_to_history: true,
        modif_admin: true,
      },
      true,
    );
    expect(await response.json()).toEqual({ status: 'success', message: 'La réponse a été modifiée.' });
    const [stored] = await context.database.db.select().from(faqEntries).where(eq(faqEntries.id, entry.id));
    expect(stored?.reponse).not.toMatch(/onclick|script|javascript/);
    expect(stored?.reponse).toContain('Du lundi au samedi.');
    expect(stored?.historique.at(-1)).toMatchObject({ reponse: entry.reponse, staffLogin: 'camille' });
    expect(stored?.modifAdmin).toBeInstanceOf(Date);
    const { datas } = FaqAnswerSchema.parse(
      await (await call('POST', { question: 'Quels sont les horaires du service client ?', lang: 'fr' })).json(),
    );
    expect(datas.text).toContain('Du lundi au samedi.');
    expect(datas.sources).toContainEqual({ title: 'Contacter le service client', document: 'contacter-support' });
  });

  it('When staff send an edit that changes nothing, then nothing is written and the entry is not dated as modified by staff', async () => {
    const entry = await listedEntry('Comment suivre mon dossier\u00a0?');
    if (!entry) throw new Error('demo entry missing');
    expect(entry.modif_admin).toBeNull();
    const [before] = await context.database.db.select().from(faqEntries).where(eq(faqEntries.id, entry.id));
    const same = {
      id: entry.id,
      question: entry.question,
      reponse: entry.reponse,
      sourceDocuments: entry.sourceDocuments,
      keywords: entry.keywords,
      occurence: entry.occurence,
      reponse_utile_oui: entry.reponse_utile_oui,
      reponse_utile_non: entry.reponse_utile_non,
      commentaire: entry.commentaire,
      add_to_history: true,
      modif_admin: true,
    };
    // The same text, and the same text once sanitised (a handler the server strips).
    for (const reponse of [entry.reponse, entry.reponse.replace('<p>', '<p onclick="alert(1)">')]) {
      const response = await call('PATCH', { ...same, reponse }, true);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        status: 'success',
        message: 'Aucune modification à enregistrer.',
        changed: false,
      });
    }
    const [after] = await context.database.db.select().from(faqEntries).where(eq(faqEntries.id, entry.id));
    expect(after?.modifAdmin).toBeNull();
    expect(after?.updatedAt).toEqual(before?.updatedAt);
    expect(after?.historique).toEqual(before?.historique);
    expect((await staffList(`id=${entry.id}`)).datas[0]?.modif_admin).toBeNull();

    // One thing changed (the comment): saved and dated.
    const changed = await call('PATCH', { ...same, commentaire: 'Relu' }, true);
    expect(await changed.json()).toEqual({ status: 'success', message: 'La réponse a été modifiée.' });
    expect((await staffList(`id=${entry.id}`)).datas[0]?.modif_admin).not.toBeNull();
  });

  it('When staff generate an answer, then it comes back without being stored', async () => {
    const before = await context.database.db.select().from(faqEntries);
    const response = await call('POST', { question: 'Comment faire une réclamation\u00a0?', tmpResponse: true }, true);
    const body = (await response.json()) as { datas: { text: string } };
    expect(body.datas.text).toMatch(/réclamation/i);
    expect(await context.database.db.select().from(faqEntries)).toEqual(before);
  });
});

/**
 * A small OpenAI-compatible chat server answering from fixed rules: a real HTTP peer, as a
 * provider would be, that can also fail or be slow.
 */
function startModelServer(): Promise<{
  url: string;
  requests: unknown[];
  server: Server;
  behave: (next: 'answer' | 'fail' | 'slow') => void;
}> {
  const requests: unknown[] = [];
  let behaviour: 'answer' | 'fail' | 'slow' = 'answer';
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const parsed = JSON.parse(body) as { messages: { role: string; content: string }[] };
      requests.push(parsed);
      if (behaviour === 'fail') {
        response.writeHead(500).end('{"error":"down"}');
        return;
      }
      if (behaviour === 'slow') {
        setTimeout(() => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'), 2_000);
        return;
      }
      const grounded = parsed.messages[0]?.content.includes('48') ?? false;
      const content = grounded
        ? 'Le remboursement intervient sous 48 h après un dossier complet.\n\nLes fonds arrivent 2 à 5 jours plus tard. <img src=x onerror=alert(1)>'
        : 'NO_ANSWER';
      response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        requests,
        server,
        behave: (next) => {
          behaviour = next;
        },
      }),
    ),
  );
}

describeWithDatabases('FAQ assistant with a model', (context) => {
  let app: RunningApp | undefined;
  let site: ReturnType<typeof createFakeSite> | undefined;
  let model: Awaited<ReturnType<typeof startModelServer>> | undefined;

  beforeAll(async () => {
    await seedDemoData(context.database.db);
    model = await startModelServer();
    site = createFakeSite();
    app = await startTestApp(site.staticDir, undefined, {
      database: context.database,
      config: { LLM_BASE_URL: model.url, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-test', LLM_TIMEOUT_MS: '300' },
    });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    site?.remove();
    await new Promise((resolve) => model?.server.close(resolve));
  });

  const ask = async (question: string) => {
    const response = await fetch(`${app?.baseUrl}/faq`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ question, lang: 'fr' }),
    });
    return FaqAnswerSchema.parse(await response.json()).datas;
  };

  it('When a model is configured, then it answers from the retrieved passages, escaped, in the language asked', async () => {
    const answer = await ask('En combien de temps serai-je remboursé\u00a0?');
    expect(answer).toMatchObject({ kind: 'answer', origin: 'model' });
    expect(answer.text).toBe(
      '<p>Le remboursement intervient sous 48 h après un dossier complet.</p><p>Les fonds arrivent 2 à 5 jours plus tard. &lt;img src=x onerror=alert(1)&gt;</p>',
    );
    expect(answer.sources.length).toBeGreaterThan(0);
    const sent = model?.requests.at(-1) as { model: string; messages: { content: string }[] };
    expect(sent.model).toBe('test-model');
    expect(sent.messages[0]?.content).toMatch(/in French/);
    expect(sent.messages[0]?.content).toMatch(/48/);
  });

  it('When the model fails or is slow, then the curated answer is given instead', async () => {
    for (const behaviour of ['fail', 'slow'] as const) {
      model?.behave(behaviour);
      const answer = await ask('Quand serai-je remboursé\u00a0?');
      expect(answer, behaviour).toMatchObject({ kind: 'answer', origin: 'retrieval' });
      expect(answer.text).toMatch(/48/);
    }
    model?.behave('answer');
  });

  it('When the question is personal, then the model is never asked', async () => {
    const before = model?.requests.length;
    expect((await ask('Où en est mon dossier SI-0000003\u00a0?')).kind).toBe('personal');
    expect(model?.requests.length).toBe(before);
  });
});

describe('FAQ retrieval set', () => {
  it('When the set is read, then every question names a curated entry', () => {
    const keys = new Set(FAQ_ENTRIES.map((entry) => entry.key));
    for (const language of LANGUAGES)
      for (const [question, key] of RETRIEVAL_SET[language])
        expect(keys.has(key), `${language}: ${question}`).toBe(true);
  });
});
