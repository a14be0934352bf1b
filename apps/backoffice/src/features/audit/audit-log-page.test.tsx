import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderScreen } from '../../testing/render-screen.tsx';
import { AuditLogPage } from './audit-log-page.tsx';
import {
  AUDIT_READ,
  auditApi,
  auditEntry,
  auditPage,
  CSV,
  ENTRIES,
  EVENT_CODES,
  LIST,
  lastListQuery,
  listQueries,
} from './audit-log-test-kit.ts';

const renderAudit = (url = '/audit') =>
  renderScreen(url, { path: '/audit', element: <AuditLogPage /> });

const findTable = () => screen.findByRole('table', { name: 'Audit log' });

const rowOf = async (entryId: number) => {
  const button = await screen.findByRole('button', { name: `Details of entry ${entryId}` });
  const row = button.closest('tr');
  if (!row) throw new Error('no row');
  return row;
};

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

const kindSelect = () => screen.getByRole('combobox', { name: 'Kind' });

/** The kinds are offered once GET /api/v1/audit/event-codes answered. */
const kindsLoaded = () =>
  waitFor(() =>
    expect(within(kindSelect()).getByRole('option', { name: 'User changed' })).toBeInTheDocument(),
  );

afterEach(() => vi.unstubAllGlobals());

describe('audit log list', () => {
  it('shows time, kind, description, actor, merchant and IP of each row, newest first', async () => {
    const api = auditApi();
    renderAudit();
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    const table = await findTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Details', 'Time', 'Kind', 'Description', 'Actor', 'Merchant', 'IP']);
    // The rows in the server's order (newest first), kinds in words.
    expect(
      within(table)
        .getAllByRole('button', { name: /^Details of entry/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Details of entry 41', 'Details of entry 40', 'Details of entry 39']);
    expect(cellTexts(await rowOf(41))).toEqual([
      '',
      '05/03/2026 14:07:09',
      'User changed',
      'User cashier.lola changed',
      'admin',
      'Lola Market',
      '203.0.113.7',
    ]);
    // Nobody signed in for a failed sign-in; platform-wide.
    const failed = await rowOf(40);
    expect(cellTexts(failed)).toEqual([
      '',
      '05/03/2026 09:00:01',
      'Login failed',
      'Sign-in failed for ghost',
      '—',
      'Platform',
      '198.51.100.20',
    ]);
    expect(within(failed).getByTitle('Nobody signed in')).toHaveTextContent('—');
    // A command without a request: the system acted, no address.
    expect(cellTexts(await rowOf(39))).toEqual([
      '',
      '01/03/2026 00:00:00',
      'Administrator created',
      'Administrator root created',
      'System',
      'Platform',
      '—',
    ]);
    expect(screen.getByText('Total: 3')).toBeInTheDocument();
    expect(api.calls).toContain('GET /api/v1/audit?page=0&size=10');
  });

  it('offers the kinds of GET /api/v1/audit/event-codes in words, All kinds first', async () => {
    const api = auditApi();
    renderAudit();
    await findTable();
    await kindsLoaded();
    expect(
      within(kindSelect())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'All kinds',
      'Administrator created',
      'Login failed',
      'Role changed',
      'User changed',
    ]);
    expect(kindSelect()).toHaveValue('');
    expect(api.calls.filter((call) => call === EVENT_CODES)).toHaveLength(1);
  });

  it('says so when no entry matches', async () => {
    auditApi(AUDIT_READ, { [LIST]: { body: auditPage([]) } });
    renderAudit();
    expect(await screen.findByText('No audit entries match these filters')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Total: 0')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('shows a load failure with the server message and tries again', async () => {
    const api = auditApi(AUDIT_READ, {
      [LIST]: { status: 500, body: { detail: 'Database unavailable' } },
    });
    renderAudit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the audit log: Database unavailable');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    api.set(LIST, { body: auditPage(ENTRIES) });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await findTable()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(listQueries(api.calls)).toHaveLength(2);
  });

  it('pages through the entries with the page in the URL', async () => {
    const api = auditApi(AUDIT_READ, {
      [LIST]: (_request, url) => {
        const page = Number(url.searchParams.get('page'));
        return { body: auditPage([auditEntry({ id: 100 + page })], 25, page) };
      },
    });
    const { router } = renderAudit();
    await rowOf(100);
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await rowOf(102)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(lastListQuery(api.calls)).toEqual({ page: '2', size: '10' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Items per page' }), '25');
    await waitFor(() => expect(lastListQuery(api.calls)).toEqual({ page: '0', size: '25' }));
    expect(router.state.location.search).toBe('?size=25');
  });

  it('shows the last page instead of one beyond it', async () => {
    const api = auditApi(AUDIT_READ, {
      [LIST]: (_request, url) => {
        const page = Number(url.searchParams.get('page'));
        return { body: auditPage(page > 1 ? [] : [auditEntry({ id: 200 + page })], 15, page) };
      },
    });
    const { router } = renderAudit('/audit?page=9');
    expect(await rowOf(201)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(lastListQuery(api.calls)).toEqual({ page: '1', size: '10' });
  });
});

describe('audit log filters', () => {
  it('filters by actor after a pause in typing and at once on Enter, from page 1, in the URL', async () => {
    const user = userEvent.setup();
    const api = auditApi(AUDIT_READ, { [LIST]: { body: auditPage(ENTRIES, 40) } });
    const { router } = renderAudit('/audit?page=2');
    await findTable();
    const actor = screen.getByRole('searchbox', { name: 'Actor' });
    await user.type(actor, 'adm');
    // Nothing until typing pauses.
    expect(lastListQuery(api.calls)).toEqual({ page: '1', size: '10' });
    await waitFor(() =>
      expect(lastListQuery(api.calls)).toEqual({ page: '0', size: '10', actor: 'adm' }),
    );
    expect(router.state.location.search).toBe('?actor=adm');
    // One request for the pause, not one per letter.
    expect(listQueries(api.calls).filter((query) => query.actor !== undefined)).toHaveLength(1);

    await user.clear(actor);
    await user.type(actor, ' ops.lead {Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?actor=ops.lead'));
    expect(lastListQuery(api.calls)).toEqual({ page: '0', size: '10', actor: 'ops.lead' });
  });

  it('filters by kind, sending the event code, and back to All kinds', async () => {
    const user = userEvent.setup();
    const api = auditApi(AUDIT_READ, { [LIST]: { body: auditPage(ENTRIES, 40) } });
    const { router } = renderAudit('/audit?page=3');
    await findTable();
    await kindsLoaded();
    await user.selectOptions(kindSelect(), 'Role changed');
    await waitFor(() =>
      expect(lastListQuery(api.calls)).toEqual({
        page: '0',
        size: '10',
        eventCode: 'ROLE_CHANGED',
      }),
    );
    expect(router.state.location.search).toBe('?kind=ROLE_CHANGED');
    expect(kindSelect()).toHaveValue('ROLE_CHANGED');

    await user.selectOptions(kindSelect(), 'All kinds');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(lastListQuery(api.calls)).toEqual({ page: '0', size: '10' });
  });

  it('sends the from date as the start of its UTC day and the to date as the start of the next', async () => {
    const user = userEvent.setup();
    const api = auditApi();
    const { router } = renderAudit();
    await findTable();
    await user.type(screen.getByLabelText(/^From date/), '2026-02-01');
    await waitFor(() =>
      expect(lastListQuery(api.calls)).toEqual({
        page: '0',
        size: '10',
        from: '2026-02-01T00:00:00.000Z',
      }),
    );
    // The to date is inclusive on screen: the server's exclusive end is the day after it.
    await user.type(screen.getByLabelText(/^To date/), '2026-02-28');
    await waitFor(() =>
      expect(lastListQuery(api.calls)).toEqual({
        page: '0',
        size: '10',
        from: '2026-02-01T00:00:00.000Z',
        to: '2026-03-01T00:00:00.000Z',
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-02-01');
    expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2026-02-28');
    expect(screen.getByLabelText(/^From date/)).toHaveAttribute('max', '2026-02-28');
    expect(screen.getByLabelText(/^To date/)).toHaveAttribute('min', '2026-02-01');
  });

  it('reads the filters from the URL', async () => {
    const api = auditApi(AUDIT_READ, { [LIST]: { body: auditPage(ENTRIES, 40) } });
    renderAudit('/audit?actor=ops&kind=ROLE_CHANGED&from=2025-12-31&to=2026-01-01&page=2&size=25');
    await findTable();
    expect(lastListQuery(api.calls)).toEqual({
      page: '1',
      size: '25',
      actor: 'ops',
      eventCode: 'ROLE_CHANGED',
      from: '2025-12-31T00:00:00.000Z',
      to: '2026-01-02T00:00:00.000Z',
    });
    expect(screen.getByRole('searchbox', { name: 'Actor' })).toHaveValue('ops');
    expect(kindSelect()).toHaveValue('ROLE_CHANGED');
    expect(screen.getByLabelText(/^From date/)).toHaveValue('2025-12-31');
    expect(screen.getByLabelText(/^To date/)).toHaveValue('2026-01-01');
  });

  it('ignores filter values in the URL that the server would refuse', async () => {
    const api = auditApi();
    renderAudit(
      `/audit?kind=drop%20table&from=2026-02-30&to=yesterday&size=7&actor=${'a'.repeat(120)}`,
    );
    await findTable();
    expect(lastListQuery(api.calls)).toEqual({ page: '0', size: '10', actor: 'a'.repeat(100) });
    expect(listQueries(api.calls)).toHaveLength(1);
    expect(kindSelect()).toHaveValue('');
    expect(screen.getByLabelText(/^From date/)).toHaveValue('');
  });

  it('says when the to date is before the from date', async () => {
    auditApi();
    renderAudit('/audit?from=2026-03-10&to=2026-03-01');
    await findTable();
    expect(screen.getByLabelText(/^To date/)).toHaveAccessibleDescription(
      expect.stringContaining('The to date is before the from date'),
    );
  });

  it('clears every filter at once', async () => {
    const user = userEvent.setup();
    const api = auditApi();
    const { router } = renderAudit('/audit?actor=ops&kind=LOGIN_FAILED&from=2026-03-01');
    await findTable();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(lastListQuery(api.calls)).toEqual({ page: '0', size: '10' });
    expect(screen.getByRole('searchbox', { name: 'Actor' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('still offers the kind in force and says why the kinds are missing when they fail to load', async () => {
    const api = auditApi(AUDIT_READ, {
      [EVENT_CODES]: { status: 500, body: { detail: 'Database unavailable' } },
    });
    renderAudit('/audit?kind=ROLE_CHANGED');
    await findTable();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the kinds: Database unavailable');
    expect(kindSelect()).toHaveValue('ROLE_CHANGED');
    api.set(EVENT_CODES, { body: { data: ['LOGIN_FAILED', 'ROLE_CHANGED'] } });
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(
        within(kindSelect())
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All kinds', 'Login failed', 'Role changed']),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('audit entry details', () => {
  it('expands a row from the keyboard to show the entity and the changes as from → to lines', async () => {
    const user = userEvent.setup();
    auditApi();
    renderAudit();
    const toggle = await screen.findByRole('button', { name: 'Details of entry 41' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(details).not.toBeVisible();
    expect(screen.queryByText('roles: support → support, operator')).not.toBeInTheDocument();

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(details).toBeVisible();
    const region = within(details as HTMLElement);
    expect(region.getByText('Entity').nextElementSibling).toHaveTextContent('person 12');
    expect(region.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'roles: support → support, operator',
      'enabled: true → false',
    ]);
    // Other rows stay closed.
    expect(screen.getByRole('button', { name: 'Details of entry 40' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(details).not.toBeVisible();
  });

  it('shows details that are not from → to pairs as JSON, and says when there are none', async () => {
    const user = userEvent.setup();
    auditApi();
    renderAudit();
    const failed = await screen.findByRole('button', { name: 'Details of entry 40' });
    await user.click(failed);
    const failedDetails = document.getElementById(failed.getAttribute('aria-controls') ?? '');
    const json = failedDetails?.querySelector('pre');
    expect(json?.textContent).toBe(
      JSON.stringify({ username: 'ghost', reason: 'unknown username' }, null, 2),
    );
    expect(
      within(failedDetails as HTMLElement).getByText('Entity').nextElementSibling,
    ).toHaveTextContent('—');

    const command = screen.getByRole('button', { name: 'Details of entry 39' });
    await user.click(command);
    const commandDetails = document.getElementById(command.getAttribute('aria-controls') ?? '');
    expect(commandDetails).toHaveTextContent('person 1');
    expect(commandDetails).toHaveTextContent('No details recorded');
  });
});

describe('Download CSV', () => {
  const stubDownload = () => {
    // jsdom has no object URLs and does not save files: record what would be saved instead.
    const createObjectURL = vi.fn(() => 'blob:audit');
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Object.assign(URL, original);
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    return { saved };
  };

  it('downloads Audit.csv with the filters in force (no paging), busy meanwhile', async () => {
    const user = userEvent.setup();
    const { saved } = stubDownload();
    let release = () => {};
    const api = auditApi(AUDIT_READ, {
      [LIST]: { body: auditPage(ENTRIES, 40) },
      [CSV]: async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return {
          body: 'Time,Event\n',
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="Audit.csv"',
          },
        };
      },
    });
    renderAudit(
      '/audit?actor=admin&kind=USER_CHANGED&from=2026-03-01&to=2026-03-31&page=2&size=25',
    );
    await findTable();
    const button = screen.getByRole('button', { name: 'Download CSV' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    release();
    await waitFor(() => expect(saved).toEqual(['Audit.csv']));
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(button).toBeEnabled();

    const csvCalls = api.calls.filter((call) => call.startsWith(CSV));
    expect(csvCalls).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(csvCalls[0]?.split('?')[1]))).toEqual({
      actor: 'admin',
      eventCode: 'USER_CHANGED',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-04-01T00:00:00.000Z',
    });
  });

  it('downloads everything without filters', async () => {
    const user = userEvent.setup();
    const { saved } = stubDownload();
    const api = auditApi(AUDIT_READ, {
      [CSV]: { body: 'Time\n', headers: { 'content-type': 'text/csv' } },
    });
    renderAudit();
    await findTable();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual(['Audit.csv']));
    expect(api.calls.filter((call) => call.startsWith(CSV))).toEqual([CSV]);
  });

  it("shows the server's message when the download fails", async () => {
    const user = userEvent.setup();
    const { saved } = stubDownload();
    auditApi(AUDIT_READ, {
      [CSV]: { status: 400, body: { detail: 'Too many rows: narrow the filters' } },
    });
    renderAudit();
    await findTable();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Too many rows: narrow the filters')).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });
});

describe('audit log access', () => {
  it('says so and makes no audit call without audit.read', async () => {
    const api = auditApi(['user.manage', 'role.manage']);
    renderAudit('/audit?actor=admin');
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    expect(
      await screen.findByText('The audit log needs the audit.read permission.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Kind' })).not.toBeInTheDocument();
    // Give any request a chance to go out before checking none did.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.filter((call) => call.startsWith(LIST))).toEqual([]);
  });
});
