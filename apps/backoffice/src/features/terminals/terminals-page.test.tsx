import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, fakeApi, problem } from '../../testing/fake-api.ts';
import { renderScreen } from '../../testing/render-screen.tsx';
import { TerminalsPage } from './terminals-page.tsx';
import {
  ALL_TERMINAL_PERMISSIONS,
  ATTRIBUTES_OF_11,
  detailsOf,
  MERCHANT_ID,
  TERMINALS,
  terminalRoutes,
  terminalRow,
} from './terminals-test-fixtures.ts';

const openTerminals = (
  permissions: string[] = ALL_TERMINAL_PERMISSIONS,
  routes: Record<string, FakeAnswer> = {},
  personOverrides?: Record<string, unknown>,
) => {
  const api = fakeApi({ ...terminalRoutes(permissions, personOverrides), ...routes });
  const user = userEvent.setup();
  renderScreen('/terminals', { path: '/terminals', element: <TerminalsPage /> });
  return { api, user };
};

/** The selected terminal's panel once its details are shown. */
const loadedPanel = async () => {
  const panel = await screen.findByRole('tabpanel');
  await within(panel).findByRole('textbox', { name: /^Name/ });
  return panel;
};

const valueField = (panel: HTMLElement, typeName: string) =>
  within(panel).getByRole('textbox', { name: `Value of ${typeName}` });

afterEach(() => vi.unstubAllGlobals());

describe('terminal tabs', () => {
  it('shows one tab per terminal, the first selected, with its facts', async () => {
    const { api } = openTerminals();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'UZS deposits',
      'RUB Payouts',
      'KGS Deposits Main',
    ]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const panel = await loadedPanel();
    expect(panel).toHaveAccessibleName('UZS deposits');
    expect(within(panel).getByText('11')).toBeInTheDocument();
    expect(within(panel).getByText('DEPOSIT')).toBeInTheDocument();
    expect(within(panel).getByText('UZS')).toBeInTheDocument();
    expect(within(panel).getByText('Test')).toBeInTheDocument();
    expect(within(panel).getByRole('switch', { name: 'Enabled' })).toBeChecked();
    expect(api.calls).toContain('GET /api/v1/terminal');
    expect(api.calls).toContain('GET /api/v1/terminal/11');
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    const { user } = openTerminals();
    const [first] = await screen.findAllByRole('tab');
    await loadedPanel();
    first?.focus();
    await user.keyboard('{ArrowRight}');
    const second = screen.getByRole('tab', { name: 'RUB Payouts' });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(second).toHaveFocus();
    expect(await screen.findByDisplayValue('RUB Payouts')).toBeInTheDocument();
    expect(within(screen.getByRole('tabpanel')).getByText('Production')).toBeInTheDocument();

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'KGS Deposits Main' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'UZS deposits' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'KGS Deposits Main' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'UZS deposits' })).toHaveFocus();
    // Only the selected tab is in the Tab order.
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('tabindex'))).toEqual([
      '0',
      '-1',
      '-1',
    ]);
  });

  it('searches terminals ignoring case and whitespace, with "Nothing found." for none', async () => {
    const { user } = openTerminals();
    await loadedPanel();
    const search = screen.getByRole('searchbox', { name: 'Search terminals' });
    const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

    await user.type(search, '  kgsdeposits  MAIN');
    // The selected terminal keeps its tab, first as in the list, with a word on why.
    expect(tabNames()).toEqual(['UZS deposits', 'KGS Deposits Main']);
    expect(screen.getByRole('tab', { name: 'UZS deposits' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      screen.getByText(
        'The selected terminal "UZS deposits" does not match the search; its tab stays until you choose another.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'KGS Deposits Main' }));
    expect(await screen.findByDisplayValue('KGS Deposits Main')).toBeInTheDocument();
    expect(tabNames()).toEqual(['KGS Deposits Main']);
    expect(screen.queryByText(/does not match the search/)).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'DEPOSITS');
    expect(tabNames()).toEqual(['UZS deposits', 'KGS Deposits Main']);

    await user.clear(search);
    await user.type(search, 'eur');
    expect(screen.getByText('Nothing found.')).toBeInTheDocument();
    expect(tabNames()).toEqual(['KGS Deposits Main']);
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('KGS Deposits Main');
  });

  it('asks for the chosen merchant of a merchant.rw.all user', async () => {
    const { api } = openTerminals(
      [...ALL_TERMINAL_PERMISSIONS, 'merchant.rw.all'],
      {
        'GET /api/v1/merchant': {
          body: { data: { items: [{ id: 9, name: 'Shop' }], page: 0, size: 50, total: 1 } },
        },
      },
      { merchantId: null },
    );
    await loadedPanel();
    expect(api.calls).toContain('GET /api/v1/terminal?merchantId=9');
    expect(api.calls).toContain('GET /api/v1/terminal/11?merchantId=9');
    expect(api.calls).not.toContain('GET /api/v1/terminal');
  });

  it('says why the merchant list could not load, with Try again, instead of loading for ever', async () => {
    const { api, user } = openTerminals(
      [...ALL_TERMINAL_PERMISSIONS, 'merchant.rw.all'],
      { 'GET /api/v1/merchant': { status: 500, body: problem(500, 'Database unavailable') } },
      { merchantId: null },
    );
    // The header says it too; the screen says it in place of its content.
    const screenRegion = await screen.findByRole('region', { name: 'Terminals' });
    const alert = await within(screenRegion).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the merchants: Database unavailable');
    expect(within(screenRegion).queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading terminals')).not.toBeInTheDocument();
    // Without a merchant nothing is asked: no call would be scoped to every merchant.
    expect(api.calls.filter((call) => call.includes('/api/v1/terminal'))).toEqual([]);

    api.set('GET /api/v1/merchant', {
      body: { data: { items: [{ id: 9, name: 'Shop' }], page: 0, size: 50, total: 1 } },
    });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await loadedPanel();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls).toContain('GET /api/v1/terminal?merchantId=9');
    expect(api.calls).not.toContain('GET /api/v1/terminal');
  });

  it('shows the load error with a retry, and an empty state without terminals', async () => {
    const { api, user } = openTerminals(ALL_TERMINAL_PERMISSIONS, {
      'GET /api/v1/terminal': { status: 500, body: { detail: 'Database unavailable' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load the terminals: Database unavailable',
    );
    api.set('GET /api/v1/terminal', { body: { data: [] } });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No terminals yet')).toBeInTheDocument();
  });
});

describe('unsaved changes', () => {
  const renameFirst = async (user: ReturnType<typeof userEvent.setup>) => {
    const panel = await loadedPanel();
    const name = within(panel).getByRole('textbox', { name: /^Name/ });
    await user.type(name, ' renamed');
    expect(name).toHaveValue('UZS deposits renamed');
    return panel;
  };

  it('keeps the terminal being edited and its form as typed while the search narrows the list', async () => {
    const { user } = openTerminals();
    await renameFirst(user);
    const search = screen.getByRole('searchbox', { name: 'Search terminals' });

    await user.type(search, 'kgs');
    expect(screen.getByRole('tab', { name: 'UZS deposits' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('UZS deposits');
    expect(screen.getByDisplayValue('UZS deposits renamed')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'eur');
    expect(screen.getByText('Nothing found.')).toBeInTheDocument();
    expect(screen.getByDisplayValue('UZS deposits renamed')).toBeInTheDocument();

    await user.clear(search);
    expect(screen.getAllByRole('tab')).toHaveLength(3);
    expect(screen.getByDisplayValue('UZS deposits renamed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before another tab discards unsaved changes', async () => {
    const { user } = openTerminals();
    await renameFirst(user);

    await user.click(screen.getByRole('tab', { name: 'RUB Payouts' }));
    let dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    expect(dialog).toHaveTextContent(
      'The changes to the terminal "UZS deposits" are not saved. Discard them and open "RUB Payouts"?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const first = screen.getByRole('tab', { name: 'UZS deposits' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveFocus();
    expect(screen.getByDisplayValue('UZS deposits renamed')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'RUB Payouts' }));
    dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByDisplayValue('RUB Payouts')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'RUB Payouts' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // Nothing unsaved: tabs switch without a question, and the discarded name is gone.
    await user.click(screen.getByRole('tab', { name: 'UZS deposits' }));
    expect(await screen.findByDisplayValue('UZS deposits')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before the arrow keys move away from unsaved changes, and keeps them working', async () => {
    const { user } = openTerminals();
    await renameFirst(user);
    const first = screen.getByRole('tab', { name: 'UZS deposits' });
    first.focus();

    await user.keyboard('{ArrowRight}');
    await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveFocus();
    expect(screen.getByDisplayValue('UZS deposits renamed')).toBeInTheDocument();

    await user.keyboard('{End}');
    const dialog = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    expect(dialog).toHaveTextContent('Discard them and open "KGS Deposits Main"?');
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    const last = screen.getByRole('tab', { name: 'KGS Deposits Main' });
    expect(last).toHaveAttribute('aria-selected', 'true');
    expect(last).toHaveFocus();
    expect(await screen.findByDisplayValue('KGS Deposits Main')).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'RUB Payouts' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('switches without a question once the changes are saved', async () => {
    const { user } = openTerminals(ALL_TERMINAL_PERMISSIONS, {
      'PUT /api/v1/terminal/11': {
        body: { data: detailsOf(terminalRow(11, 'UZS deposits renamed'), ATTRIBUTES_OF_11) },
      },
    });
    const panel = await renameFirst(user);
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'RUB Payouts' }));
    expect(await screen.findByDisplayValue('RUB Payouts')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('permission gating', () => {
  it('offers nothing to change without terminal permissions', async () => {
    const { api } = openTerminals([]);
    const panel = await loadedPanel();
    expect(screen.queryByRole('button', { name: 'New Terminal' })).not.toBeInTheDocument();
    expect(
      within(panel).queryByRole('button', { name: 'Switch to production' }),
    ).not.toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: 'Attributes' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('textbox', { name: /^Name/ })).toHaveAttribute('readonly');
    expect(within(panel).getByRole('switch', { name: 'Enabled' })).toBeDisabled();
    expect(api.calls.some((call) => call.includes('refHeaderId=105'))).toBe(false);
  });

  it('shows New Terminal with terminal.create only', async () => {
    openTerminals(['terminal.create']);
    const panel = await loadedPanel();
    expect(screen.getByRole('button', { name: 'New Terminal' })).toBeEnabled();
    expect(
      within(panel).queryByRole('button', { name: 'Switch to production' }),
    ).not.toBeInTheDocument();
    expect(within(panel).queryByRole('heading', { name: 'Attributes' })).not.toBeInTheDocument();
    // Renaming and the enabled toggle are for terminal managers (terminal.create).
    expect(within(panel).getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(within(panel).getByRole('switch', { name: 'Enabled' })).toBeEnabled();
  });

  it('offers the production switch with terminal.prod.change, on test terminals only', async () => {
    const { user } = openTerminals(['terminal.prod.change']);
    const panel = await loadedPanel();
    expect(screen.queryByRole('button', { name: 'New Terminal' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Switch to production' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'RUB Payouts' }));
    expect(await screen.findByDisplayValue('RUB Payouts')).toBeInTheDocument();
    expect(
      within(screen.getByRole('tabpanel')).queryByRole('button', { name: 'Switch to production' }),
    ).not.toBeInTheDocument();
  });

  it('shows the attributes table with terminal.attr.read, read-only without terminal.prod.change', async () => {
    openTerminals(['terminal.attr.read', 'terminal.create']);
    const panel = await loadedPanel();
    const table = within(panel).getByRole('table', { name: 'Attributes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Type', 'Param type', 'Value']);
    const fee = within(table).getByRole('row', { name: /Fee, percent/ });
    expect(within(fee).getByText('Numeric')).toBeInTheDocument();
    expect(within(fee).getByText('1.5')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Add attribute' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('textbox', { name: /^Value of/ })).not.toBeInTheDocument();
  });
});

describe('terminal name and attributes', () => {
  it('checks the name rules before saving', async () => {
    const { api, user } = openTerminals();
    const panel = await loadedPanel();
    const name = within(panel).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await within(panel).findByText('Name is required')).toBeInTheDocument();
    await user.type(name, 'ab');
    expect(
      await within(panel).findByText('Name must be at least 3 characters long'),
    ).toBeInTheDocument();
    await user.type(name, 'c');
    await waitFor(() =>
      expect(
        within(panel).queryByText('Name must be at least 3 characters long'),
      ).not.toBeInTheDocument(),
    );
    expect(api.calls.some((call) => call.startsWith('PUT '))).toBe(false);
  });

  it('checks each attribute value against its parameter type', async () => {
    const { api, user } = openTerminals();
    const panel = await loadedPanel();
    const cases: Array<[string, string, string]> = [
      ['Callback timeout, seconds', '1.5', 'value is not Integer'],
      ['Display name', 'bell\u0007', 'value is not String'],
      ['Receipt mark', 'xy', 'value is not Char'],
      ['Fee, percent', '1,5', 'value is not Numeric'],
    ];
    for (const [typeName, value, message] of cases) {
      const field = valueField(panel, typeName);
      await user.clear(field);
      await user.click(field);
      await user.paste(value);
      expect(field).toHaveAccessibleDescription(message);
    }
    // Boolean is chosen, not typed.
    const boolean = within(panel).getByRole('combobox', { name: 'Value of Confirm automatically' });
    expect(
      within(boolean)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not selected', 'true', 'false']);
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(api.calls.some((call) => call.startsWith('PUT '))).toBe(false);
  });

  it('saves the name and the values, dropping empty ones, then says so', async () => {
    const { api, user } = openTerminals(ALL_TERMINAL_PERMISSIONS, {
      'PUT /api/v1/terminal/11': {
        body: { data: detailsOf(terminalRow(11, 'UZS main'), ATTRIBUTES_OF_11) },
      },
    });
    const panel = await loadedPanel();
    const name = within(panel).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, '  UZS main ');
    await user.clear(valueField(panel, 'Callback timeout, seconds'));
    await user.type(valueField(panel, 'Callback timeout, seconds'), '45');
    // Emptied values are not errors: they are left out of the save.
    await user.clear(valueField(panel, 'Display name'));
    expect(valueField(panel, 'Display name')).toHaveAccessibleDescription(
      'Empty values are not saved',
    );
    await user.selectOptions(
      within(panel).getByRole('combobox', { name: 'Value of Confirm automatically' }),
      'false',
    );
    await user.click(within(panel).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    expect(await api.bodiesOf('PUT /api/v1/terminal/11')).toEqual([
      {
        name: 'UZS main',
        attributes: [
          { value: '45', attrType: { id: 501 } },
          { value: '*', attrType: { id: 503 } },
          { value: 'false', attrType: { id: 504 } },
          { value: '1.5', attrType: { id: 505 } },
        ],
      },
    ]);
    // The form shows what the server saved.
    expect(valueField(panel, 'Display name')).toHaveValue('Shop');
  });

  it('shows the server message when the save is refused', async () => {
    const { user } = openTerminals(ALL_TERMINAL_PERMISSIONS, {
      'PUT /api/v1/terminal/11': {
        status: 403,
        body: { detail: 'Changing attributes needs terminal.attr.read and terminal.prod.change' },
      },
    });
    const panel = await loadedPanel();
    const save = within(panel).getByRole('button', { name: 'Save' });
    await user.click(save);
    expect(
      await screen.findByText(
        'Changing attributes needs terminal.attr.read and terminal.prod.change',
      ),
    ).toBeInTheDocument();
    expect(save).toBeEnabled();
  });

  it('keeps the Save button busy while the save runs', async () => {
    let finish: (answer: FakeAnswer) => void = () => {};
    const { user } = openTerminals(ALL_TERMINAL_PERMISSIONS, {
      'PUT /api/v1/terminal/11': () =>
        new Promise<FakeAnswer>((resolve) => {
          finish = resolve;
        }),
    });
    const panel = await loadedPanel();
    const save = within(panel).getByRole('button', { name: 'Save' });
    await user.click(save);
    await waitFor(() => expect(save).toHaveAttribute('aria-busy', 'true'));
    expect(save).toBeDisabled();
    finish({ body: { data: detailsOf(TERMINALS[0] as never, ATTRIBUTES_OF_11) } });
    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    expect(save).not.toHaveAttribute('aria-busy');
  });

  it('adds an attribute whose parameter type decides the input and its rules', async () => {
    const { api, user } = openTerminals(ALL_TERMINAL_PERMISSIONS, {
      'PUT /api/v1/terminal/11': { body: { data: detailsOf(TERMINALS[0] as never, []) } },
    });
    const panel = await loadedPanel();
    await user.click(within(panel).getByRole('button', { name: 'Add attribute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add attribute' });
    const type = within(dialog).getByRole('combobox', { name: /^Attribute type/ });
    // Only the types the terminal does not have yet.
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not selected', 'Payout provider']);

    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Attribute type is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Value is required')).toBeInTheDocument();

    await user.selectOptions(type, 'Payout provider');
    expect(within(dialog).getByText('Param type: String')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Value/ }), 'PROV-1');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const row = within(panel).getByRole('row', { name: /Payout provider/ });
    expect(within(row).getByText('New')).toBeInTheDocument();
    expect(valueField(panel, 'Payout provider')).toHaveValue('PROV-1');
    expect(within(panel).getByRole('button', { name: 'Add attribute' })).toBeDisabled();

    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    const [body] = (await api.bodiesOf('PUT /api/v1/terminal/11')) as Array<{
      attributes: unknown[];
    }>;
    expect(body?.attributes).toContainEqual({ value: 'PROV-1', attrType: { id: 506 } });
  });

  it.each([
    ['Callback timeout, seconds', 'abc', 'value is not Integer'],
    ['Receipt mark', 'ab', 'value is not Char'],
    ['Fee, percent', '3a', 'value is not Numeric'],
  ])('refuses a new %s value %j with "%s"', async (typeName, value, message) => {
    // A terminal without attributes: every type can be added.
    const { user } = openTerminals(ALL_TERMINAL_PERMISSIONS, {
      'GET /api/v1/terminal/11': { body: { data: detailsOf(TERMINALS[0] as never, []) } },
    });
    const panel = await loadedPanel();
    expect(await within(panel).findByText('No attributes')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Add attribute' })).toBeEnabled(),
    );
    await user.click(within(panel).getByRole('button', { name: 'Add attribute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add attribute' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /^Attribute type/ }),
      typeName,
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Value/ }), value);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it('closes Add attribute on a click beside it only while nothing is chosen; Escape anyway', async () => {
    const { user } = openTerminals();
    const panel = await loadedPanel();
    const open = async () => {
      await user.click(within(panel).getByRole('button', { name: 'Add attribute' }));
      return screen.findByRole('dialog', { name: 'Add attribute' });
    };
    const clickBeside = (dialog: HTMLElement) => user.click(dialog.parentElement as HTMLElement);

    await clickBeside(await open());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    let dialog = await open();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /^Attribute type/ }),
      'Payout provider',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Value/ }), 'PROV-1');
    await clickBeside(dialog);
    expect(screen.getByRole('dialog', { name: 'Add attribute' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Value/ })).toHaveValue('PROV-1');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Nothing was added.
    expect(within(panel).queryByRole('row', { name: /Payout provider/ })).not.toBeInTheDocument();

    // A chosen type alone is a choice too.
    dialog = await open();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /^Attribute type/ }),
      'Payout provider',
    );
    await clickBeside(dialog);
    expect(screen.getByRole('dialog', { name: 'Add attribute' })).toBeInTheDocument();
  });

  it('offers true and false for a new Boolean attribute', async () => {
    const { user } = openTerminals(ALL_TERMINAL_PERMISSIONS, {
      'GET /api/v1/terminal/11': { body: { data: detailsOf(TERMINALS[0] as never, []) } },
    });
    const panel = await loadedPanel();
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Add attribute' })).toBeEnabled(),
    );
    await user.click(within(panel).getByRole('button', { name: 'Add attribute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add attribute' });
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /^Attribute type/ }),
      'Confirm automatically',
    );
    const value = within(dialog).getByRole('combobox', { name: /^Value/ });
    expect(
      within(value)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not selected', 'true', 'false']);
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Value is required')).toBeInTheDocument();
    await user.selectOptions(value, 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      within(panel).getByRole('combobox', { name: 'Value of Confirm automatically' }),
    ).toHaveValue('true');
  });

  it('removes an attribute by its type and says so', async () => {
    const { api, user } = openTerminals(ALL_TERMINAL_PERMISSIONS, {
      'DELETE /api/v1/terminal/11': {
        body: { data: detailsOf(TERMINALS[0] as never, ATTRIBUTES_OF_11.slice(0, 4)) },
      },
    });
    const panel = await loadedPanel();
    await user.click(within(panel).getByRole('button', { name: 'Remove Fee, percent' }));
    expect(await screen.findByText('Successfully removed')).toBeInTheDocument();
    expect(api.calls).toContain('DELETE /api/v1/terminal/11?attributeId=505');
    expect(within(panel).queryByRole('row', { name: /Fee, percent/ })).not.toBeInTheDocument();
  });

  it('shows the error message when a removal fails', async () => {
    const { user } = openTerminals(ALL_TERMINAL_PERMISSIONS, {
      'DELETE /api/v1/terminal/11': { status: 404, body: { detail: 'Attribute not found' } },
    });
    const panel = await loadedPanel();
    await user.click(within(panel).getByRole('button', { name: 'Remove Receipt mark' }));
    expect(await screen.findByText('Attribute not found')).toBeInTheDocument();
    expect(within(panel).getByRole('row', { name: /Receipt mark/ })).toBeInTheDocument();
  });
});

describe('enabled and production switches', () => {
  it('switches a terminal off', async () => {
    const { api, user } = openTerminals(ALL_TERMINAL_PERMISSIONS, {
      'PATCH /api/v1/terminal/11': {
        body: { data: detailsOf(terminalRow(11, 'UZS deposits', { enable: false }), []) },
      },
    });
    const panel = await loadedPanel();
    api.set('GET /api/v1/terminal/11', {
      body: { data: detailsOf(terminalRow(11, 'UZS deposits', { enable: false }), []) },
    });
    const enabled = within(panel).getByRole('switch', { name: 'Enabled' });
    await user.click(enabled);
    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    expect(await api.bodiesOf('PATCH /api/v1/terminal/11')).toEqual([{ enable: false }]);
    await waitFor(() => expect(enabled).not.toBeChecked());
  });

  it('switches to production only after the confirmation', async () => {
    const production = detailsOf(terminalRow(11, 'UZS deposits', { isTest: false }), []);
    const { api, user } = openTerminals(ALL_TERMINAL_PERMISSIONS, {
      'PATCH /api/v1/terminal/11': { body: { data: production } },
    });
    const panel = await loadedPanel();
    await user.click(within(panel).getByRole('button', { name: 'Switch to production' }));
    let dialog = await screen.findByRole('dialog', { name: 'Switch to production' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to switch the terminal "UZS deposits" from test to production?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((call) => call.startsWith('PATCH '))).toBe(false);

    await user.click(within(panel).getByRole('button', { name: 'Switch to production' }));
    dialog = await screen.findByRole('dialog', { name: 'Switch to production' });
    api.set('GET /api/v1/terminal/11', { body: { data: production } });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Successfully changed')).toBeInTheDocument();
    expect(await api.bodiesOf('PATCH /api/v1/terminal/11')).toEqual([{ isTest: false }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(panel).getByText('Production')).toBeInTheDocument();
    expect(
      within(panel).queryByRole('button', { name: 'Switch to production' }),
    ).not.toBeInTheDocument();
  });

  it('shows the error and keeps the confirmation when the switch is refused', async () => {
    const { user } = openTerminals(ALL_TERMINAL_PERMISSIONS, {
      'PATCH /api/v1/terminal/11': {
        status: 403,
        body: { detail: 'Switching between test and production needs terminal.prod.change' },
      },
    });
    const panel = await loadedPanel();
    await user.click(within(panel).getByRole('button', { name: 'Switch to production' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to production' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Switching between test and production needs terminal.prod.change'),
    ).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(within(panel).getByText('Test')).toBeInTheDocument();
  });
});

describe('new terminal', () => {
  it('requires name, flow type and currency, creates the terminal and selects its tab', async () => {
    const created = terminalRow(21, 'KGS payouts', {
      paymentFlow: 'WITHDRAWAL',
      currency: { id: 1, code: 'KGS', dimension: 2 },
    });
    const { api, user } = openTerminals(ALL_TERMINAL_PERMISSIONS, {
      [`POST /api/v1/terminal/merchantId=${MERCHANT_ID}`]: {
        status: 201,
        body: { data: detailsOf(created, []) },
      },
      'GET /api/v1/terminal/21': { body: { data: detailsOf(created, []) } },
    });
    await loadedPanel();
    await user.click(screen.getByRole('button', { name: 'New Terminal' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Terminal' });

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Flow type is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Currency is required')).toBeInTheDocument();

    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.type(name, 'KG');
    expect(
      await within(dialog).findByText('Name must be at least 3 characters long'),
    ).toBeInTheDocument();
    expect(api.calls.some((call) => call.startsWith('POST '))).toBe(false);

    await user.type(name, 'S payouts');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /^Flow type/ }),
      'WITHDRAWAL',
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Currency/ }), 'KGS');
    api.set('GET /api/v1/terminal', { body: { data: [...TERMINALS, created] } });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Terminal created')).toBeInTheDocument();
    expect(await api.bodiesOf(`POST /api/v1/terminal/merchantId=${MERCHANT_ID}`)).toEqual([
      { name: 'KGS payouts', flowTypeId: 72, currencyId: 1 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const tab = await screen.findByRole('tab', { name: 'KGS payouts' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByDisplayValue('KGS payouts')).toBeInTheDocument();
  });

  it('keeps the dialog open with the error when the creation fails', async () => {
    const { user } = openTerminals(ALL_TERMINAL_PERMISSIONS, {
      [`POST /api/v1/terminal/merchantId=${MERCHANT_ID}`]: {
        status: 400,
        body: { detail: 'Unknown currency' },
      },
    });
    await loadedPanel();
    await user.click(screen.getByRole('button', { name: 'New Terminal' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Terminal' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'UZS second');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /^Flow type/ }),
      'DEPOSIT',
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Currency/ }), 'UZS');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Unknown currency')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New Terminal' })).toBeInTheDocument();
    expect(screen.queryByText('Terminal created')).not.toBeInTheDocument();
  });

  it('closes on a click beside it only while nothing is typed; Escape closes it anyway', async () => {
    const { user } = openTerminals();
    await loadedPanel();
    const open = async () => {
      await user.click(screen.getByRole('button', { name: 'New Terminal' }));
      return screen.findByRole('dialog', { name: 'New Terminal' });
    };
    const clickBeside = (dialog: HTMLElement) => user.click(dialog.parentElement as HTMLElement);

    await clickBeside(await open());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    let dialog = await open();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'UZS second');
    await clickBeside(dialog);
    expect(screen.getByRole('dialog', { name: 'New Terminal' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('UZS second');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // A chosen flow type is typed data too.
    dialog = await open();
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: /^Flow type/ }),
      'DEPOSIT',
    );
    await clickBeside(dialog);
    expect(screen.getByRole('dialog', { name: 'New Terminal' })).toBeInTheDocument();
  });
});
