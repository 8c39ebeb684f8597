import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PARTNER_API_BASE } from '../../contracts/partner-api.ts';
import type {
  ClaimChangedSignal,
  ClientToServerEvents,
  FollowClaimAnswer,
  ServerToClientEvents,
} from '../../contracts/socket-events.ts';
import { clientAddressOfHandshake } from './claim-following.ts';
import { describeWithDatabases } from '../db/test-database.ts';
import { createLogger } from '../logger.ts';
import { claimsSocketPath, sendClaimsCommand, startClaimsSocket } from '../staff-api/claims/socket.ts';
import { signedInStaffCookie } from '../staff-api/sessions/test-support.ts';
import { createFakeSite, type RunningApp, startTestApp } from '../test-support.ts';
import { insertDurandClaim } from '../staff-api/claims/test-support.ts';
import { issueFollowUpToken } from '../customer-api/claims/follow-up-links.ts';

/**
 * Following a claim live, over a real socket.io client and the real app: a socket that follows a claim
 * (number + last name, checked as GET sinistres checks them) hears each kind of staff change, with
 * the kind only; a socket with a wrong name, or following nothing, hears nothing. On PostgreSQL
 * the page's socket and the staff's requests reach two app instances sharing the database, so
 * the signal crosses the socket.io PostgreSQL adapter as it does between processes.
 */

type PageSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const silent = createLogger('silent');

describeWithDatabases('A follow-up page hears its claim change', { demo: true }, (context) => {
  const site = createFakeSite();
  const apps: RunningApp[] = [];
  const sockets: PageSocket[] = [];
  let cookie = '';
  /** The app the page's socket reaches, and the one staff use (another instance on PostgreSQL). */
  const pageApp = () => apps[0] as RunningApp;
  const staffApp = () => apps.at(-1) as RunningApp;

  beforeAll(async () => {
    // With DATABASE_URL each app shares its broadcasts through the PostgreSQL adapter (cluster.ts).
    const config: Record<string, string> = context.config.DATABASE_URL
      ? { DATABASE_URL: context.config.DATABASE_URL, DATA_DIR: context.config.DATA_DIR }
      : {};
    for (let count = context.driver === 'postgres' ? 2 : 1; count > 0; count -= 1)
      apps.push(await startTestApp(site.staticDir, silent, { database: context.database, config }));
    cookie = await signedInStaffCookie(context.database.db, 'claude.staff');
  });

  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    for (const app of apps.splice(0)) await app.close();
    site.remove();
  });

  /** A claim of its own (DURAND), with two proofs received and not checked yet. */
  function createClaim(): Promise<{ numero: string; id: number; proofIds: number[] }> {
    return insertDurandClaim(
      context.database.db,
      [1, 11].map((documentTypeId) => ({ documentTypeId, demande: 1, dropbox: 1, nomFichier: 'a.pdf' })),
    );
  }

  /** A page's socket on the page app, collecting the signals it hears. */
  async function pageSocket(): Promise<{ socket: PageSocket; heard: ClaimChangedSignal[] }> {
    const socket: PageSocket = connect(pageApp().baseUrl, { transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    const heard: ClaimChangedSignal[] = [];
    socket.on('claimChanged', (signal) => heard.push(signal));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return { socket, heard };
  }

  function follow(socket: PageSocket, numero: string, nom: string, readMsAgo = 0): Promise<FollowClaimAnswer> {
    return socket.timeout(10_000).emitWithAck('followClaim', { numero, nom, readMsAgo });
  }

  async function staffCall(method: string, path: string, body?: unknown): Promise<number> {
    const answer = await fetch(`${staffApp().baseUrl}${path}`, {
      method,
      headers: { Cookie: cookie, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return answer.status;
  }

  it('When staff change the state, ask for a document, validate and refuse a proof, then the page following the claim hears each change (its kind only) and the others hear nothing', async () => {
    const claim = await createClaim();
    const follower = await pageSocket();
    const wrongName = await pageSocket();
    const idle = await pageSocket();
    // The name as a claimant types it: case and accents aside, as GET sinistres compares it.
    await expect(follow(follower.socket, claim.numero, ' durand ')).resolves.toEqual({
      following: true,
      changed: false,
    });
    await expect(follow(wrongName.socket, claim.numero, 'MARTIN')).resolves.toEqual({ following: false });

    const [validated, refused] = claim.proofIds;
    const changes: [string, string, unknown, ClaimChangedSignal][] = [
      ['PATCH', `/sinistres/${claim.numero}/etat`, { etat: 'attente_traitement' }, { change: 'etat' }],
      ['POST', `/sinistres/${claim.numero}/justificatifs`, { documentTypeId: 3 }, { change: 'document_requested' }],
      [
        'POST',
        `/sinistres/${claim.numero}/justificatifs/${validated}/validation`,
        undefined,
        { change: 'document_validated' },
      ],
      [
        'POST',
        `/sinistres/${claim.numero}/justificatifs/${refused}/refus`,
        { motif: 'Illisible' },
        { change: 'document_refused' },
      ],
    ];
    for (const [count, [method, path, body]] of changes.entries()) {
      expect(await staffCall(method, path, body), `${method} ${path}`).toBe(200);
      await vi.waitFor(() => expect(follower.heard).toHaveLength(count + 1), { timeout: 10_000 });
    }
    expect(follower.heard).toEqual(changes.map(([, , , signal]) => signal));
    // Nothing personal on the wire: no number, name, state, document or reason.
    expect(JSON.stringify(follower.heard)).not.toMatch(/SI-|DURAND|Isabelle|attente|Illisible|Pièce/i);
    // The staff's last change reached the follower: the others had every chance to hear them.
    expect(wrongName.heard).toEqual([]);
    expect(idle.heard).toEqual([]);
  });

  it('When a page follows another claim, then it hears only that one; when `npm run claims` changes it through the claims socket, then the page hears it too', async () => {
    const first = await createClaim();
    const second = await createClaim();
    const page = await pageSocket();
    await expect(follow(page.socket, first.numero, 'Durand')).resolves.toMatchObject({ following: true });
    await expect(follow(page.socket, second.numero, 'Durand')).resolves.toMatchObject({ following: true });
    expect(await staffCall('PATCH', `/sinistres/${first.numero}/etat`, { etat: 'sans_suite' })).toBe(200);

    const folder = await mkdtemp(join(tmpdir(), 'claim-follow-'));
    const path = claimsSocketPath(folder);
    const claimsSocket = await startClaimsSocket(path, context.database, silent, staffApp().live.claimChanged);
    try {
      const result = await sendClaimsCommand(path, ['set-etat', second.numero.toLowerCase(), 'paiement_envoye']);
      expect(result.exitCode, result.stderr).toBe(0);
      await vi.waitFor(() => expect(page.heard).toEqual([{ change: 'etat' }]), { timeout: 10_000 });
    } finally {
      await claimsSocket?.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('When the claimant sends proofs from another page (a second tab, another device), then the page following the claim hears `proofs_received`; a refused validation says nothing', async () => {
    const claim = await insertDurandClaim(context.database.db, [{ documentTypeId: 1, demande: 1, dropbox: 0 }]);
    const page = await pageSocket();
    await expect(follow(page.socket, claim.numero, 'DURAND')).resolves.toMatchObject({ following: true });
    // The other page reaches the other app (on PostgreSQL): the signal crosses the adapter.
    const proofsUrl = `${staffApp().baseUrl}${PARTNER_API_BASE}/justificatifs`;
    const pdf = new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' });
    const uploadForm = new FormData();
    uploadForm.append('type', String(claim.proofIds[0]));
    uploadForm.append('newfile', pdf, 'facture.pdf');
    const uploaded = await fetch(proofsUrl, { method: 'POST', body: uploadForm });
    expect(uploaded.status).toBe(200);
    const { temp_file: tempFile } = ((await uploaded.json()) as { data: { temp_file: string } }).data;
    const token = await issueFollowUpToken(context.database.db, claim.id, 'mail');
    const validation = (credentials: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(credentials)) form.append(name, value);
      form.append('justificatifs', JSON.stringify([{ type: claim.proofIds[0], value: tempFile, name: 'facture.pdf' }]));
      return fetch(proofsUrl, { method: 'POST', body: form });
    };
    // Number and name do not write to a claim; the follow-up link's token does.
    expect((await validation({ claimNumber: claim.numero, lastName: 'Durand' })).status).toBe(403);
    expect((await validation({ hash: 'x'.repeat(43) })).status).toBe(404);
    expect((await validation({ hash: token })).status).toBe(200);
    await vi.waitFor(() => expect(page.heard).toEqual([{ change: 'proofs_received' }]), { timeout: 10_000 });
  });

  it('When staff changed the claim after the page read it and before its socket followed it (a late or new connection), then the answer says so; otherwise not', async () => {
    const claim = await createClaim();
    const page = await pageSocket();
    // Read a minute ago, nothing changed since: no need to read it again.
    await expect(follow(page.socket, claim.numero, 'DURAND', 60_000)).resolves.toEqual({
      following: true,
      changed: false,
    });
    expect(await staffCall('PATCH', `/sinistres/${claim.numero}/etat`, { etat: 'attente_traitement' })).toBe(200);
    // Read a minute ago, changed since (the socket reconnects and follows again).
    await expect(follow(page.socket, claim.numero, 'DURAND', 60_000)).resolves.toEqual({
      following: true,
      changed: true,
    });
  });

  it('When a socket tries 10 wrong names on a claim, then the right one is refused too and GET sinistres answers 429: the event is no way around its limits', async () => {
    const claim = await createClaim();
    const page = await pageSocket();
    for (let attempt = 0; attempt < 10; attempt += 1)
      await expect(follow(page.socket, claim.numero, `NOM${attempt}`)).resolves.toEqual({ following: false });
    await expect(follow(page.socket, claim.numero, 'DURAND')).resolves.toEqual({ following: false });
    const answer = await fetch(
      `${pageApp().baseUrl}${PARTNER_API_BASE}/sinistres?dossier_numero=${claim.numero}&dossier_nom=DURAND`,
    );
    expect(answer.status).toBe(429);
  });
});

describe('The address a follow request is counted under', () => {
  const handshake = (remoteAddress: string, forwarded?: string) =>
    ({
      socket: { remoteAddress },
      headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
    }) as unknown as IncomingMessage;

  it('When the server trusts N proxies, then the address is the one Express reads as request.ip (N hops from the socket)', () => {
    expect(clientAddressOfHandshake(handshake('10.0.0.2', '203.0.113.9'), 0)).toBe('10.0.0.2');
    expect(clientAddressOfHandshake(handshake('10.0.0.2', '198.51.100.1, 203.0.113.9'), 1)).toBe('203.0.113.9');
    expect(clientAddressOfHandshake(handshake('10.0.0.2', '198.51.100.1, 203.0.113.9'), 2)).toBe('198.51.100.1');
    // A shorter list than the proxies trusted: the furthest address, as Express does.
    expect(clientAddressOfHandshake(handshake('10.0.0.2', '203.0.113.9'), 5)).toBe('203.0.113.9');
  });
});
