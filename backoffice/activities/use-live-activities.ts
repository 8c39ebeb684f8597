import { type RefObject, useEffect, useState } from 'react';
import type { Tabulator } from 'tabulator-tables';
import type { LiveActivity } from '../../contracts/socket-events.ts';
import { staffSocket } from '../lib/live.ts';

/** Live events that need a reload are grouped: at most one reload this often. */
const LIVE_RELOAD_MS = 2_000;

/** Whether the staff socket is up, as the page's badge says it. */
export type LiveState = 'connecting' | 'on' | 'off';

/**
 * Keeps the sessions table live from the staff socket: a visitor who moves or leaves is updated in
 * place, a new visitor (or one not on this page of the table) reloads the page of rows, at most
 * once every two seconds. Answers whether the socket is up.
 */
export function useLiveActivities(table: RefObject<Tabulator | undefined>): LiveState {
  const [live, setLive] = useState<LiveState>('connecting');

  useEffect(() => {
    let reloadTimer: ReturnType<typeof setTimeout> | undefined;
    const reloadSoon = () => {
      reloadTimer ??= setTimeout(() => {
        reloadTimer = undefined;
        void table.current?.replaceData().catch(() => {});
      }, LIVE_RELOAD_MS);
    };
    const update = (activity: LiveActivity) => {
      const row = table.current?.getRow(activity.id);
      if (row)
        void row.update({
          currentPage: activity.page,
          historyPages: activity.historyPages,
          store: activity.store,
          updated_at: new Date().toISOString(),
          // A live update comes from a socket of the session: it is online again (its next page).
          disconnected_at: null,
        });
      else reloadSoon();
    };
    const onLocation = ({ id, page }: { id: string; page: string }) => {
      const row = table.current?.getRow(id);
      if (row) void row.update({ currentPage: page });
      else reloadSoon();
    };
    const onDisconnected = ({ id, disconnectedAt }: { id: string; disconnectedAt: string }) => {
      const row = table.current?.getRow(id);
      if (row) void row.update({ disconnected_at: disconnectedAt });
    };
    let cleanup = () => {};
    void staffSocket().then((socket) => {
      const onConnect = () => setLive('on');
      const onDisconnect = () => setLive('off');
      if (socket.connected) setLive('on');
      socket.on('connect', onConnect);
      socket.on('disconnect', onDisconnect);
      socket.on('connect_error', onDisconnect);
      socket.on('newActivity', reloadSoon);
      socket.on('updateActivity', update);
      socket.on('updateUserLocation', onLocation);
      socket.on('updateDisconnected_at', onDisconnected);
      cleanup = () => {
        socket.off('connect', onConnect);
        socket.off('disconnect', onDisconnect);
        socket.off('connect_error', onDisconnect);
        socket.off('newActivity', reloadSoon);
        socket.off('updateActivity', update);
        socket.off('updateUserLocation', onLocation);
        socket.off('updateDisconnected_at', onDisconnected);
      };
    });
    return () => {
      clearTimeout(reloadTimer);
      cleanup();
    };
  }, [table]);

  return live;
}
