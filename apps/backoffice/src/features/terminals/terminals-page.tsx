import { errorMessageOf, useGetTerminalsQuery } from '@paygate/api';
import { NOTHING_FOUND_TEXT, terminalAccess } from '@paygate/domain';
import { Button, EmptyState, Spinner, Tabs, TextField } from '@paygate/ui';
import { type ReactNode, useId, useState } from 'react';
import { useCurrentPerson } from '../session/current-person.tsx';
import { useMerchantScope } from '../workspace/merchant-scope.ts';
import { CreateTerminalDialog } from './create-terminal-dialog.tsx';
import { searchTerminals } from './terminal-form.ts';
import { TERMINAL_TEXTS } from './terminal-messages.ts';
import { TerminalPanel } from './terminal-panel.tsx';
import './terminals.css';

/** SPEC §2 Terminals: one tab per terminal of the merchant, a search over them, New Terminal. */
export const TerminalsPage = () => {
  const person = useCurrentPerson();
  const access = terminalAccess(person);
  const { merchantId, ready } = useMerchantScope();
  // The merchant a terminal is created for: the chosen one, else the person's own.
  const createFor = merchantId ?? person.merchantId ?? undefined;
  const list = useGetTerminalsQuery({ merchantId }, { skip: !ready });
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const ids = useId();

  const terminals = list.currentData;
  const visible = terminals ? searchTerminals(terminals, search) : [];
  const selected = visible.find((terminal) => terminal.id === selectedId) ?? visible[0];

  let content: ReactNode;
  if (list.isError && !terminals) {
    content = (
      <div role="alert" className="bo-terminals-error">
        <p>Could not load the terminals: {errorMessageOf(list.error)}</p>
        <Button variant="secondary" busy={list.isFetching} onClick={() => void list.refetch()}>
          Retry
        </Button>
      </div>
    );
  } else if (!terminals) {
    content = <Spinner label="Loading terminals" />;
  } else if (terminals.length === 0) {
    content = <EmptyState text={TERMINAL_TEXTS.noTerminals} />;
  } else {
    content = (
      <>
        <TextField
          label="Search terminals"
          type="search"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="bo-terminals-search"
        />
        {selected ? (
          // One tab per terminal (SPEC §2); arrow keys, Home and End move to a tab and select it.
          <Tabs
            label="Terminals"
            items={visible.map((terminal) => ({ key: terminal.id, label: terminal.name }))}
            selectedKey={selected.id}
            onSelect={setSelectedId}
            panelClassName="bo-terminal-panel"
            renderPanel={(terminalId) => (
              <TerminalPanel terminalId={terminalId} merchantId={merchantId} access={access} />
            )}
          />
        ) : (
          <EmptyState text={NOTHING_FOUND_TEXT} />
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={`${ids}title`} className="bo-terminals">
      <div className="bo-terminals__header">
        <h1 id={`${ids}title`}>Terminals</h1>
        {access.create ? (
          <Button onClick={() => setCreating(true)} disabled={createFor === undefined}>
            New Terminal
          </Button>
        ) : null}
      </div>
      {content}
      {creating && createFor !== undefined ? (
        <CreateTerminalDialog
          merchantId={createFor}
          onClose={() => setCreating(false)}
          onCreated={(terminal) => {
            setCreating(false);
            // The new terminal's tab is selected, whatever the search was.
            setSearch('');
            setSelectedId(terminal.id);
          }}
        />
      ) : null}
    </section>
  );
};
