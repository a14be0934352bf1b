import { saveBlob } from '@paygate/api';
import { Button, Checkbox, CopyButton } from '@paygate/ui';
import { useEffect, useRef, useState } from 'react';
import { RECOVERY_CODES_FILE_NAME, TWO_FACTOR_TEXTS } from './two-factor-texts.ts';
import './two-factor.css';

/** The downloaded file: what the codes are, whose they are, one code a line. */
export const recoveryCodesText = (codes: readonly string[], username?: string): string =>
  [
    `Paygate back office recovery codes${username ? ` for ${username}` : ''}`,
    'Each code signs you in once, instead of a code from your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');

export interface RecoveryCodesPanelProps {
  codes: readonly string[];
  /** The panel's heading; it takes the focus when the panel appears. */
  title?: string;
  headingLevel?: 1 | 2 | 3;
  /** 'Continue' at sign-in, 'Done' in the settings. */
  doneLabel: string;
  /** Called once the person has said the codes are saved. */
  onDone: () => void;
  /** Written in the downloaded file, so it says whose codes they are. */
  username?: string;
}

/**
 * The 10 recovery codes, shown once: copied or downloaded as a .txt; the way on (Continue, Done)
 * opens only once the person ticks that they saved them.
 */
export const RecoveryCodesPanel = ({
  codes,
  title = TWO_FACTOR_TEXTS.recoveryCodesTitle,
  headingLevel = 2,
  doneLabel,
  onDone,
  username,
}: RecoveryCodesPanelProps) => {
  const [saved, setSaved] = useState(false);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const Heading = `h${headingLevel}` as const;
  // The form that led here is gone: the focus moves to what replaced it.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <div className="bo-two-factor__codes">
      <Heading ref={heading} tabIndex={-1} className="bo-two-factor__heading">
        {title}
      </Heading>
      <p className="bo-two-factor__warning">{TWO_FACTOR_TEXTS.recoveryCodesWarning}</p>
      <ul className="bo-two-factor__code-list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="bo-two-factor__actions">
        <CopyButton value={codes.join('\n')} label={TWO_FACTOR_TEXTS.copyAll} />
        <Button
          variant="secondary"
          onClick={() =>
            saveBlob(
              new Blob([recoveryCodesText(codes, username)], { type: 'text/plain;charset=utf-8' }),
              RECOVERY_CODES_FILE_NAME,
            )
          }
        >
          {TWO_FACTOR_TEXTS.download}
        </Button>
      </div>
      <Checkbox
        label={TWO_FACTOR_TEXTS.savedCodes}
        checked={saved}
        onChange={(event) => setSaved(event.target.checked)}
      />
      <div className="bo-two-factor__actions">
        <Button disabled={!saved} onClick={onDone}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
};
