import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonVariant } from '../button/button.tsx';

/**
 * Writes `text` to the clipboard. Resolves false, after a console warning, when the clipboard is
 * unavailable (e.g. an insecure page) or the write fails (SPEC §2).
 */
export const copyToClipboard = async (text: string): Promise<boolean> => {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (!clipboard || typeof clipboard.writeText !== 'function') {
    console.warn('Copy failed: the clipboard is unavailable');
    return false;
  }
  try {
    await clipboard.writeText(text);
    return true;
  } catch (error) {
    console.warn('Copy failed:', error);
    return false;
  }
};

/** How long 'Copied' stays before the button reads 'Copy' again. */
export const COPIED_RESET_MS = 2_000;

export interface CopyButtonProps {
  /** Text written to the clipboard. */
  value: string;
  /** What is copied, for the accessible name: `${label} ${what}`, e.g. 'Copy card number'. */
  what?: string;
  /** Visible text before copying; 'Copy' unless translated. */
  label?: string;
  /** Visible and announced text after a successful copy; 'Copied' unless translated. */
  copiedLabel?: string;
  /** Called after every attempt: true when the text reached the clipboard. */
  onCopy?: (ok: boolean) => void;
  /** Milliseconds before 'Copied' turns back into 'Copy'. */
  resetAfterMs?: number;
  variant?: ButtonVariant;
  disabled?: boolean;
  className?: string;
}

/** SPEC §2 copy button: 'Copy', then 'Copied' for a while after a successful clipboard write. */
export const CopyButton = ({
  value,
  what,
  label = 'Copy',
  copiedLabel = 'Copied',
  onCopy,
  resetAfterMs = COPIED_RESET_MS,
  variant = 'secondary',
  disabled,
  className,
}: CopyButtonProps) => {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const copy = async () => {
    const ok = await copyToClipboard(value);
    if (mounted.current) {
      clearTimeout(timer.current);
      setCopied(ok);
      if (ok) timer.current = setTimeout(() => setCopied(false), resetAfterMs);
    }
    onCopy?.(ok);
  };

  return (
    <>
      <Button
        variant={variant}
        disabled={disabled}
        className={className}
        aria-label={what ? `${label} ${what}` : undefined}
        data-copied={copied || undefined}
        onClick={copy}
      >
        {copied ? copiedLabel : label}
      </Button>
      <span role="status" aria-live="polite" className="pg-visually-hidden">
        {copied ? copiedLabel : ''}
      </span>
    </>
  );
};
