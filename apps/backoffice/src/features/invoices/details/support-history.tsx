import {
  type SupportTicket,
  useApproveTicketMutation,
  useGetSupportTicketsQuery,
  useRejectTicketMutation,
} from '@paygate/api';
import { canDecideTicket, formatDateTimeShort } from '@paygate/domain';
import { Button, Collapsible, TicketStatusBadge, useToast } from '@paygate/ui';
import { useCurrentPerson } from '../../session/current-person.tsx';
import { DETAILS_MESSAGES } from './details-messages.ts';
import { orDash } from './invoice-view.ts';
import { type Column, SectionBody } from './section-body.tsx';

/**
 * Approve and Reject of one ticket (SPEC §4, §6: ticket.decision, ticket not REJECTED or
 * SOLVED). The tickets are refetched after a decision, also a failed one (someone else may have
 * decided first).
 */
const TicketDecision = ({ ticket }: { ticket: SupportTicket }) => {
  const toast = useToast();
  const [approve, approving] = useApproveTicketMutation();
  const [reject, rejecting] = useRejectTicketMutation();
  const running = approving.isLoading || rejecting.isLoading;
  const decide = async (decision: 'approve' | 'reject') => {
    if (running) return;
    const args = { ticketId: ticket.id, invoiceId: ticket.invoiceId };
    try {
      if (decision === 'approve') {
        await approve(args).unwrap();
        toast.success(DETAILS_MESSAGES.ticketApproved);
      } else {
        await reject(args).unwrap();
        toast.success(DETAILS_MESSAGES.ticketRejected);
      }
    } catch {
      toast.error(DETAILS_MESSAGES.ticketDecisionFailed);
    }
  };
  return (
    <div className="bo-row-actions">
      <Button
        variant="secondary"
        busy={approving.isLoading}
        disabled={rejecting.isLoading}
        aria-label={`Approve ticket ${ticket.id}`}
        onClick={() => void decide('approve')}
      >
        Approve
      </Button>
      <Button
        variant="danger"
        busy={rejecting.isLoading}
        disabled={approving.isLoading}
        aria-label={`Reject ticket ${ticket.id}`}
        onClick={() => void decide('reject')}
      >
        Reject
      </Button>
    </div>
  );
};

const TICKET_COLUMNS: readonly Column<SupportTicket>[] = [
  { header: 'ID', cell: (ticket) => ticket.id },
  { header: 'Description', cell: (ticket) => ticket.description },
  { header: 'Created', cell: (ticket) => orDash(formatDateTimeShort(ticket.createDate)) },
  {
    header: 'Status',
    cell: (ticket) => <TicketStatusBadge code={ticket.status.code} label={ticket.status.value} />,
  },
];

/** SPEC §2 Support History: the invoice's tickets, with approve and reject where allowed. */
export const SupportHistorySection = ({ invoiceId }: { invoiceId: string }) => {
  const person = useCurrentPerson();
  const query = useGetSupportTicketsQuery({ invoiceId });
  const decidable = (query.data ?? []).some((ticket) =>
    canDecideTicket(person, ticket.status.code),
  );
  const columns: readonly Column<SupportTicket>[] = decidable
    ? [
        ...TICKET_COLUMNS,
        {
          header: 'Actions',
          cell: (ticket) =>
            canDecideTicket(person, ticket.status.code) ? <TicketDecision ticket={ticket} /> : null,
        },
      ]
    : TICKET_COLUMNS;
  return (
    <Collapsible title="Support History" count={query.data?.length} headingLevel={2}>
      <SectionBody
        label="support tickets"
        query={query}
        emptyText="No support tickets"
        columns={columns}
        rowKey={(ticket) => ticket.id}
      />
    </Collapsible>
  );
};
