/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AuditScreen } from '@/components/admin/audit/audit-screen';
import type { AuditEntry } from '@/lib/admin-client/admin-api';
import { setAdminLocale } from '@/lib/admin-client/locale';
import { logout } from '@/lib/admin-client/session';
import { calls, on, resetFakeApi, type FakeRequest } from './fake-api';
import { renderAdmin, signInAs, t, validation } from './render-admin';

jest.mock('@/lib/client/api', () => jest.requireActual('./fake-api'));

const a = t.audit;
const f = a.filters;

const ENTRIES: AuditEntry[] = [
  {
    id: 3,
    at: '2026-11-21T09:30:00.000Z',
    actorName: 'ana',
    action: 'user.create',
    target: '8d0c7a52-1f7e-4c8e-9a54-6f0f3c1b2a10',
    details: { username: 'bogdan', role: 'OPERATOR', mustChange: true },
  },
  {
    id: 2,
    at: '2026-11-20T10:00:00.000Z',
    actorName: 'ana',
    action: 'payment.markActive',
    target: 'q3xYorder',
    details: null,
  },
  {
    id: 1,
    at: '2026-11-19T08:00:00.000Z',
    actorName: 'root',
    action: 'future.thing',
    target: null,
    details: { from: '2026-11-01', to: '2026-11-19' },
  },
];
const ACTIONS = ['export.excel', 'future.thing', 'payment.markActive', 'user.create'];

/** The log's calls, newest last, as their query parameters. */
const auditQueries = () =>
  calls.filter((call) => call.path === '/api/admin/audit').map((call) => call.params);
const table = () => within(screen.getByRole('table', { name: a.caption }));
/** The table, once the first page has come. */
const loaded = async (caption = a.caption) => within(await screen.findByRole('table', { name: caption }));

beforeEach(() => {
  resetFakeApi();
  localStorage.clear();
  logout();
  signInAs(['AUDIT_READ']);
  on('GET', '/api/admin/audit', ({ params }: FakeRequest) => {
    const page = Number(params.page);
    return {
      body: {
        items: params.action === 'export.excel' ? [] : ENTRIES,
        total: params.action === 'export.excel' ? 0 : 45,
        page,
        size: Number(params.size),
        actions: ACTIONS,
      },
    };
  });
});

afterEach(() => setAdminLocale('ro'));

describe('AuditScreen', () => {
  it('shows the newest entries first: when, who, the action in words, the record and the details', async () => {
    renderAdmin(<AuditScreen />);
    const row = (await loaded()).getByText(a.actions.user.create).closest('tr')!;
    expect(auditQueries()).toEqual([{ page: '0', size: '20' }]);
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('21 nov. 2026, 11:30');
    expect(cells[1]).toHaveTextContent('ana');
    expect(cells[3]).toHaveTextContent('8d0c7a52-1f7e-4c8e-9a54-6f0f3c1b2a10');
    // What was done, in a sentence; the entry's JSON folded away behind "details".
    expect(within(cells[4]!).getByText('Utilizatorul bogdan a fost creat cu rolul Operator.')).toBeVisible();
    const json = within(cells[4]!).getByText(/"mustChange": true/);
    expect(json).not.toBeVisible();
    expect(json.closest('details')).not.toBeNull();
    expect(table().getByText(a.actions.payment.markActive)).toBeInTheDocument();
    // An action without a message is shown by its name.
    expect(table().getByText('future.thing')).toBeInTheDocument();
    expect(table().getAllByRole('row')).toHaveLength(4);
  });

  it('offers the log’s actions in words and asks for the chosen one from the first page', async () => {
    renderAdmin(<AuditScreen />);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: t.paging.next }));
    await waitFor(() => expect(auditQueries().at(-1)).toMatchObject({ page: '1' }));

    const select = screen.getByLabelText(f.action);
    // Alphabetically by their names in the admin's language.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      f.anyAction,
      a.actions.payment.markActive,
      a.actions.export.excel,
      'future.thing',
      a.actions.user.create,
    ]);
    fireEvent.change(select, { target: { value: 'export.excel' } });
    await waitFor(() =>
      expect(auditQueries().at(-1)).toEqual({ page: '0', size: '20', action: 'export.excel' }),
    );
    expect(await screen.findByText(a.empty)).toBeInTheDocument();
  });

  it('asks for one user’s entries when typing pauses, and for days in a range', async () => {
    renderAdmin(<AuditScreen />);
    await loaded();
    await userEvent.type(screen.getByLabelText(f.user), 'Ana ');
    await waitFor(() => expect(auditQueries().at(-1)).toEqual({ page: '0', size: '20', user: 'Ana' }));
    fireEvent.change(screen.getByLabelText(f.from), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText(f.to), { target: { value: '2026-11-20' } });
    await waitFor(() =>
      expect(auditQueries().at(-1)).toEqual({
        page: '0',
        size: '20',
        user: 'Ana',
        from: '2026-11-01',
        to: '2026-11-20',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: f.reset }));
    await waitFor(() => expect(auditQueries().at(-1)).toEqual({ page: '0', size: '20' }));
    expect(screen.getByLabelText(f.user)).toHaveValue('');
  });

  it('asks for nothing while the range ends before it starts, and says so', async () => {
    renderAdmin(<AuditScreen />);
    await loaded();
    const before = auditQueries().length;
    fireEvent.change(screen.getByLabelText(f.from), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText(f.to), { target: { value: '2026-11-01' } });
    expect(await screen.findByText(validation.dateRangeInverted)).toBeInTheDocument();
    expect(auditQueries().slice(before)).toEqual([{ page: '0', size: '20', from: '2026-11-20' }]);
  });

  it('speaks the admin’s language', async () => {
    setAdminLocale('hu');
    renderAdmin(<AuditScreen />);
    expect((await loaded('Műveleti napló')).getByText('Felhasználó létrehozva')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Műveleti napló' })).toBeInTheDocument();
  });
});
