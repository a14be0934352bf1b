import type { TerminalAlertSettings } from '@paygate/domain';

/**
 * Whether a terminal's figures call for an open success-rate alert (issue 25 item 3, decision
 * 0023). The settings' codes, defaults and ranges are the domain's (alert-attributes.ts), so the
 * terminal save refuses what this evaluation would not use.
 */
export const successRateTooLow = (
  settings: TerminalAlertSettings,
  { done, attempts }: { done: number; attempts: number },
): boolean => attempts >= settings.minAttempts && done * 100 < settings.thresholdPercent * attempts;
