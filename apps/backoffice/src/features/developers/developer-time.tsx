import { formatDateTimeShort } from '@paygate/domain';

/** A moment as the back office shows them (dd/MM/yyyy HH:mm:ss, UTC), machine-readable too. */
export const DeveloperTime = ({ value }: { value: string }) => (
  <time dateTime={value}>{formatDateTimeShort(value)}</time>
);
