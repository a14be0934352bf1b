/** A stand-in for the browser's EventSource in the live tests: the test plays the server. */
import { vi } from 'vitest';
import type { EventSourceLike } from './live-event-client.ts';
import type { AlertLiveEvent, InvoiceLiveEvent } from './live-events.ts';

export class FakeEventSource implements EventSourceLike {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  /** Every source opened since the last `reset()`, oldest first. */
  static instances: FakeEventSource[] = [];

  static reset() {
    FakeEventSource.instances = [];
  }

  /** The newest source. */
  static get latest(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('no EventSource was opened');
    return source;
  }

  readyState = FakeEventSource.CONNECTING;
  onerror: ((event: Event) => void) | null = null;
  readonly url: string;
  private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();
  /** The browser's "last event ID buffer": kept across events without an id, as browsers do. */
  private lastEventIdBuffer = '';

  constructor(url: string | URL) {
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  /** The names the client listens to. */
  get listenedNames(): string[] {
    return [...this.listeners.keys()];
  }

  /** The server sends an event (`id` as the `id:` field; JSON data). */
  emit(name: string, data: unknown, id?: string) {
    this.emitText(name, JSON.stringify(data), id);
  }

  /** The server sends an event whose data is `text` as it is. */
  emitText(name: string, text: string, id?: string) {
    if (this.readyState === FakeEventSource.CLOSED) return;
    this.readyState = FakeEventSource.OPEN;
    if (id !== undefined) this.lastEventIdBuffer = id;
    const event = new MessageEvent(name, { data: text, lastEventId: this.lastEventIdBuffer });
    for (const listener of this.listeners.get(name) ?? []) listener(event);
  }

  /** `event: ready` after connecting; `id`: the stream's position, as the server sends it. */
  ready(resumed = false, id?: string) {
    this.emit('ready', { resumed }, id);
  }

  /** `event: position`: a quiet stream's position, every 20 s. */
  position(id: string) {
    this.emit('position', {}, id);
  }

  /**
   * The stream fails: `reconnecting` as a browser does after a dropped connection (it retries by
   * itself), else as after an HTTP error (it gives up: CLOSED).
   */
  fail({ reconnecting = false }: { reconnecting?: boolean } = {}) {
    this.readyState = reconnecting ? FakeEventSource.CONNECTING : FakeEventSource.CLOSED;
    this.onerror?.(new Event('error'));
  }
}

/** Makes `new EventSource(...)` a FakeEventSource for this test (undone by vi.unstubAllGlobals). */
export const installFakeEventSource = () => {
  FakeEventSource.reset();
  vi.stubGlobal('EventSource', FakeEventSource);
};

/** The data of an invoice event as the server sends it. */
export const invoiceEvent = (overrides: Partial<InvoiceLiveEvent> = {}): InvoiceLiveEvent => ({
  invoiceId: '0b7c2f3e-8d4a-4c1e-9f00-3a6b5d7e8f90',
  merchantInvoiceId: 'ORD-1',
  flowType: 'DEPOSIT',
  status: 'NEW',
  amount: 150_050,
  fee: 0,
  currency: 'UZS',
  terminalId: 7,
  isTest: false,
  createdAt: '2026-03-05T15:00:00.000Z',
  statusDate: '2026-03-05T15:00:00.000Z',
  merchantId: 3,
  change: ['invoice.created'],
  at: '2026-03-05T15:00:00.000Z',
  ...overrides,
});

/** The data of an alert event as the server sends it (a terminal's success rate dropped). */
export const alertEvent = (overrides: Partial<AlertLiveEvent> = {}): AlertLiveEvent => ({
  alertId: 12,
  kind: 'terminal_success_rate',
  notificationId: 40,
  title: 'Success rate dropped',
  body: 'Terminal "Main UZS" completed 40% of its 20 payments in the last 60 minutes (alert below 50%).',
  link: '/terminals',
  severity: 'warning',
  merchantId: 3,
  terminalId: 7,
  at: '2026-03-05T15:00:00.000Z',
  ...overrides,
});
