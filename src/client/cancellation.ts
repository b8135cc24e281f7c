import { cancellationOutcome, checkCancellation, type CancellationOutcome, type CancellationRequest } from '../shared/cancellation.ts';

/**
 * The cancellation page's form (§ 312k BGB), loaded only on that page: sends the request as JSON, shows
 * problems beside their fields (`aria-describedby`), the server's confirmation with date and time to save or
 * print, and on any failure (server error, timeout, offline) that the cancellation was NOT received, with a
 * button to send it again. Without this script the form posts itself to the same endpoint.
 */

type Texts = Record<string, string>;
const FIELDS_WITH_ERRORS = ['name', 'email', 'contract', 'reason', 'date'] as const;

/** The form's parts, its texts and whether a request is on its way. */
interface CancelForm {
  form: HTMLFormElement;
  t: (id: string, values?: Record<string, string | number>) => string;
  summary: HTMLElement;
  status: HTMLElement;
  submit: HTMLButtonElement;
  outcomeBox: HTMLElement;
  timeoutMs: number;
  sending: boolean;
}

type Outcome = CancellationOutcome | { kind: 'unsent'; reason: 'timeout' | 'offline' | 'network' };

export function setupCancellation(form: HTMLFormElement): void {
  if (form.dataset.enhanced) return;
  form.dataset.enhanced = 'true';
  // Our messages beside the fields instead of the browser's bubbles, which vanish and name no field for screen readers.
  form.noValidate = true;
  const host = form.closest<HTMLElement>('[data-cancel]')!;
  const texts = JSON.parse(host.querySelector('[data-cancel-messages]')?.textContent ?? '{}') as Texts;
  const ui: CancelForm = {
    form,
    t: (id, values = {}) => (texts[id] ?? id).replace(/\{(\w+)\}/g, (all, key: string) => (key in values ? String(values[key]) : all)),
    summary: form.querySelector<HTMLElement>('[data-cancel-summary]')!,
    status: form.querySelector<HTMLElement>('[data-cancel-status]')!,
    submit: form.querySelector<HTMLButtonElement>('[data-cancel-submit]')!,
    outcomeBox: host.querySelector<HTMLElement>('[data-cancel-outcome]')!,
    timeoutMs: Number(form.dataset.timeout) || 15000,
    sending: false,
  };
  const requestId = form.querySelector<HTMLInputElement>('input[name="requestId"]')!;
  // One id for this form and all its retries: the endpoint counts a request it has seen once.
  requestId.value ||=
    typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void send(ui);
  });
}

function read(form: HTMLFormElement): CancellationRequest {
  const data = new FormData(form);
  const value = (name: string) => String(data.get(name) ?? '');
  return {
    requestId: value('requestId'),
    name: value('name').trim(),
    email: value('email').trim(),
    contract: value('contract').trim(),
    kind: value('kind') === 'extraordinary' ? 'extraordinary' : 'ordinary',
    reason: value('reason').trim(),
    effective: value('effective') === 'date' ? 'date' : 'next',
    date: value('effective') === 'date' ? value('date') : '',
    locale: value('locale'),
  };
}

function clearErrors({ form, summary }: CancelForm): void {
  summary.hidden = true;
  summary.replaceChildren();
  for (const name of FIELDS_WITH_ERRORS) showFieldError(form, name, undefined);
}

function showFieldError(form: HTMLFormElement, name: string, message: string | undefined): void {
  const input = form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#cancel-${name}`);
  const error = form.querySelector<HTMLElement>(`#cancel-${name}-error`);
  if (!input || !error) return;
  error.textContent = message ?? '';
  error.hidden = !message;
  const hint = form.querySelector(`#cancel-${name}-hint`) ? `cancel-${name}-hint` : '';
  const describedBy = [message ? error.id : '', hint].filter(Boolean).join(' ');
  if (describedBy) input.setAttribute('aria-describedby', describedBy);
  else input.removeAttribute('aria-describedby');
  if (message) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

/** Problems beside their fields; those of no field (or a server's message) in the box above, which takes the focus. */
function showProblems({ form, summary }: CancelForm, errors: Record<string, string>, lead: string[]): void {
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(errors)) {
    if ((FIELDS_WITH_ERRORS as readonly string[]).includes(field)) showFieldError(form, field, message);
    else unplaced.push(message);
  }
  const paragraphs = [...lead, ...unplaced].map((line) => {
    const p = document.createElement('p');
    p.textContent = line;
    return p;
  });
  summary.replaceChildren(...paragraphs);
  summary.hidden = false;
  const first = FIELDS_WITH_ERRORS.find((name) => name in errors);
  (first ? form.querySelector<HTMLElement>(`#cancel-${first}`) : summary)?.focus();
}

function showFailure(ui: CancelForm, reason: string, detail: string): void {
  const { t, summary } = ui;
  const box = document.createElement('div');
  box.className = 'cancel__failure';
  const title = document.createElement('p');
  title.className = 'cancel__failure-title';
  title.textContent = t('failed.title');
  const why = document.createElement('p');
  why.textContent = detail;
  const hint = document.createElement('p');
  hint.textContent = t('failed.retryHint');
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button button--primary';
  retry.textContent = t('retry');
  retry.addEventListener('click', () => void send(ui));
  box.dataset.cancelFailure = reason;
  box.append(title, why, hint, retry);
  summary.replaceChildren(box);
  summary.hidden = false;
  summary.focus();
}

/** Checks the form, sends it, and shows what came of it: the confirmation, the problems, or that it was not received. */
async function send(ui: CancelForm): Promise<void> {
  if (ui.sending) return;
  const { t } = ui;
  clearErrors(ui);
  const request = read(ui.form);
  const problems = checkCancellation(request, today());
  if (Object.keys(problems).length) {
    showProblems(ui, Object.fromEntries(Object.entries(problems).map(([field, id]) => [field, t(id)])), [
      t('error.summary'),
      t('error.notSent'),
    ]);
    return;
  }
  const outcome = await post(ui, request);
  if (outcome.kind === 'confirmed') return confirm(ui, request, outcome);
  if (outcome.kind === 'invalid')
    return showProblems(ui, outcome.errors, [t('failed.title'), ...(outcome.message ? [outcome.message] : []), t('error.summary')]);
  if (outcome.kind === 'unsent') return showFailure(ui, outcome.reason, t(`failed.${outcome.reason}`));
  const detail = t(outcome.reason === 'invalid' ? 'failed.invalid' : outcome.reason === 'rejected' ? 'failed.rejected' : 'failed.server', {
    status: outcome.status,
  });
  showFailure(ui, outcome.reason, outcome.message ? `${detail} ${outcome.message}` : detail);
}

/** Posts the request as JSON, within the time limit; a request that got no answer is `unsent`, with why. */
async function post(ui: CancelForm, request: CancellationRequest): Promise<Outcome> {
  ui.sending = true;
  ui.submit.setAttribute('aria-disabled', 'true');
  ui.status.textContent = ui.t('sending');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ui.timeoutMs);
  try {
    const response = await fetch(ui.form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
      signal: controller.signal,
      credentials: 'omit',
    });
    const body: unknown = await response.json().catch(() => undefined);
    return cancellationOutcome(response.status, body);
  } catch {
    return { kind: 'unsent', reason: controller.signal.aborted ? 'timeout' : navigator.onLine === false ? 'offline' : 'network' };
  } finally {
    clearTimeout(timer);
    ui.sending = false;
    ui.submit.removeAttribute('aria-disabled');
    ui.status.textContent = '';
  }
}

/** What was declared and when it was received, as label and value. */
function confirmationRows(
  { t }: CancelForm,
  request: CancellationRequest,
  outcome: Extract<CancellationOutcome, { kind: 'confirmed' }>,
  lang: string,
): [string, string][] {
  const when = new Intl.DateTimeFormat(lang, { dateStyle: 'full', timeStyle: 'long' }).format(new Date(outcome.receivedAt));
  const day = (iso: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  return [
    [t('done.receivedAt'), when],
    ...(outcome.reference ? [[t('done.reference'), outcome.reference] as [string, string]] : []),
    [t('name'), request.name],
    [t('email'), request.email],
    ...(request.contract ? [[t('contract'), request.contract] as [string, string]] : []),
    [t('kind'), t(request.kind)],
    ...(request.kind === 'extraordinary' ? [[t('reason'), request.reason] as [string, string]] : []),
    [t('when'), request.effective === 'date' ? `${t('onDate')}: ${day(request.date)}` : t('nextPossible')],
    ...(outcome.effectiveDate ? [[t('done.effective'), day(outcome.effectiveDate)] as [string, string]] : []),
  ];
}

/** The confirmation in place of the form: what was declared, when it was received, to save or print. */
function confirm(ui: CancelForm, request: CancellationRequest, outcome: Extract<CancellationOutcome, { kind: 'confirmed' }>): void {
  const { t, form, outcomeBox } = ui;
  const lang = form.dataset.locale || document.documentElement.lang || 'de';
  const rows = confirmationRows(ui, request, outcome, lang);
  const declaration = t('done.declaration', { page: location.href.split('#')[0] });
  const section = document.createElement('section');
  section.className = 'cancel__confirmation';
  section.setAttribute('aria-labelledby', 'cancel-done-title');
  section.dataset.cancelConfirmation = '';
  const title = document.createElement('h2');
  title.id = 'cancel-done-title';
  title.textContent = t('done.title');
  const lead = document.createElement('p');
  lead.textContent = t('done.lead');
  const list = document.createElement('dl');
  for (const [label, value] of rows) {
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.textContent = value;
    list.append(dt, dd);
  }
  const note = document.createElement('p');
  note.textContent = declaration;
  const save = () => download(t('fileTitle'), title.textContent ?? '', lead.textContent ?? '', rows, declaration, lang, outcome.receivedAt);
  section.append(title, lead, list, note, confirmationActions(ui, save));
  form.hidden = true;
  outcomeBox.replaceChildren(section);
  outcomeBox.hidden = false;
  outcomeBox.focus();
}

/** The confirmation's buttons: save it as a file, print it. */
function confirmationActions({ t }: CancelForm, download: () => void): HTMLElement {
  const actions = document.createElement('div');
  actions.className = 'cancel__actions';
  const save = document.createElement('button');
  save.type = 'button';
  save.className = 'button button--primary';
  save.textContent = t('save');
  save.dataset.cancelSave = '';
  save.addEventListener('click', download);
  const print = document.createElement('button');
  print.type = 'button';
  print.className = 'button button--secondary';
  print.textContent = t('print');
  print.dataset.cancelPrint = '';
  print.addEventListener('click', () => window.print());
  actions.append(save, print);
  return actions;
}

/** The visitor's date, YYYY-MM-DD (a date input's value is local too). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Saves the confirmation as a small HTML file, readable anywhere without this site. */
function download(
  fileTitle: string,
  title: string,
  lead: string,
  rows: [string, string][],
  declaration: string,
  lang: string,
  receivedAt: string,
): void {
  const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!DOCTYPE html>\n<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(fileTitle)}</title></head><body>\n<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(lead)}</p>\n<dl>\n${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join('\n')}\n</dl>\n<p>${escapeHtml(declaration)}</p>\n</body></html>\n`;
  const url = URL.createObjectURL(new Blob([html], { type: 'text/html;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${fileTitle.replace(/[^\p{L}\p{N}]+/gu, '-')}-${receivedAt.slice(0, 19).replace(/[^\dT]/g, '')}.html`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
