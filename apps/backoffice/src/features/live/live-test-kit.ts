/** A stand-in for the browser's EventSource in the live tests: the test plays the server. */
import { vi } from 'vitest';
import type { EventSourceLike } from './live-event-client.ts';
import type { InvoiceLiveEvent } from './live-events.ts';

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

  /** `event: ready` after connecting. */
  ready(resumed = false) {
    this.emit('ready', { resumed });
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
