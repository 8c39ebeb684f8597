import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { deadlinesOf } from '../../../contracts/inbox.ts';
import { complaints, contactMessages, inboxEvents, inboxMessages } from '../../db/schema.ts';
import { describeWithDatabases } from '../../db/test-database.ts';
import { backfillInboxMessages } from './service.ts';

/** Messages stored before the staff inbox existed join it once, with their deadlines from their receipt. */
describeWithDatabases('The inbox takes in older messages', (context) => {
  it('When complaints and contact messages have no inbox entry, then the backfill puts each in once, new and acknowledged at receipt, with its deadlines', async () => {
    const { db } = context.database;
    const receivedAt = new Date('2026-04-30T08:00:00Z');
    const [complaint] = await db
      .insert(complaints)
      .values({
        nom: 'Older',
        prenom: 'Message',
        email: 'older@example.com',
        adresse: '1 rue',
        cp: '75001',
        ville: 'Paris',
        pays: 'France',
        telephone: '0600000000',
        numSinistre: 'SI-0000001',
        motif: 'autre',
        message: 'Before the inbox.',
        lang: 'de',
        company: 'veligo',
        createdAt: receivedAt,
      })
      .returning({ id: complaints.id });
    const [contact] = await db
      .insert(contactMessages)
      .values({ nom: 'Older', email: 'older@example.com', telephone: '0600000000', message: 'Hello', lang: 'fr' })
      .returning({ id: contactMessages.id });

    expect(await backfillInboxMessages(db)).toBe(2);
    expect(await backfillInboxMessages(db)).toBe(0);

    const [entry] = await db
      .select()
      .from(inboxMessages)
      .where(eq(inboxMessages.complaintId, complaint?.id ?? 0));
    const due = deadlinesOf('reclamation', receivedAt);
    expect(entry).toMatchObject({
      kind: 'reclamation',
      state: 'nouveau',
      company: 'veligo',
      lang: 'de',
      receivedAt,
      acknowledgedAt: receivedAt,
      acknowledgementDueAt: due.acknowledgementDueAt,
      answerDueAt: due.answerDueAt,
      firstAnsweredAt: null,
    });
    const history = await db
      .select({ action: inboxEvents.action, actor: inboxEvents.actor, at: inboxEvents.createdAt })
      .from(inboxEvents)
      .where(eq(inboxEvents.inboxMessageId, entry?.id ?? 0))
      .orderBy(asc(inboxEvents.id));
    expect(history).toEqual([
      { action: 'created', actor: 'claimant', at: receivedAt },
      { action: 'acknowledged', actor: 'system', at: receivedAt },
    ]);
    const [contactEntry] = await db
      .select()
      .from(inboxMessages)
      .where(eq(inboxMessages.contactMessageId, contact?.id ?? 0));
    expect(contactEntry).toMatchObject({ kind: 'contact', state: 'nouveau', acknowledgementDueAt: null });
  });
});
