import type { AuditLogEntry } from '@paygate/api';
import { formatDateTimeShort } from '@paygate/domain';
import { useId, useState } from 'react';
import {
  AUDIT_TEXTS,
  actorText,
  changeLines,
  detailsJson,
  entityText,
  eventCodeLabel,
  merchantText,
} from './audit-log-display.ts';

const COLUMN_COUNT = 7;

/** What changed: "field: from → to" lines for `{ from, to }` pairs, else the JSON as it is. */
const EntryDetails = ({ details }: { details: AuditLogEntry['details'] }) => {
  if (!details || Object.keys(details).length === 0) return <>{AUDIT_TEXTS.noDetails}</>;
  const lines = changeLines(details);
  if (lines) {
    return (
      <ul className="bo-audit-changes">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    );
  }
  return <pre className="bo-audit-json">{detailsJson(details)}</pre>;
};

const ActorCell = ({ entry }: { entry: AuditLogEntry }) => {
  const text = actorText(entry);
  return (
    <td>
      {entry.actor === null && text === AUDIT_TEXTS.nobody ? (
        <span title={AUDIT_TEXTS.nobodyTitle}>{text}</span>
      ) : (
        text
      )}
    </td>
  );
};

/** A row and, under it, its details (entity and changes) that its button shows and hides. */
const AuditRow = ({ entry }: { entry: AuditLogEntry }) => {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const time = formatDateTimeShort(entry.time);
  return (
    <>
      <tr className="bo-audit-table__row" data-expanded={expanded || undefined}>
        <td className="bo-audit-table__toggle">
          <button
            type="button"
            className="bo-audit-toggle pg-focusable"
            aria-expanded={expanded}
            aria-controls={detailsId}
            aria-label={`Details of entry ${entry.id}`}
            onClick={() => setExpanded((open) => !open)}
          >
            <span aria-hidden="true" className="bo-audit-toggle__icon" />
          </button>
        </td>
        <td>
          <time dateTime={entry.time}>{time}</time>
        </td>
        <td>{eventCodeLabel(entry.eventCode)}</td>
        <td className="bo-audit-table__description">{entry.description}</td>
        <ActorCell entry={entry} />
        <td>{merchantText(entry)}</td>
        <td className="bo-audit-table__ip">{entry.sourceIp ?? AUDIT_TEXTS.noValue}</td>
      </tr>
      <tr id={detailsId} className="bo-audit-table__details" hidden={!expanded}>
        <td colSpan={COLUMN_COUNT}>
          {expanded ? (
            <dl className="bo-audit-details">
              <div>
                <dt>Entity</dt>
                <dd>{entityText(entry)}</dd>
              </div>
              <div>
                <dt>Details</dt>
                <dd>
                  <EntryDetails details={entry.details} />
                </dd>
              </div>
            </dl>
          ) : null}
        </td>
      </tr>
    </>
  );
};

/** Issue 22 item 5: the audit rows, newest first: time (UTC), kind, description, actor, merchant, IP. */
export const AuditLogTable = ({
  entries,
  busy,
}: {
  entries: readonly AuditLogEntry[];
  busy?: boolean;
}) => (
  <div className="bo-audit-table__scroll">
    <table className="bo-audit-table" aria-busy={busy || undefined}>
      <caption className="bo-visually-hidden">{AUDIT_TEXTS.title}</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="bo-visually-hidden">Details</span>
          </th>
          <th scope="col">Time</th>
          <th scope="col">Kind</th>
          <th scope="col">Description</th>
          <th scope="col">Actor</th>
          <th scope="col">Merchant</th>
          <th scope="col">IP</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <AuditRow key={entry.id} entry={entry} />
        ))}
      </tbody>
    </table>
  </div>
);
