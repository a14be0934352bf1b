import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from './base-api.ts';
import { fileNameFromContentDisposition, saveBlob } from './download.ts';
import { DOWNLOAD_TIMEOUT_MS, reportApi } from './report-endpoints.ts';
import { makeStore, stubFetch } from './testing/api-test-store.ts';

const csv = (body: string, contentDisposition?: string) =>
  new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      ...(contentDisposition ? { 'content-disposition': contentDisposition } : {}),
    },
  });

/** Captures what saveBlob hands the browser: the Blob, and the anchor clicked to save it. */
const captureDownloads = () => {
  const blobs: Blob[] = [];
  const clicked: Array<{ download: string; href: string; attached: boolean }> = [];
  const createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:http://localhost/${blobs.length}`;
  });
  const revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ download: this.download, href: this.href, attached: this.isConnected });
  });
  return { blobs, clicked, revokeObjectURL };
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CSV downloads', () => {
  it('saves the report as a Blob under the Content-Disposition file name', async () => {
    const { requests } = stubFetch({
      'GET /api/v1/report/balance': () =>
        csv(
          'Date,Deposits\r\n2026-03-01,100.00\r\n',
          'attachment; filename="Balance_2026-03-01_2026-03-31.csv"',
        ),
    });
    const { blobs, clicked, revokeObjectURL } = captureDownloads();
    const { store } = makeStore();

    const result = await store.dispatch(
      reportApi.endpoints.downloadBalanceReport.initiate({
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
        currencyId: 2,
        terminalId: '',
      }),
    );

    expect(result).toMatchObject({
      data: { fileName: 'Balance_2026-03-01_2026-03-31.csv', size: blobs[0]?.size },
    });
    expect(blobs).toHaveLength(1);
    expect(blobs[0]?.constructor.name).toBe('Blob');
    expect(await blobs[0]?.text()).toBe('Date,Deposits\r\n2026-03-01,100.00\r\n');
    expect(clicked).toEqual([
      {
        download: 'Balance_2026-03-01_2026-03-31.csv',
        href: 'blob:http://localhost/1',
        attached: true,
      },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/1');

    const url = new URL(requests()[0]?.url ?? '');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      currencyId: '2',
    });
  });

  it('saves the balance statement under its Content-Disposition name, with the terminal', async () => {
    const { requests } = stubFetch({
      'GET /api/v1/report/statement': () =>
        csv(
          'Date,Cause,Balance after\r\n2026-03-01,Deposit,100.00\r\n',
          'attachment; filename="Statement_2026-03-01_2026-03-31.csv"',
        ),
    });
    const { clicked } = captureDownloads();
    const { store } = makeStore();

    const result = await store.dispatch(
      reportApi.endpoints.downloadBalanceStatement.initiate({
        periodStart: '2026-03-01',
        periodEnd: '2026-03-31',
        currencyId: 2,
        terminalId: 11,
        merchantId: 5,
      }),
    );

    expect(result).toMatchObject({ data: { fileName: 'Statement_2026-03-01_2026-03-31.csv' } });
    expect(clicked[0]?.download).toBe('Statement_2026-03-01_2026-03-31.csv');
    expect(requests()).toHaveLength(1);
    const url = new URL(requests()[0]?.url ?? '');
    expect(url.pathname).toBe('/api/v1/report/statement');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      currencyId: '2',
      terminalId: '11',
      merchantId: '5',
    });
  });

  it('names the balance statement Statement_<period>.csv when the answer names no file', async () => {
    const { requests } = stubFetch({ 'GET /api/v1/report/statement': () => csv('x\r\n') });
    const { clicked } = captureDownloads();
    const { store } = makeStore();

    const result = await store.dispatch(
      reportApi.endpoints.downloadBalanceStatement.initiate({
        periodStart: '2026-03-01',
        periodEnd: '2026-03-02',
        currencyId: 1,
        // ALL TERMINALS, as the header's selector holds it: not sent.
        terminalId: '',
      }),
    );

    expect(result).toMatchObject({ data: { fileName: 'Statement_2026-03-01_2026-03-02.csv' } });
    expect(clicked[0]?.download).toBe('Statement_2026-03-01_2026-03-02.csv');
    const url = new URL(requests()[0]?.url ?? '');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      periodStart: '2026-03-01',
      periodEnd: '2026-03-02',
      currencyId: '1',
    });
  });

  it('names the invoice list export Invoices.csv when the answer names no file', async () => {
    const { requests } = stubFetch({ 'GET /api/v1/invoice/csv': () => csv('Invoice ID\r\n') });
    const { clicked } = captureDownloads();
    const { store } = makeStore();

    const result = await store.dispatch(
      reportApi.endpoints.downloadInvoicesCsv.initiate({
        statusIds: [1, 4],
        search: '',
        page: 2,
        size: 10,
      }),
    );

    expect(result).toMatchObject({ data: { fileName: 'Invoices.csv' } });
    expect(clicked[0]?.download).toBe('Invoices.csv');
    const url = new URL(requests()[0]?.url ?? '');
    expect(url.search).toBe('?statusIds=1&statusIds=4');
  });

  it('waits for a long file past the 60 s a call gets, up to DOWNLOAD_TIMEOUT_MS', async () => {
    const slowly = (ms: number) =>
      vi.fn(
        (request: Request) =>
          new Promise<Response>((resolve, reject) => {
            setTimeout(() => resolve(csv('Invoice ID\r\n')), ms);
            request.signal.addEventListener('abort', () => reject(request.signal.reason));
          }),
      );
    captureDownloads();
    const { store } = makeStore();
    vi.stubGlobal('fetch', slowly(REQUEST_TIMEOUT_MS + 5_000));
    const long = store.dispatch(reportApi.endpoints.downloadInvoicesCsv.initiate(undefined));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 5_000);
    expect(await long).toMatchObject({ data: { fileName: 'Invoices.csv' } });

    vi.stubGlobal('fetch', slowly(DOWNLOAD_TIMEOUT_MS + 5_000));
    const stalled = store.dispatch(reportApi.endpoints.downloadInvoicesCsv.initiate(undefined));
    await vi.advanceTimersByTimeAsync(DOWNLOAD_TIMEOUT_MS);
    expect(await stalled).toMatchObject({ error: { status: 'TIMEOUT_ERROR' } });
  });

  it('falls back to the SPEC prefix plus the period for reports', async () => {
    stubFetch({ 'GET /api/v1/report/pool/balance': () => csv('x\r\n') });
    const { clicked } = captureDownloads();
    const { store } = makeStore();

    await store.dispatch(
      reportApi.endpoints.downloadPoolBalanceReport.initiate({
        periodStart: '2026-03-01',
        periodEnd: '2026-03-02',
        terminalPoolId: 1,
      }),
    );

    expect(clicked[0]?.download).toBe('Terminal_Pool_Balance_2026-03-01_2026-03-02.csv');
  });

  it('keeps an error answer readable and saves nothing', async () => {
    stubFetch({
      'GET /api/v1/report/provider': () => ({
        status: 400,
        body: { detail: 'periodStart cannot be after periodEnd' },
      }),
    });
    const { blobs } = captureDownloads();
    const { store } = makeStore();

    const result = await store.dispatch(
      reportApi.endpoints.downloadProviderReport.initiate({
        periodStart: '2026-03-05',
        periodEnd: '2026-03-01',
        currencyId: 1,
        providerId: 1,
      }),
    );

    expect(result).toMatchObject({
      error: { status: 400, data: { detail: 'periodStart cannot be after periodEnd' } },
    });
    expect(blobs).toHaveLength(0);
  });
});

describe('fileNameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="Invoices.csv"', 'Invoices.csv'],
    [
      'attachment; filename=Provider_2026-03-01_2026-03-31.csv',
      'Provider_2026-03-01_2026-03-31.csv',
    ],
    [
      `attachment; filename="a.csv"; filename*=UTF-8''%D0%9E%D1%82%D1%87%D1%91%D1%82.csv`,
      'Отчёт.csv',
    ],
    ['attachment', undefined],
    [null, undefined],
  ])('%s → %s', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });
});

describe('saveBlob', () => {
  it('clicks a temporary download anchor with an object URL of the blob', () => {
    const { blobs, clicked } = captureDownloads();
    const blob = new Blob(['a,b'], { type: 'text/csv' });

    saveBlob(blob, 'Transactions_2026-03-01_2026-03-31.csv');

    expect(blobs).toEqual([blob]);
    expect(clicked[0]?.download).toBe('Transactions_2026-03-01_2026-03-31.csv');
    expect(document.body.querySelector('a')).toBeNull();
  });
});
