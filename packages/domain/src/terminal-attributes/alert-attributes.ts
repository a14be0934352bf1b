/**
 * A terminal's success-rate alert settings (issue 25 item 3, decision 0023) are terminal
 * attributes of parameter type I. Each has a default and a range: a value outside it is refused
 * on save with a clear message (the server and the back office check the same way), and one that
 * got in before is read as the default.
 */

export interface TerminalAlertSettings {
  /** The alert opens when fewer than this percent of the window's attempts succeeded. */
  thresholdPercent: number;
  /** The window: payments that ended (DONE or DECLINED) in the last this many minutes. */
  windowMinutes: number;
  /** Fewer attempts than this in the window say nothing either way. */
  minAttempts: number;
}

/** The attribute code (reference list 105) of each setting. */
export const TERMINAL_ALERT_ATTRIBUTES = {
  thresholdPercent: 'ALERT_SUCCESS_RATE_MIN',
  windowMinutes: 'ALERT_WINDOW_MINUTES',
  minAttempts: 'ALERT_MIN_ATTEMPTS',
} as const satisfies Record<keyof TerminalAlertSettings, string>;

export const TERMINAL_ALERT_DEFAULTS: TerminalAlertSettings = {
  thresholdPercent: 50,
  windowMinutes: 60,
  minAttempts: 10,
};

/** Allowed values of each setting, both ends included. */
export const TERMINAL_ALERT_RANGES: Record<keyof TerminalAlertSettings, readonly [number, number]> =
  {
    thresholdPercent: [0, 100],
    windowMinutes: [1, 24 * 60],
    minAttempts: [1, 100_000],
  };

const SETTING_OF_CODE = new Map(
  (Object.keys(TERMINAL_ALERT_ATTRIBUTES) as Array<keyof TerminalAlertSettings>).map((setting) => [
    TERMINAL_ALERT_ATTRIBUTES[setting] as string,
    setting,
  ]),
);

/** The setting's value in a text, or null when it is no whole number within the range. */
const settingValueOf = (setting: keyof TerminalAlertSettings, text: string): number | null => {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  const [low, high] = TERMINAL_ALERT_RANGES[setting];
  return value >= low && value <= high ? value : null;
};

/**
 * The message for an alert attribute's value outside its range, or null when it is within it
 * (or the attribute is no alert setting). Its parameter type is checked before this.
 */
export const alertAttributeValueError = (
  code: string | null | undefined,
  text: string,
): string | null => {
  const setting = code ? SETTING_OF_CODE.get(code) : undefined;
  if (!setting || settingValueOf(setting, text) !== null) return null;
  const [low, high] = TERMINAL_ALERT_RANGES[setting];
  return `Value must be a whole number from ${low} to ${high}`;
};

/** The settings of a terminal's attributes (code → value); each absent or invalid one defaults. */
export const terminalAlertSettingsOf = (
  attributes: ReadonlyMap<string, string>,
): TerminalAlertSettings => {
  const settings = { ...TERMINAL_ALERT_DEFAULTS };
  for (const setting of Object.keys(TERMINAL_ALERT_ATTRIBUTES) as Array<
    keyof TerminalAlertSettings
  >) {
    const text = attributes.get(TERMINAL_ALERT_ATTRIBUTES[setting]);
    const value = text === undefined ? null : settingValueOf(setting, text);
    if (value !== null) settings[setting] = value;
  }
  return settings;
};
