import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EnrolmentPanel, groupedSecret, qrCodeImageUrl } from './enrolment-panel.tsx';
import { ENROLMENT, GROUPED_SECRET, QR_SVG } from './two-factor-test-kit.ts';

describe('EnrolmentPanel', () => {
  it('shows the QR code as an image of a data URL, never as markup of the page', () => {
    const { container } = render(
      <EnrolmentPanel enrolment={ENROLMENT}>
        <p>the code form</p>
      </EnrolmentPanel>,
    );
    const qr = screen.getByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.tagName).toBe('IMG');
    expect(qr).toHaveAttribute('src', qrCodeImageUrl(QR_SVG));
    expect(container.querySelector('svg')).toBeNull();
    expect(screen.getByText(GROUPED_SECRET)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy setup key' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('listitem').map((step) => step.querySelector('p')?.textContent),
    ).toEqual([
      'Scan the QR code with your authenticator app.',
      'Enter the 6-digit code the app shows.',
    ]);
    expect(screen.getByText('the code form')).toBeInTheDocument();
  });

  it('makes a data URL that holds the SVG, escaped', () => {
    const url = qrCodeImageUrl('<svg a="1#2"/>');
    expect(url).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%20a%3D%221%232%22%2F%3E');
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toBe('<svg a="1#2"/>');
  });

  it('groups the secret by 4 characters', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXPJB')).toBe('JBSW Y3DP EHPK 3PXP JB');
    expect(groupedSecret('')).toBe('');
  });
});
