import {
  useDownloadBalanceReportMutation,
  useDownloadBalanceStatementMutation,
  useDownloadInvoiceReportMutation,
  useDownloadPoolBalanceReportMutation,
  useDownloadProviderReportMutation,
  useGetCurrenciesQuery,
  useGetProvidersQuery,
  useGetTerminalPoolsQuery,
  useGetTerminalsQuery,
} from '@paygate/api';
import { Form, Formik } from 'formik';
import { ALL_TERMINALS_LABEL } from '../workspace/terminal-selector.tsx';
import { IdSelectField, PeriodFields, ReportCardFrame, ReportSubmit } from './report-fields.tsx';
import {
  type BalanceValues,
  balanceReportSchema,
  EMPTY_PERIOD,
  merchantChoice,
  type PeriodValues,
  type PoolBalanceValues,
  type ProviderValues,
  poolBalanceReportSchema,
  providerReportSchema,
  reportPeriod,
  transactionsReportSchema,
} from './report-form.ts';
import { useReportDownload } from './use-report-download.ts';

/** What every card needs from the screen: the merchant scope and the header's terminal. */
export interface ReportCardProps {
  /** The chosen merchant of a merchant.rw.all user; undefined for everyone else. */
  merchantId: number | undefined;
  /** False while the merchant of a merchant.rw.all user is not known yet. */
  ready: boolean;
  /** The header selector's terminal; undefined for ALL TERMINALS. */
  terminalId: number | undefined;
}

/** The header's terminal, named, for the cards that report on it. */
const TerminalNote = ({ merchantId, ready, terminalId }: ReportCardProps) => {
  const { data: terminals } = useGetTerminalsQuery(
    { merchantId },
    { skip: !ready || terminalId === undefined },
  );
  const terminal = terminals?.find((candidate) => candidate.id === terminalId);
  const name =
    terminalId === undefined
      ? ALL_TERMINALS_LABEL
      : terminal
        ? `${terminal.name} (${terminal.id})`
        : `Terminal ${terminalId}`;
  return (
    <p className="bo-report-card__terminal">
      Terminal: <strong>{name}</strong>{' '}
      <span className="bo-report-card__hint">(choose it in the header)</span>
    </p>
  );
};

const currencyOption = (currency: { id: number; code: string; name: string }) => ({
  value: currency.id,
  label: currency.code.trim(),
});

const namedOption = (item: { id: number; name: string }) => ({ value: item.id, label: item.name });

/** Transactions (report.read.invoice): invoices created in the period, of the header's terminal. */
export const TransactionsReportCard = (props: ReportCardProps) => {
  const { merchantId, ready, terminalId } = props;
  const [download, { isLoading }] = useDownloadInvoiceReportMutation();
  const save = useReportDownload();
  return (
    <ReportCardFrame title="Transactions" about="Invoices created in the period, as CSV.">
      <Formik<PeriodValues>
        initialValues={EMPTY_PERIOD}
        validationSchema={transactionsReportSchema}
        onSubmit={(values) =>
          save(() =>
            download({
              ...reportPeriod(values),
              terminalId,
              ...merchantChoice(merchantId),
            }).unwrap(),
          )
        }
      >
        <Form noValidate className="bo-report-card__form">
          <PeriodFields />
          <TerminalNote {...props} />
          <ReportSubmit downloading={isLoading} ready={ready} />
        </Form>
      </Formik>
    </ReportCardFrame>
  );
};

/** Provider (report.read.provider): one provider's invoices in one currency. */
export const ProviderReportCard = ({ merchantId, ready }: ReportCardProps) => {
  const [download, { isLoading }] = useDownloadProviderReportMutation();
  const currencies = useGetCurrenciesQuery();
  const providers = useGetProvidersQuery();
  const save = useReportDownload();
  return (
    <ReportCardFrame
      title="Provider"
      about="Invoices served by one provider, per day, method, flow and status, as CSV."
    >
      <Formik<ProviderValues>
        initialValues={{ ...EMPTY_PERIOD, currencyId: '', providerId: '' }}
        validationSchema={providerReportSchema}
        onSubmit={(values) =>
          save(() =>
            download({
              ...reportPeriod(values),
              currencyId: Number(values.currencyId),
              providerId: Number(values.providerId),
              ...merchantChoice(merchantId),
            }).unwrap(),
          )
        }
      >
        <Form noValidate className="bo-report-card__form">
          <PeriodFields />
          <IdSelectField
            name="currencyId"
            label="Currency"
            what="currencies"
            query={currencies}
            optionOf={currencyOption}
          />
          <IdSelectField
            name="providerId"
            label="Provider"
            what="providers"
            query={providers}
            optionOf={namedOption}
          />
          <ReportSubmit downloading={isLoading} ready={ready} />
        </Form>
      </Formik>
    </ReportCardFrame>
  );
};

/** Terminal Pool Balance (report.read.pool.balance): per terminal of one pool. */
export const PoolBalanceReportCard = ({ merchantId, ready }: ReportCardProps) => {
  const [download, { isLoading }] = useDownloadPoolBalanceReportMutation();
  const pools = useGetTerminalPoolsQuery();
  const save = useReportDownload();
  return (
    <ReportCardFrame
      title="Terminal Pool Balance"
      about="Balance of every terminal of a pool over the period, as CSV."
    >
      <Formik<PoolBalanceValues>
        initialValues={{ ...EMPTY_PERIOD, terminalPoolId: '' }}
        validationSchema={poolBalanceReportSchema}
        onSubmit={(values) =>
          save(() =>
            download({
              ...reportPeriod(values),
              terminalPoolId: Number(values.terminalPoolId),
              ...merchantChoice(merchantId),
            }).unwrap(),
          )
        }
      >
        <Form noValidate className="bo-report-card__form">
          <PeriodFields />
          <IdSelectField
            name="terminalPoolId"
            label="Terminal pool"
            what="terminal pools"
            query={pools}
            optionOf={namedOption}
          />
          <ReportSubmit downloading={isLoading} ready={ready} />
        </Form>
      </Formik>
    </ReportCardFrame>
  );
};

/** The download of a card over one currency and the header's terminal (Balance, the statement). */
type CurrencyReportDownload =
  | typeof useDownloadBalanceReportMutation
  | typeof useDownloadBalanceStatementMutation;

/**
 * A card over a period, one currency and the header's terminal: the Balance report and the
 * balance statement behind it ask the same, so they share their fields, checks and arguments.
 */
const CurrencyReportCard = ({
  title,
  about,
  useDownload,
  ...props
}: ReportCardProps & { title: string; about: string; useDownload: CurrencyReportDownload }) => {
  const { merchantId, ready, terminalId } = props;
  const [download, { isLoading }] = useDownload();
  const currencies = useGetCurrenciesQuery();
  const save = useReportDownload();
  return (
    <ReportCardFrame title={title} about={about}>
      <Formik<BalanceValues>
        initialValues={{ ...EMPTY_PERIOD, currencyId: '' }}
        validationSchema={balanceReportSchema}
        onSubmit={(values) =>
          save(() =>
            download({
              ...reportPeriod(values),
              currencyId: Number(values.currencyId),
              terminalId,
              ...merchantChoice(merchantId),
            }).unwrap(),
          )
        }
      >
        <Form noValidate className="bo-report-card__form">
          <PeriodFields />
          <IdSelectField
            name="currencyId"
            label="Currency"
            what="currencies"
            query={currencies}
            optionOf={currencyOption}
          />
          <TerminalNote {...props} />
          <ReportSubmit downloading={isLoading} ready={ready} />
        </Form>
      </Formik>
    </ReportCardFrame>
  );
};

/** Balance (report.read.balance): per day in one currency, of the header's terminal. */
export const BalanceReportCard = (props: ReportCardProps) => (
  <CurrencyReportCard
    {...props}
    title="Balance"
    about="Deposits, withdrawals, fees and settlements per day in one currency, as CSV."
    useDownload={useDownloadBalanceReportMutation}
  />
);

/**
 * Balance statement (report.read.balance, decision 0029): every balance change behind Balance's
 * daily figures, with the same fields and arguments.
 */
export const BalanceStatementReportCard = (props: ReportCardProps) => (
  <CurrencyReportCard
    {...props}
    title="Balance statement"
    about="Every change of the balance in one currency, with its cause and the balance after it, as CSV."
    useDownload={useDownloadBalanceStatementMutation}
  />
);
