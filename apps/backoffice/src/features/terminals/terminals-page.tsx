import { errorMessageOf, useGetTerminalsQuery } from '@paygate/api';
import { NOTHING_FOUND_TEXT, terminalAccess } from '@paygate/domain';
import { Button, ConfirmDialog, EmptyState, Spinner, Tabs, TextField } from '@paygate/ui';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useCurrentPerson } from '../session/current-person.tsx';
import { useMerchantScope } from '../workspace/merchant-scope.ts';
import { MerchantScopePending } from '../workspace/merchant-scope-pending.tsx';
import { CreateTerminalDialog } from './create-terminal-dialog.tsx';
import { searchTerminals } from './terminal-form.ts';
import {
  discardChangesText,
  selectedOutsideSearchText,
  TERMINAL_TEXTS,
} from './terminal-messages.ts';
import { TerminalPanel } from './terminal-panel.tsx';
import './terminals.css';

/**
 * SPEC §2 Terminals: one tab per terminal of the merchant, a search over them, New Terminal.
 *
 * The search narrows the tabs but never changes the selection: the selected terminal keeps its tab
 * (and its form as typed) while it does not match. Choosing another terminal while the form has
 * unsaved changes asks before discarding them. While the merchant list of a merchant.rw.all holder
 * cannot load, the screen says why with Try again.
 */
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
  const [unsaved, setUnsaved] = useState(false);
  // The terminal the user chose while the form had unsaved changes, until they answer.
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [refocus, setRefocus] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);
  const ids = useId();

  const terminals = list.currentData;
  const visible = terminals ? searchTerminals(terminals, search) : [];
  // The first terminal is selected until the user chooses one; the search does not change that.
  const selected =
    terminals?.find((terminal) => terminal.id === (selectedId ?? terminals[0]?.id)) ?? visible[0];
  const selectedHidden = selected !== undefined && !visible.includes(selected);
  const tabTerminals = (terminals ?? []).filter(
    (terminal) => terminal === selected || visible.includes(terminal),
  );
  const pending = terminals?.find((terminal) => terminal.id === pendingId);

  const select = (terminalId: number) => {
    if (terminalId === selected?.id) return;
    if (unsaved) setPendingId(terminalId);
    else setSelectedId(terminalId);
  };

  const keepEditing = () => {
    setPendingId(null);
    setRefocus(true);
  };

  // After "Keep editing" the focus goes back to the selected tab, not the one the keys moved to.
  useEffect(() => {
    if (!refocus) return;
    setRefocus(false);
    sectionRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, [refocus]);

  let content: ReactNode;
  if (!ready) {
    content = <MerchantScopePending loadingLabel="Loading terminals" />;
  } else if (list.isError && !terminals) {
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
        {visible.length === 0 ? <EmptyState text={NOTHING_FOUND_TEXT} /> : null}
        {selected && selectedHidden ? (
          <p className="bo-terminals-note">{selectedOutsideSearchText(selected.name)}</p>
        ) : null}
        {selected ? (
          // One tab per terminal (SPEC §2); arrow keys, Home and End move to a tab and select it.
          <Tabs
            label="Terminals"
            items={tabTerminals.map((terminal) => ({ key: terminal.id, label: terminal.name }))}
            selectedKey={selected.id}
            onSelect={select}
            panelClassName="bo-terminal-panel"
            renderPanel={(terminalId) => (
              <TerminalPanel
                terminalId={terminalId}
                merchantId={merchantId}
                access={access}
                onUnsavedChange={setUnsaved}
              />
            )}
          />
        ) : null}
        <ConfirmDialog
          open={selected !== undefined && pending !== undefined}
          title={TERMINAL_TEXTS.discardTitle}
          message={discardChangesText(selected?.name ?? '', pending?.name ?? '')}
          cancelLabel={TERMINAL_TEXTS.discardCancel}
          confirmLabel={TERMINAL_TEXTS.discardConfirm}
          confirmVariant="danger"
          onCancel={keepEditing}
          onConfirm={() => {
            if (pending) setSelectedId(pending.id);
            setPendingId(null);
          }}
        />
      </>
    );
  }

  return (
    <section ref={sectionRef} aria-labelledby={`${ids}title`} className="bo-terminals">
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
            // The new terminal's tab is selected, whatever the search was, once unsaved changes
            // of the terminal being edited are discarded.
            setSearch('');
            select(terminal.id);
          }}
        />
      ) : null}
    </section>
  );
};
