import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, type TabsProps } from './tabs.tsx';

const ITEMS = [
  { key: 1, label: 'UZS deposits' },
  { key: 2, label: 'RUB payouts' },
  { key: 3, label: 'KGS deposits' },
];

/** Tabs that keep their own selection, reporting each one to `onSelect`. */
const Harness = ({
  initial = 1,
  onSelect,
  items = ITEMS,
}: {
  initial?: number;
  onSelect?: (key: number) => void;
  items?: TabsProps<number>['items'];
}) => {
  const [selected, setSelected] = useState(initial);
  return (
    <Tabs
      label="Terminals"
      items={items}
      selectedKey={selected}
      onSelect={(key) => {
        setSelected(key);
        onSelect?.(key);
      }}
      renderPanel={(key) => <p>Panel of terminal {key}</p>}
    />
  );
};

const tabs = () => screen.getAllByRole('tab');
const selectedNames = () =>
  tabs()
    .filter((tab) => tab.getAttribute('aria-selected') === 'true')
    .map((tab) => tab.textContent);

describe('Tabs', () => {
  it('renders a labelled tablist, tabs with roving tabindex and the selected panel only', () => {
    render(<Harness initial={2} />);
    const list = screen.getByRole('tablist', { name: 'Terminals' });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['UZS deposits', 'RUB payouts', 'KGS deposits']);
    expect(tabs().map((tab) => tab.getAttribute('aria-selected'))).toEqual([
      'false',
      'true',
      'false',
    ]);
    expect(tabs().map((tab) => tab.getAttribute('tabindex'))).toEqual(['-1', '0', '-1']);

    const panel = screen.getByRole('tabpanel', { name: 'RUB payouts' });
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(panel).toHaveTextContent('Panel of terminal 2');
    expect(panel).toHaveAttribute('tabindex', '0');
    const selected = screen.getByRole('tab', { name: 'RUB payouts' });
    expect(selected).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveAttribute('aria-labelledby', selected.id);
    expect(screen.getByRole('tab', { name: 'UZS deposits' })).not.toHaveAttribute('aria-controls');
    expect(screen.queryByText('Panel of terminal 1')).not.toBeInTheDocument();
  });

  it('selects a tab on click', async () => {
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('tab', { name: 'KGS deposits' }));
    expect(onSelect).toHaveBeenCalledWith(3);
    expect(selectedNames()).toEqual(['KGS deposits']);
    expect(screen.getByRole('tabpanel', { name: 'KGS deposits' })).toHaveTextContent(
      'Panel of terminal 3',
    );
    expect(screen.queryByText('Panel of terminal 1')).not.toBeInTheDocument();
  });

  it('moves focus and selection with the arrow keys (wrapping), Home and End', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Before</button>
        <Harness />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    const [first, second, third] = tabs();
    expect(first).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(second).toHaveFocus();
    expect(selectedNames()).toEqual(['RUB payouts']);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel of terminal 2');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(first).toHaveFocus();
    expect(selectedNames()).toEqual(['UZS deposits']);

    await user.keyboard('{ArrowLeft}');
    expect(third).toHaveFocus();
    expect(selectedNames()).toEqual(['KGS deposits']);

    await user.keyboard('{Home}');
    expect(first).toHaveFocus();
    expect(selectedNames()).toEqual(['UZS deposits']);

    await user.keyboard('{End}');
    expect(third).toHaveFocus();
    expect(selectedNames()).toEqual(['KGS deposits']);
    expect(tabs().map((tab) => tab.getAttribute('tabindex'))).toEqual(['-1', '-1', '0']);

    // Tab leaves the tab list for the panel.
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'KGS deposits' })).toHaveFocus();
  });

  it('leaves other keys and modified arrows alone', async () => {
    const onSelect = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSelect={onSelect} />);
    tabs()[0]?.focus();
    await user.keyboard('{ArrowDown}{Alt>}{ArrowRight}{/Alt}a');
    expect(onSelect).not.toHaveBeenCalled();
    expect(tabs()[0]).toHaveFocus();
  });

  it('keeps the first tab tabbable and renders no panel when the selected key is missing', () => {
    render(
      <Tabs
        label="Merchants"
        items={[
          { key: 'a', label: 'Silk Road Shop' },
          { key: 'b', label: 'Bishkek Books' },
        ]}
        selectedKey="z"
        onSelect={() => {}}
        renderPanel={() => 'content'}
      />,
    );
    expect(tabs().map((tab) => tab.getAttribute('tabindex'))).toEqual(['0', '-1']);
    expect(selectedNames()).toEqual([]);
    expect(screen.queryByRole('tabpanel')).not.toBeInTheDocument();
  });
});
