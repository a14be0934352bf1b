import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Collapsible } from './collapsible.tsx';

describe('Collapsible', () => {
  it('starts collapsed and toggles aria-expanded and the content', async () => {
    const onOpenChange = vi.fn();
    render(
      <Collapsible title="Errors" count={2} onOpenChange={onOpenChange}>
        <p>Provider timeout</p>
      </Collapsible>,
    );
    const toggle = screen.getByRole('button', { name: 'Errors 2' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const region = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(region).not.toBeNull();
    expect(region).not.toBeVisible();
    expect(screen.queryByText('Provider timeout')).toBeNull();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Errors 2' })).toBe(region);
    expect(screen.getByText('Provider timeout')).toBeVisible();

    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(onOpenChange.mock.calls).toEqual([[true], [false]]);
  });

  it('can start open, be controlled and keep content mounted', async () => {
    const { rerender } = render(
      <Collapsible title="Event Log" defaultOpen headingLevel={2}>
        rows
      </Collapsible>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Event Log' })).toBeInTheDocument();
    expect(screen.getByText('rows')).toBeVisible();

    const onOpenChange = vi.fn();
    rerender(
      <Collapsible title="Event Log" open={false} keepMounted onOpenChange={onOpenChange}>
        rows
      </Collapsible>,
    );
    expect(screen.getByText('rows')).not.toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Event Log' }));
    expect(onOpenChange).toHaveBeenCalledWith(true);
    // Controlled: stays closed until the parent opens it.
    expect(screen.getByRole('button', { name: 'Event Log' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
