import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecoveryCodesPanel, recoveryCodesText } from './recovery-codes-panel.tsx';
import { recoveryCodes } from './two-factor-test-kit.ts';

/** Captures what saveBlob hands the browser: the Blob and the anchor clicked to save it. */
const captureDownloads = () => {
  const blobs: Blob[] = [];
  const names: string[] = [];
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      blobs.push(blob);
      return `blob:http://localhost/${blobs.length}`;
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { blobs, names };
};

afterEach(() => vi.restoreAllMocks());

describe('RecoveryCodesPanel', () => {
  const codes = recoveryCodes('r');

  it('lists the codes once, focused on its heading, and says they are shown only once', () => {
    render(<RecoveryCodesPanel codes={codes} doneLabel="Done" onDone={() => {}} />);
    const heading = screen.getByRole('heading', { name: 'Save your recovery codes', level: 2 });
    expect(heading).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(
      screen.getByText(
        'Shown only once: keep them somewhere safe. Each one signs you in once if you lose your phone.',
      ),
    ).toBeInTheDocument();
  });

  it('copies all the codes, one a line', async () => {
    const user = userEvent.setup();
    render(<RecoveryCodesPanel codes={codes} doneLabel="Done" onDone={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Copy all' }));
    expect(await navigator.clipboard.readText()).toBe(codes.join('\n'));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('downloads the codes as a text file that says whose they are', async () => {
    const user = userEvent.setup();
    const { blobs, names } = captureDownloads();
    render(
      <RecoveryCodesPanel codes={codes} doneLabel="Done" onDone={() => {}} username="dilnoza" />,
    );
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(names).toEqual(['paygate-recovery-codes.txt']);
    expect(blobs).toHaveLength(1);
    expect(blobs[0]?.type).toBe('text/plain;charset=utf-8');
    const text = await blobs[0]?.text();
    expect(text).toBe(recoveryCodesText(codes, 'dilnoza'));
    expect(text?.split('\n')[0]).toBe('Paygate back office recovery codes for dilnoza');
    for (const code of codes) expect(text?.split('\n')).toContain(code);
  });

  it('goes on only once the person says the codes are saved', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(<RecoveryCodesPanel codes={codes} doneLabel="Continue" onDone={onDone} />);
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.click(next);
    expect(onDone).not.toHaveBeenCalled();

    const saved = screen.getByRole('checkbox', { name: 'I have saved these codes' });
    await user.click(saved);
    expect(next).toBeEnabled();
    await user.click(saved);
    expect(next).toBeDisabled();
    await user.click(saved);
    await user.click(next);
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
