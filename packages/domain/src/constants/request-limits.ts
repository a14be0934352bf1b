/**
 * Limits of what a request may carry. The server's JSON schemas enforce them (400 beyond); the
 * apps import the same numbers so they never send what the server would refuse.
 */

/**
 * Record ids are PostgreSQL integer columns: 1 to 2^31 - 1. A larger id in a request would be a
 * database error (500), not a 404, so the server's schemas refuse it first.
 */
export const RECORD_ID_MAX = 2_147_483_647;

/** Longest free-text search of the invoice list and its CSV export (GET /api/v1/invoice). */
export const INVOICE_SEARCH_MAX_LENGTH = 200;
