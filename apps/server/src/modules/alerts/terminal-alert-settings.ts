/**
 * A terminal's success-rate alert settings (issue 25 item 3, decision 0023): terminal attributes
 * (reference items of header 105), each falling back to its default when absent or out of range.
 */
export const TERMINAL_ALERT_ATTRIBUTES = {
  thresholdPercent: 'ALERT_SUCCESS_RATE_MIN',
  windowMinutes: 'ALERT_WINDOW_MINUTES',
  minAttempts: 'ALERT_MIN_ATTEMPTS',
} as const;

export interface TerminalAlertSettings {
  /** The alert opens when fewer than this percent of the window's attempts succeeded. */
  thresholdPercent: number;
  /** The window: payments that ended (DONE or DECLINED) in the last this many minutes. */
  windowMinutes: number;
  /** Fewer attempts than this in the window say nothing either way. */
  minAttempts: number;
}

export const TERMINAL_ALERT_DEFAULTS: TerminalAlertSettings = {
  thresholdPercent: 50,
  windowMinutes: 60,
  minAttempts: 10,
};

/** Allowed ranges; a value outside (or not an integer) means the default. */
const RANGES: Record<keyof TerminalAlertSettings, [number, number]> = {
  thresholdPercent: [0, 100],
  windowMinutes: [1, 24 * 60],
  minAttempts: [1, 100_000],
};

export const terminalAlertSettingsOf = (
  attributes: ReadonlyMap<string, string>,
): TerminalAlertSettings => {
  const settings = { ...TERMINAL_ALERT_DEFAULTS };
  for (const key of Object.keys(TERMINAL_ALERT_ATTRIBUTES) as Array<keyof TerminalAlertSettings>) {
    const text = attributes.get(TERMINAL_ALERT_ATTRIBUTES[key])?.trim();
    if (!text || !/^\d{1,6}$/.test(text)) continue;
    const value = Number(text);
    const [low, high] = RANGES[key];
    if (value >= low && value <= high) settings[key] = value;
  }
  return settings;
};

/** Whether the window's figures call for an open alert. */
export const successRateTooLow = (
  settings: TerminalAlertSettings,
  { done, attempts }: { done: number; attempts: number },
): boolean => attempts >= settings.minAttempts && done * 100 < settings.thresholdPercent * attempts;
