import type { TwoFactorEnrolment } from '@paygate/api';
import { CopyButton } from '@paygate/ui';
import type { ReactNode } from 'react';
import { TWO_FACTOR_TEXTS } from './two-factor-texts.ts';
import './two-factor.css';

/**
 * The server's QR code as an image URL. The SVG is only ever an <img> source: a document loaded
 * as an image runs no script and reaches nothing of the page, unlike SVG put into the page.
 */
export const qrCodeImageUrl = (svg: string): string =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** A base32 secret in groups of 4 characters, as authenticator apps show it to type in. */
export const groupedSecret = (secret: string): string =>
  (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');

export interface EnrolmentPanelProps {
  enrolment: TwoFactorEnrolment;
  /** The second step's form: the code that confirms the app is set up. */
  children: ReactNode;
}

/**
 * Setting up an authenticator app: 1. scan the QR code (or type the key, for an app that cannot
 * scan), 2. enter the code the app then shows. Shared by the sign-in enrolment and Settings →
 * Security.
 */
export const EnrolmentPanel = ({ enrolment, children }: EnrolmentPanelProps) => (
  <ol className="bo-two-factor__steps">
    <li>
      <p>{TWO_FACTOR_TEXTS.scanStep}</p>
      <img
        className="bo-two-factor__qr"
        src={qrCodeImageUrl(enrolment.qrSvg)}
        alt={TWO_FACTOR_TEXTS.qrAlt}
        width={184}
        height={184}
      />
      <p className="bo-two-factor__hint">{TWO_FACTOR_TEXTS.typeKeyHint}</p>
      <div className="bo-two-factor__secret">
        <code>{groupedSecret(enrolment.secret)}</code>
        <CopyButton value={enrolment.secret} what="setup key" />
      </div>
    </li>
    <li>
      <p>{TWO_FACTOR_TEXTS.codeStep}</p>
      {children}
    </li>
  </ol>
);
