/**
 * The cancellation form's rules (§ 312k BGB; README "Going live in Germany" has the endpoint's contract): what
 * a request must hold before it is sent, and what a response means. Pure, so the unit tests and the browser
 * read them alike.
 */

/** What the form sends (JSON; without JavaScript the same names as form fields). */
export interface CancellationRequest {
  /** Made once per form and kept for every retry, so the endpoint can count a repeated request once. */
  requestId: string;
  name: string;
  /** The e-mail address of the account: identifies the contract, and the confirmation goes there. */
  email: string;
  /** Contract or customer number, if the customer knows it. */
  contract: string;
  kind: 'ordinary' | 'extraordinary';
  /** Required for an extraordinary cancellation (the important reason). */
  reason: string;
  /** At the next possible date, or at `date`. */
  effective: 'next' | 'date';
  /** YYYY-MM-DD when `effective` is `date`, else empty. */
  date: string;
  locale: string;
}

/** Fields the form checks before sending, each with the message id of its problem. */
export type CheckedField = 'name' | 'email' | 'reason' | 'date';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The request's problems by field (empty when it can be sent); `today` is the visitor's date, YYYY-MM-DD. */
export function checkCancellation(request: CancellationRequest, today: string): Partial<Record<CheckedField, string>> {
  const problems: Partial<Record<CheckedField, string>> = {};
  if (!request.name.trim()) problems.name = 'error.name';
  if (!EMAIL.test(request.email.trim())) problems.email = 'error.email';
  if (request.kind === 'extraordinary' && !request.reason.trim()) problems.reason = 'error.reason';
  if (request.effective === 'date' && (!DAY.test(request.date) || Number.isNaN(Date.parse(request.date)) || request.date < today))
    problems.date = 'error.date';
  return problems;
}

/** What a response means for the customer. Only a confirmed outcome says the cancellation was received. */
export type CancellationOutcome =
  | { kind: 'confirmed'; receivedAt: string; reference?: string; effectiveDate?: string }
  /** Rejected with problems per field (HTTP 4xx with `errors`): shown beside the fields. */
  | { kind: 'invalid'; status: number; errors: Record<string, string>; message?: string }
  /** Not received: the server failed (5xx), refused without field problems (other 4xx), or answered what no confirmation is. */
  | { kind: 'failed'; reason: 'server' | 'rejected' | 'invalid'; status: number; message?: string };

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * The outcome of an HTTP response (`body` is its parsed JSON, or undefined). A 2xx counts as confirmed only with
 * a `receivedAt` time the confirmation can show: anything less is not presented as success.
 */
export function cancellationOutcome(status: number, body: unknown): CancellationOutcome {
  const object = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const message = text(object.message);
  if (status >= 200 && status < 300) {
    const receivedAt = text(object.receivedAt);
    if (!receivedAt || Number.isNaN(Date.parse(receivedAt))) return { kind: 'failed', reason: 'invalid', status };
    const effectiveDate = text(object.effectiveDate);
    return {
      kind: 'confirmed',
      receivedAt,
      reference: text(object.reference),
      effectiveDate: effectiveDate && DAY.test(effectiveDate) ? effectiveDate : undefined,
    };
  }
  if (status >= 400 && status < 500) {
    const raw =
      object.errors && typeof object.errors === 'object' && !Array.isArray(object.errors) ? (object.errors as Record<string, unknown>) : {};
    const errors = Object.fromEntries(Object.entries(raw).flatMap(([field, value]) => (text(value) ? [[field, text(value)!]] : [])));
    if (Object.keys(errors).length) return { kind: 'invalid', status, errors, message };
    return { kind: 'failed', reason: 'rejected', status, message };
  }
  return { kind: 'failed', reason: 'server', status, message };
}
