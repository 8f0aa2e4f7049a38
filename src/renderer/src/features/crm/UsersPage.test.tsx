import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { UsersPage } from './UsersPage';

/** Each list answers when the test says so. */
const answers = vi.hoisted(() => {
  const pending = new Map<string, (value: unknown) => void>();
  const wait = (key: string) => new Promise((resolve) => pending.set(key, resolve));
  return { pending, wait };
});
vi.mock('./api', () => ({
  crmQueries: {
    curators: () => queryOptions({ queryKey: ['crm', 'curators'], queryFn: () => ({ curators: [] }) }),
    users: (queryType: string, queryBody: string) => queryOptions({ queryKey: ['crm', 'users', queryType, queryBody], queryFn: () => answers.wait('users') }),
    debtors: (curatorId: string) => queryOptions({ queryKey: ['crm', 'debtors', curatorId], queryFn: () => answers.wait('debtors') }),
  },
}));

function answerLists(): void {
  answers.pending.get('users')?.({ users: [] });
  answers.pending.get('debtors')?.({ debtors: [] });
}

function renderUsers(groupPage: Promise<{ Component: () => ReactElement }>) {
  const router = createMemoryRouter(
    [
      {
        path: '/curator',
        element: (
          <>
            <Link to="/curator/group">Группа</Link>
            <Outlet />
          </>
        ),
        children: [
          { path: 'users', element: <UsersPage /> },
          { path: 'group', lazy: () => groupPage },
        ],
      },
    ],
    { initialEntries: ['/curator/users'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the students page (back-office §2.6)', () => {
  it('switches a bare address to «by search» once both lists have loaded', async () => {
    const router = renderUsers(new Promise(() => undefined));
    await act(async () => answerLists());
    await vi.waitFor(() => expect(router.state.location.search).toBe('?queryType=search&queryBody='));
    expect(router.state.location.pathname).toBe('/curator/users');
  });

  it('keeps a section link clicked while the lists were loading: the switch does not cancel it', async () => {
    let openGroup!: (page: { Component: () => ReactElement }) => void;
    const router = renderUsers(new Promise((resolve) => (openGroup = resolve)));
    await userEvent.click(screen.getByRole('link', { name: 'Группа' }));
    expect(router.state.navigation.state).toBe('loading');
    // The lists arrive (and are shown) while the group page's code is still on its way.
    await act(async () => answerLists());
    await screen.findByText('Нет учеников');
    await screen.findByText('Должников нет');
    expect(router.state.navigation.state).toBe('loading');
    await act(async () => openGroup({ Component: () => <h1>Группа учеников</h1> }));
    expect(await screen.findByRole('heading', { name: 'Группа учеников' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/curator/group');
  });
});
