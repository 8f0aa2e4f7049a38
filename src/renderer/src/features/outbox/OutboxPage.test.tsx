import 'fake-indexeddb/auto';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createIndexedDbStore } from '../../lib/offline-store/indexeddb-store';
import { OutboxConflict } from '../../lib/offline-store/outbox';
import { announceOutboxChange } from '../../lib/offline-store/outbox-changes';
import { defineOutboxKind } from '../../lib/offline-store/outbox-kind';
import type { OwnerScope } from '../../lib/offline-store/owner-scope';
import { registerOutboxHandler, syncOutbox } from '../../lib/offline-store/sync-engine';
import { OutboxBadge } from './OutboxBadge';
import { OutboxPage } from './OutboxPage';

const signedIn = vi.hoisted(() => ({ scope: null as OwnerScope | null }));
vi.mock('../../lib/offline-store/owner-scope', () => ({ ownerScope: async () => signedIn.scope, callApi: () => Promise.reject(new Error('нет связи')) }));

const saves = defineOutboxKind('save', z.object({ owner: z.string(), ht: z.number(), refuse: z.boolean() }), z.string(), ({ ht }) => String(ht));
registerOutboxHandler({
  kind: saves,
  send: async (_call, _scope, { payload }) => {
    if (payload.refuse) throw new OutboxConflict('сервер', 'ДЗ уже проверено.');
    throw new TypeError('Failed to fetch');
  },
  describe: ({ payload }) => ({ title: `Домашнее задание №${payload.ht}`, detail: 'Ответы на 2 задания', href: `/ht/${payload.ht}`, resolve: 'Откройте задание и выберите.' }),
});

let counter = 0;
let anna: OwnerScope;

beforeEach(() => {
  anna = { store: createIndexedDbStore({ name: `enot-outbox-page-${++counter}` }), owner: 'anna' };
  signedIn.scope = anna;
});

function renderApp() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <OutboxBadge /> },
      { path: '/outbox', element: <OutboxPage /> },
      { path: '/ht/:n', element: <p>Страница задания</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('the queued-changes badge and list', () => {
  it('shows nothing while nothing waits, then the count as changes are queued', async () => {
    renderApp();
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('outbox-badge')).toBeNull();
    await act(async () => {
      await saves.replace(anna, { owner: 'anna', ht: 12, refuse: false });
    });
    expect(await screen.findByRole('link', { name: 'Не отправлено: 1' })).toHaveTextContent('1');
  });

  it('leads from any page to the list, conflicts first with what to do, and on to the item’s own screen', async () => {
    // The refusal first: a lost connection stops the replay, so what is queued after it just waits.
    await saves.replace(anna, { owner: 'anna', ht: 12, refuse: true });
    await saves.replace(anna, { owner: 'anna', ht: 7, refuse: false });
    await saves.replace({ store: anna.store, owner: 'boris' }, { owner: 'boris', ht: 99, refuse: true });
    await syncOutbox();
    const router = renderApp();

    const badge = await screen.findByRole('link', { name: 'Конфликтов: 1, не отправлено: 1' });
    expect(badge).toHaveClass('outbox-badge--conflict');
    await userEvent.click(badge);
    expect(router.state.location.pathname).toBe('/outbox');

    const conflicts = await screen.findByTestId('outbox-conflicts');
    expect(within(conflicts).getByRole('heading', { name: 'Домашнее задание №12' })).toBeInTheDocument();
    expect(within(conflicts).getByRole('alert')).toHaveTextContent('Сервер не принял: ДЗ уже проверено');
    expect(within(conflicts).getByText('Откройте задание и выберите.')).toBeInTheDocument();
    const pending = screen.getByTestId('outbox-pending');
    expect(within(pending).getByRole('heading', { name: 'Домашнее задание №7' })).toBeInTheDocument();
    expect(within(pending).getByText(/Отправится само/)).toBeInTheDocument();
    // Another user's change on this device is not shown.
    expect(screen.queryByText('Домашнее задание №99')).toBeNull();
    expect(screen.getByText(/Изменения, сделанные без связи/)).toBeInTheDocument();

    await userEvent.click(within(conflicts).getByRole('link', { name: 'Открыть и решить' }));
    expect(router.state.location.pathname).toBe('/ht/12');
  });

  it('empties as the conflict is settled elsewhere', async () => {
    const queued = await saves.replace(anna, { owner: 'anna', ht: 12, refuse: true });
    await syncOutbox();
    const router = renderApp();
    await act(() => router.navigate('/outbox'));
    expect(await screen.findByTestId('outbox-conflicts')).toBeInTheDocument();
    await act(async () => {
      await anna.store.outbox.remove(queued.id);
      announceOutboxChange();
    });
    expect(await screen.findByText('Всё отправлено: на этом устройстве ничего не ждёт.')).toBeInTheDocument();
  });
});
