import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contracts/socket-events.ts';
import { createLogger } from '../logger.ts';
import { type LiveEventHandler, registerLiveEvents } from './socket.ts';

const handle = vi.fn<LiveEventHandler>();
const httpServer = createServer();
const io = new Server<ClientToServerEvents, ServerToClientEvents>(httpServer);
let client: Socket<ServerToClientEvents, ClientToServerEvents>;

beforeAll(async () => {
  registerLiveEvents(io, createLogger('silent'), handle);
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const { port } = httpServer.address() as AddressInfo;
  client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'] });
  await new Promise<void>((resolve) => client.once('connect', () => resolve()));
});

afterAll(async () => {
  client.disconnect();
  await io.close();
});

/** Emits `send`, then a valid marker event, and returns the calls made in between. */
async function handledCalls(send: () => void) {
  handle.mockClear();
  send();
  client.emit('movePage', { id: 'marker', page: '/marker' });
  await vi.waitFor(() => expect(handle.mock.calls.some((call) => call[1] === 'movePage')).toBe(true));
  return handle.mock.calls.filter((call) => call[1] !== 'movePage').map(([, event, payload]) => ({ event, payload }));
}

describe('live events', () => {
  it('When a page sends newconnection, then it is handled', async () => {
    const calls = await handledCalls(() =>
      client.emit('newconnection', { page: '/veligo/en/faq', navigator: 'Mozilla/5.0' }),
    );
    expect(calls).toEqual([{ event: 'newconnection', payload: { page: '/veligo/en/faq', navigator: 'Mozilla/5.0' } }]);
  });

  it.each([
    ['no payload', undefined],
    ['a page with a query string', { page: '/suivre-dossier?numero=SO-123', navigator: 'x' }],
    ['a number as page', { page: 42, navigator: 'x' }],
    ['a string', 'hello'],
  ])('When newconnection carries %s, then it is dropped', async (_label, payload) => {
    // @ts-expect-error: an old or hostile client sending a wrong payload
    const calls = await handledCalls(() => client.emit('newconnection', payload));
    expect(calls).toEqual([]);
  });

  it('When a store snapshot carries personal data, then only the allow-listed fields are kept', async () => {
    const store = {
      company: 'veligo',
      lang: 'en' as const,
      step: 4,
      infosStatus: 'ok',
      claimGroupId: 35,
      guaranteeType: 'materiel',
      declaSent: false,
      firstName: 'Jeanne',
      lastName: 'MARTIN',
      email: 'jeanne@example.com',
      phone: '0600000000',
      address: '1 rue de la Paix',
    };
    const calls = await handledCalls(() => {
      client.emit('updateStore', { store });
      client.emit('addHistoryPages', { page: '/veligo/en/declare-step4', store });
    });
    const kept = {
      company: 'veligo',
      lang: 'en',
      step: 4,
      infosStatus: 'ok',
      claimGroupId: 35,
      guaranteeType: 'materiel',
      declaSent: false,
    };
    expect(calls).toEqual([
      { event: 'updateStore', payload: { store: kept } },
      { event: 'addHistoryPages', payload: { page: '/veligo/en/declare-step4', store: kept } },
    ]);
  });

  it('When a claim is created, then newSinistre is handled; a malformed number is dropped', async () => {
    const calls = await handledCalls(() => {
      client.emit('newSinistre', { numero: 'SI-0000003' });
      client.emit('newSinistre', { numero: 'MARTIN' });
    });
    expect(calls).toEqual([{ event: 'newSinistre', payload: { numero: 'SI-0000003' } }]);
  });
});
