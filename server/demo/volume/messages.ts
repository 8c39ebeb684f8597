import type { BrandCatalog } from '../../../brands/lib/parse.ts';
import { claimNumberOf } from '../../../contracts/claim-number.ts';
import { deadlinesOf, type InboxKind, type InboxState } from '../../../contracts/inbox.ts';
import type { Language } from '../../../contracts/languages.ts';
import { COMPLAINT_REASONS } from '../../../contracts/partner-api-base.ts';
import { sanitizeRichText } from '../../../contracts/sanitize-rich-text.ts';
import { renderMail } from '../../mail/public.ts';
import { createRandom, type Random } from '../random.ts';
import type { DemoRow } from '../repository.ts';
import { DEMO_STAFF_LOGINS } from './claims.ts';
import { outboxRowOf, type WrittenClaim } from './mails.ts';
import { drawPerson } from './people.ts';

/**
 * Complaints and contact messages of the demo, as the staff inbox holds them: a few hundred over
 * the 18 months, in every state (nouveau, en cours, répondu, clos), some about generated claims
 * (by their number), some with a small attached file, with the acknowledgement mails the forms
 * sent, staff's internal notes, answers (mailed through the outbox in the claimant's language)
 * and the history of every act. Old messages are answered and closed; recent ones wait; a few
 * are late (a complaint not answered within 2 months, contact messages past their service
 * target, complaints whose acknowledgement mail failed past their 10 working days).
 *
 * Nobody is assigned: the demo is seeded before the first staff account exists (creating
 * accounts here would keep `npm start` from creating the admin's). The history names the demo
 * staff logins as text, as it does for accounts since removed.
 */

const DAY_MS = 24 * 60 * 60_000;
/** Messages generated at full volume. */
const MESSAGE_COUNT = 320;

/** What a claimant writes, per language: a complaint, then a contact message. */
const TEXTS: Record<Language, { complaint: readonly string[]; contact: readonly string[] }> = {
  fr: {
    complaint: [
      'J’ai envoyé tous mes justificatifs il y a plus d’un mois et je n’ai toujours aucune nouvelle de mon dossier.',
      'Le remboursement proposé ne correspond pas au montant de mon séjour. Je conteste cette décision.',
      'Personne ne répond au téléphone et mes mails restent sans réponse. C’est inadmissible.',
    ],
    contact: [
      'Bonjour, quels documents dois-je fournir pour une annulation pour maladie ?',
      'Je n’ai pas reçu le lien de suivi de mon dossier, pouvez-vous me le renvoyer ?',
      'Mon RIB a changé, comment vous transmettre le nouveau ?',
    ],
  },
  en: {
    complaint: [
      'I sent every document over a month ago and have heard nothing about my claim since.',
      'The refund offered does not match what I paid for the stay. I dispute this decision.',
    ],
    contact: [
      'Hello, which documents do I need for a cancellation due to illness?',
      'I did not receive the follow-up link for my claim, could you send it again?',
    ],
  },
  de: {
    complaint: [
      'Ich habe alle Unterlagen vor über einem Monat geschickt und seitdem nichts mehr gehört.',
      'Die angebotene Erstattung entspricht nicht dem Preis meines Aufenthalts. Ich widerspreche.',
    ],
    contact: [
      'Guten Tag, welche Unterlagen brauche ich für eine Stornierung wegen Krankheit?',
      'Ich habe den Link zu meiner Schadensmeldung nicht erhalten. Können Sie ihn erneut senden?',
    ],
  },
  es: {
    complaint: [
      'Envié todos los documentos hace más de un mes y no he vuelto a saber nada de mi expediente.',
      'El reembolso propuesto no corresponde al importe de mi estancia. Impugno esta decisión.',
    ],
    contact: [
      'Hola, ¿qué documentos necesito para una cancelación por enfermedad?',
      'No he recibido el enlace de seguimiento de mi expediente, ¿pueden enviarlo de nuevo?',
    ],
  },
  it: {
    complaint: [
      'Ho inviato tutti i documenti più di un mese fa e da allora non ho più notizie della mia pratica.',
      'Il rimborso proposto non corrisponde all’importo del soggiorno. Contesto questa decisione.',
    ],
    contact: [
      'Buongiorno, quali documenti servono per un annullamento per malattia?',
      'Non ho ricevuto il link per seguire la mia pratica, potete inviarlo di nuovo?',
    ],
  },
  nl: {
    complaint: [
      'Ik heb ruim een maand geleden alle documenten gestuurd en sindsdien niets meer gehoord.',
      'De voorgestelde vergoeding klopt niet met het bedrag van mijn verblijf. Ik ga niet akkoord.',
    ],
    contact: [
      'Hallo, welke documenten heb ik nodig voor een annulering wegens ziekte?',
      'Ik heb de link om mijn dossier te volgen niet ontvangen. Kunt u die opnieuw sturen?',
    ],
  },
  pl: {
    complaint: [
      'Wysłałem wszystkie dokumenty ponad miesiąc temu i od tego czasu nie mam żadnych wiadomości.',
      'Proponowany zwrot nie odpowiada kwocie pobytu. Nie zgadzam się z tą decyzją.',
    ],
    contact: [
      'Dzień dobry, jakie dokumenty są potrzebne przy rezygnacji z powodu choroby?',
      'Nie otrzymałem linku do śledzenia zgłoszenia. Czy mogą Państwo przesłać go ponownie?',
    ],
  },
  da: {
    complaint: [
      'Jeg sendte alle dokumenter for over en måned siden og har ikke hørt noget siden.',
      'Den tilbudte refusion svarer ikke til prisen for mit ophold. Jeg klager over afgørelsen.',
    ],
    contact: [
      'Hej, hvilke dokumenter skal jeg bruge ved afbestilling på grund af sygdom?',
      'Jeg har ikke modtaget linket til at følge min sag. Kan I sende det igen?',
    ],
  },
  pt: {
    complaint: [
      'Enviei todos os documentos há mais de um mês e desde então não tive notícias do processo.',
      'O reembolso proposto não corresponde ao valor da estadia. Contesto esta decisão.',
    ],
    contact: [
      'Olá, que documentos preciso para um cancelamento por doença?',
      'Não recebi o link de acompanhamento do meu processo, podem enviá-lo de novo?',
    ],
  },
};

/** Staff's internal notes (French, the back office's language). */
const NOTES = [
  'Appelé l’assuré : il renvoie le certificat cette semaine.',
  'Vérifier avec le camping la date d’annulation.',
  'Dossier complet côté gestion, réponse à préparer.',
  'Relance du service indemnisation faite ce jour.',
] as const;

/** Staff's answers (the claimant's language would be used by a real team; the demo answers in French and English). */
const ANSWERS: Record<'fr' | 'en', readonly string[]> = {
  fr: [
    '<p>Bonjour,</p><p>Nous avons bien repris votre dossier : il est complet et le règlement part cette semaine.</p><p>Bien cordialement,</p>',
    '<p>Bonjour,</p><p>Vous trouverez la liste des justificatifs sur votre <strong>page de suivi</strong>. Nous restons à votre disposition.</p>',
  ],
  en: [
    '<p>Hello,</p><p>We have reviewed your claim: it is complete and the payment leaves this week.</p><p>Kind regards,</p>',
    '<p>Hello,</p><p>The documents to send are listed on your <strong>follow-up page</strong>. Do not hesitate to write again.</p>',
  ],
};

/** A demo message, its inbox entry and what staff did, with ids given. */
export interface DemoMessages {
  complaints: DemoRow<'complaints'>[];
  contactMessages: DemoRow<'contactMessages'>[];
  inboxMessages: DemoRow<'inboxMessages'>[];
  inboxEvents: DemoRow<'inboxEvents'>[];
  inboxNotes: DemoRow<'inboxNotes'>[];
  inboxAnswers: DemoRow<'inboxAnswers'>[];
  mails: DemoRow<'mailOutbox'>[];
  /** Messages that carry a small file: the writer stores it and links it. */
  attachments: { complaintId: number | null; contactMessageId: number | null; fileName: string; at: Date }[];
}

interface FirstIds {
  complaint: number;
  contact: number;
  inbox: number;
  note: number;
  answer: number;
  mail: number;
}

/**
 * The state a message received `ageDays` ago is in. Staff keep up: what still waits is mostly
 * recent, and the few left waiting too long (a contact message past its 2 working days, a
 * complaint past its 2 months) are the late ones the inbox puts first.
 */
function drawInboxState(random: Random, kind: InboxKind, ageDays: number): InboxState {
  if (ageDays < 3)
    return random.weighted([
      ['nouveau', 70],
      ['en_cours', 20],
      ['repondu', 10],
    ]);
  if (kind === 'contact')
    return ageDays < 30
      ? random.weighted([
          ['nouveau', 4],
          ['en_cours', 8],
          ['repondu', 55],
          ['clos', 33],
        ])
      : random.weighted([
          ['repondu', 30],
          ['clos', 70],
        ]);
  if (ageDays < 30)
    return random.weighted([
      ['nouveau', 20],
      ['en_cours', 35],
      ['repondu', 35],
      ['clos', 10],
    ]);
  if (ageDays < 75)
    return random.weighted([
      ['nouveau', 5],
      ['en_cours', 20],
      ['repondu', 40],
      ['clos', 35],
    ]);
  return random.weighted([
    ['en_cours', 1],
    ['repondu', 24],
    ['clos', 75],
  ]);
}

interface MessageOptions {
  brands: BrandCatalog;
  now: Date;
  seed: number;
  first: FirstIds;
}

/** The demo's complaints and contact messages (see the module's comment). */
export function demoMessagesOf(written: readonly WrittenClaim[], options: MessageOptions): DemoMessages {
  const random = createRandom(options.seed + 2);
  const { now, first } = options;
  const out: DemoMessages = {
    complaints: [],
    contactMessages: [],
    inboxMessages: [],
    inboxEvents: [],
    inboxNotes: [],
    inboxAnswers: [],
    mails: [],
    attachments: [],
  };
  const ids = { ...first };
  for (let index = 0; index < MESSAGE_COUNT; index += 1) {
    const kind: InboxKind = random.chance(0.4) ? 'reclamation' : 'contact';
    // Newer messages are more numerous: the square of a uniform draw leans to now.
    const ageDays = random.next() ** 2 * 540 + random.next() * 0.5;
    const receivedAt = new Date(now.getTime() - ageDays * DAY_MS);
    const about = random.chance(kind === 'reclamation' ? 0.85 : 0.45) ? random.pick(written) : undefined;
    // A complaint is about a claim declared before it; without one that fits, it names none.
    const claim = about && about.claim.declarationDate < receivedAt ? about : undefined;
    const lang: Language =
      claim?.claim.lang ??
      random.weighted([
        ['fr', 60],
        ['en', 12],
        ['de', 8],
        ['nl', 8],
        ['es', 4],
        ['it', 4],
        ['pl', 2],
        ['da', 1],
        ['pt', 1],
      ]);
    const person = drawPerson(random, lang);
    const sender = claim
      ? {
          nom: claim.claim.subscription.assureNom,
          prenom: claim.claim.subscription.assurePrenom,
          email: claim.claim.subscription.assureEmail,
        }
      : person;
    const company = claim?.claim.company ?? (random.chance(0.85) ? random.pick(options.brands.partners).slug : null);
    const numSinistre = claim?.claim.numero ?? '';
    const message = random.pick(kind === 'reclamation' ? TEXTS[lang].complaint : TEXTS[lang].contact);
    const state = drawInboxState(random, kind, ageDays);
    const inboxId = ids.inbox++;
    let complaintId: number | null = null;
    let contactMessageId: number | null = null;
    if (kind === 'reclamation') {
      complaintId = ids.complaint++;
      out.complaints.push({
        id: complaintId,
        nom: sender.nom,
        prenom: sender.prenom,
        email: sender.email,
        adresse: person.adresse,
        cp: person.cp,
        ville: person.ville,
        pays: String(person.pays),
        telephone: person.telephone,
        numSinistre: numSinistre || claimNumberOf(random.between(1_000_000, 9_999_999)),
        claimId: claim?.id ?? null,
        motif: random.pick(COMPLAINT_REASONS),
        message,
        lang,
        company,
        createdAt: receivedAt,
      });
    } else {
      contactMessageId = ids.contact++;
      out.contactMessages.push({
        id: contactMessageId,
        nom: `${sender.prenom} ${sender.nom}`,
        email: sender.email,
        telephone: person.telephone,
        message,
        numSinistre,
        sourceReferrer: random.pick(['contact', 'faq', 'client-file', 'home']),
        lang,
        company,
        claimId: claim?.id ?? null,
        createdAt: receivedAt,
      });
    }
    if (random.chance(0.15)) {
      out.attachments.push({
        complaintId,
        contactMessageId,
        fileName: random.pick(['capture-ecran.png', 'courrier.pdf', 'facture.pdf', 'photo.png']),
        at: receivedAt,
      });
    }

    handleMessage({
      out,
      ids,
      random,
      options,
      kind,
      state,
      receivedAt,
      ageDays,
      claimId: claim?.id ?? null,
      lang,
      email: sender.email,
      company,
      numSinistre,
      message,
      inboxId,
      complaintId,
      contactMessageId,
    });
  }
  return out;
}

interface Handled {
  out: DemoMessages;
  ids: FirstIds;
  random: Random;
  options: MessageOptions;
  kind: InboxKind;
  state: InboxState;
  receivedAt: Date;
  ageDays: number;
  claimId: number | null;
  lang: Language;
  email: string;
  company: string | null;
  numSinistre: string;
  message: string;
  inboxId: number;
  complaintId: number | null;
  contactMessageId: number | null;
}

/** A message's acknowledgement, staff's acts on it (notes, answer, states) and its inbox entry. */
function handleMessage(handled: Handled): void {
  const { out, ids, random, options, kind, state, receivedAt, ageDays, lang, company, numSinistre, message, inboxId } =
    handled;
  const brand = (company === null ? undefined : options.brands.bySlug.get(company)) ?? options.brands.neutral;
  const recipient = handled.email;
  const mail = (rendered: ReturnType<typeof renderMail>, at: Date, status: 'sent' | 'failed'): number => {
    const id = ids.mail++;
    out.mails.push({
      id,
      ...outboxRowOf(
        rendered,
        { id: handled.claimId, at, recipient },
        {
          status,
          attempts: status === 'failed' ? 8 : 0,
          lastError: status === 'failed' ? 'EENVELOPE 550 RCPT TO' : null,
          sentAt: status === 'sent' ? new Date(at.getTime() + 3_000) : null,
        },
      ),
    });
    return id;
  };
  // A complaint whose acknowledgement mail failed stays unacknowledged while it waits: a few are late.
  const waiting = state === 'nouveau' || state === 'en_cours';
  const acknowledged = kind === 'contact' || !waiting || ageDays < 14 || !random.chance(0.4);
  const acknowledgement =
    kind === 'reclamation'
      ? renderMail('complaint-acknowledgement', lang, brand, { claimNumber: numSinistre })
      : renderMail('contact-acknowledgement', lang, brand, { claimNumber: numSinistre || undefined });
  const acknowledgementMail = mail(acknowledgement, receivedAt, acknowledged ? 'sent' : 'failed');
  const event = (at: Date, action: string, detail: Record<string, unknown>, login?: string) =>
    out.inboxEvents.push({
      inboxMessageId: inboxId,
      actor: login ? 'staff' : action === 'created' ? 'claimant' : 'system',
      staffLogin: login ?? null,
      action,
      detail,
      createdAt: at,
    });
  event(receivedAt, 'created', {});
  if (acknowledged) event(new Date(receivedAt.getTime() + 1_000), 'acknowledged', {});
  event(new Date(receivedAt.getTime() + 2_000), 'mail_sent', {
    mailId: acknowledgementMail,
    kind: acknowledgement.kind,
  });

  // Staff's acts, spread between receipt and now.
  const span = Math.max(0.05, Math.min(ageDays, kind === 'reclamation' ? 50 : 4));
  const at = (share: number) => new Date(receivedAt.getTime() + share * span * DAY_MS);
  const login = random.pick(DEMO_STAFF_LOGINS);
  let firstAnsweredAt: Date | null = null;
  if (state !== 'nouveau') {
    event(at(0.1), 'state_changed', { from: 'nouveau', to: 'en_cours' }, login);
    if (random.chance(0.6)) {
      const noteId = ids.note++;
      out.inboxNotes.push({
        id: noteId,
        inboxMessageId: inboxId,
        staffLogin: login,
        body: random.pick(NOTES),
        createdAt: at(0.2),
      });
      event(at(0.2), 'note', { noteId }, login);
    }
  }
  if (state === 'repondu' || state === 'clos') {
    firstAnsweredAt = at(0.6);
    const html = sanitizeRichText(random.pick(ANSWERS[lang === 'fr' ? 'fr' : 'en']));
    const answerMail = mail(
      renderMail('inbox-answer', lang, brand, {
        kind,
        receivedAt,
        claimNumber: numSinistre,
        answerHtml: html,
        original: message,
      }),
      firstAnsweredAt,
      'sent',
    );
    const answerId = ids.answer++;
    out.inboxAnswers.push({
      id: answerId,
      inboxMessageId: inboxId,
      staffLogin: login,
      html,
      mailOutboxId: answerMail,
      createdAt: firstAnsweredAt,
    });
    event(firstAnsweredAt, 'answered', { answerId }, login);
    event(firstAnsweredAt, 'state_changed', { from: 'en_cours', to: 'repondu' }, login);
    event(firstAnsweredAt, 'mail_sent', { mailId: answerMail, kind: 'inbox-answer' }, login);
  }
  if (state === 'clos') event(at(0.9), 'state_changed', { from: 'repondu', to: 'clos' }, login);
  const deadlines = deadlinesOf(kind, receivedAt);
  out.inboxMessages.push({
    id: inboxId,
    kind,
    complaintId: handled.complaintId,
    contactMessageId: handled.contactMessageId,
    state,
    assigneeId: null,
    company,
    lang,
    receivedAt,
    acknowledgedAt: acknowledged ? receivedAt : null,
    firstAnsweredAt,
    acknowledgementDueAt: deadlines.acknowledgementDueAt,
    answerDueAt: deadlines.answerDueAt,
    updatedAt: out.inboxEvents.at(-1)?.createdAt ?? receivedAt,
  });
}
