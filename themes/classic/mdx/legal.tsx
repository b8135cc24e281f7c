import type { ReactNode } from 'react';
import { useLocale, useT, useTheme } from '../context.tsx';
import { COMPANY_KEY_PATHS, companyOf, companyValue, type CompanyData, type CompanyField } from './company.ts';
import { ComponentError } from '../../../src/shared/component-error.ts';

/**
 * The legal components (README "Going live in Germany"): the company's details from the one owner file
 * content/data/company.json (`<Company field>` in running text, `<Impressum />`), and the cancellation form of
 * § 312k BGB (`<CancellationForm />`, posting to `legal.cancellationUrl`).
 */

function useCompany(): CompanyData {
  return companyOf(useTheme().site.data.company);
}

/** A field the owner has not filled yet: said as such, never as a fact. */
function Missing({ field }: { field: string }) {
  const t = useT();
  return (
    <span className="company-missing" data-company-missing={field}>
      {t('company.missing', { field: t(`company.${field}`) })}
    </span>
  );
}

/** One line of the address: "Straße 1, 12345 Ort, Land", from the parts that are filled. */
function addressLine(a: CompanyData['address']): string {
  return [a.street, [a.postalCode, a.city].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ');
}

/**
 * One of the company's details in running text (`Verantwortlich ist <Company field="legalName" />`): e-mail and
 * phone as links, the address on one line; a field not filled yet is marked as missing.
 */
export function Company({ field }: { field: CompanyField }) {
  const company = useCompany();
  switch (field) {
    case 'address': {
      const line = addressLine(company.address);
      return line && company.address.street && company.address.city ? line : <Missing field="address" />;
    }
    case 'register':
      return company.register.court && company.register.number ? (
        `${company.register.court}, ${company.register.number}`
      ) : (
        <Missing field="register" />
      );
    case 'contentResponsible': {
      const { name, address } = company.contentResponsible;
      return name ? address ? `${name}, ${address}` : name : <Missing field="contentResponsible.name" />;
    }
    default: {
      const value = companyValue(company, field);
      const text = Array.isArray(value) ? value.filter((v) => v.trim()).join(', ') : value.trim();
      if (!text) return <Missing field={field} />;
      if (field === 'email') return <a href={`mailto:${text}`}>{text}</a>;
      if (field === 'phone') return <a href={`tel:${text.replace(/[^\d+]/g, '')}`}>{text}</a>;
      return <>{text}</>;
    }
  }
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="impressum__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The Impressum (§ 5 DDG, § 18 Abs. 2 MStV) from content/data/company.json: every field, each filled one as
 * written and each empty one marked as missing, with a note above while any is.
 */
export function Impressum() {
  const company = useCompany();
  const t = useT();
  const gaps = COMPANY_KEY_PATHS.filter((path) => {
    const value = companyValue(company, path);
    return Array.isArray(value) ? !value.some((v) => v.trim()) : !value.trim();
  });
  const value = (path: (typeof COMPANY_KEY_PATHS)[number]) => <Company field={path} />;
  return (
    <div className="impressum" data-impressum="">
      {gaps.length ? (
        <p className="impressum__incomplete" role="note">
          {t('impressum.incomplete')}
        </p>
      ) : null}
      <section aria-labelledby="impressum-provider">
        <h2 id="impressum-provider">{t('impressum.provider')}</h2>
        <dl className="impressum__list">
          <Row label={t('company.legalName')}>{value('legalName')}</Row>
          <Row label={t('company.legalForm')}>{value('legalForm')}</Row>
          <Row label={t('company.address')}>
            <span className="impressum__address">
              {value('address.street')}
              <br />
              {value('address.postalCode')} {value('address.city')}
              <br />
              {value('address.country')}
            </span>
          </Row>
          <Row label={t('company.representatives')}>{value('representatives')}</Row>
        </dl>
      </section>
      <section aria-labelledby="impressum-contact">
        <h2 id="impressum-contact">{t('impressum.contact')}</h2>
        <dl className="impressum__list">
          <Row label={t('company.email')}>{value('email')}</Row>
          <Row label={t('company.phone')}>{value('phone')}</Row>
        </dl>
      </section>
      <section aria-labelledby="impressum-register">
        <h2 id="impressum-register">{t('impressum.register')}</h2>
        <dl className="impressum__list">
          <Row label={t('company.register.court')}>{value('register.court')}</Row>
          <Row label={t('company.register.number')}>{value('register.number')}</Row>
          <Row label={t('company.vatId')}>{value('vatId')}</Row>
        </dl>
      </section>
      <section aria-labelledby="impressum-content">
        <h2 id="impressum-content">{t('impressum.contentResponsible')}</h2>
        <dl className="impressum__list">
          <Row label={t('company.contentResponsible.name')}>{value('contentResponsible.name')}</Row>
          <Row label={t('company.contentResponsible.address')}>{value('contentResponsible.address')}</Row>
        </dl>
      </section>
      <section aria-labelledby="impressum-dispute">
        <h2 id="impressum-dispute">{t('company.disputeResolution')}</h2>
        <p>{value('disputeResolution')}</p>
      </section>
    </div>
  );
}

/** The texts the cancellation script shows (errors, outcomes, the confirmation), in the page's language. */
export const CANCEL_CLIENT_MESSAGE_IDS = [
  'cancel.error.name',
  'cancel.error.email',
  'cancel.error.reason',
  'cancel.error.date',
  'cancel.error.summary',
  'cancel.sending',
  'cancel.failed.title',
  'cancel.failed.server',
  'cancel.failed.rejected',
  'cancel.failed.timeout',
  'cancel.failed.offline',
  'cancel.failed.network',
  'cancel.failed.invalid',
  'cancel.failed.retryHint',
  'cancel.retry',
  'cancel.done.title',
  'cancel.done.lead',
  'cancel.done.receivedAt',
  'cancel.done.reference',
  'cancel.done.effective',
  'cancel.done.declaration',
  'cancel.save',
  'cancel.print',
  'cancel.fileTitle',
  'cancel.name',
  'cancel.email',
  'cancel.contract',
  'cancel.kind',
  'cancel.ordinary',
  'cancel.extraordinary',
  'cancel.reason',
  'cancel.when',
  'cancel.nextPossible',
  'cancel.onDate',
] as const;

function Field({
  id,
  label,
  hint,
  required,
  requiredLabel,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  required?: boolean;
  requiredLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="cancel__field" data-cancel-field={id}>
      <label htmlFor={`cancel-${id}`}>
        {label}
        {required ? <span className="cancel__required"> ({requiredLabel})</span> : null}
      </label>
      {hint ? (
        <p className="cancel__hint" id={`cancel-${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      <p className="cancel__error" id={`cancel-${id}-error`} hidden />
    </div>
  );
}

/**
 * The cancellation form of § 312k BGB: what identifies the contract, ordinary or extraordinary (with the
 * reason), when, and the button "jetzt kündigen". Without JavaScript it posts the form to the endpoint; with it
 * (src/client/cancellation.ts) it sends JSON, shows field errors beside their fields, the server's confirmation
 * with date and time to save or print, and on any failure that the cancellation was not received.
 */
export function CancellationForm() {
  const { site } = useTheme();
  const t = useT();
  const locale = useLocale();
  const { cancellationUrl, cancellationTimeoutMs } = site.config.legal;
  if (!cancellationUrl)
    throw new ComponentError(
      'CancellationForm',
      '<CancellationForm /> needs legal.cancellationUrl in site.config.ts: the address that receives cancellations (README "Going live in Germany")',
    );
  const required = t('cancel.required');
  const messages = Object.fromEntries(CANCEL_CLIENT_MESSAGE_IDS.map((id) => [id.slice('cancel.'.length), t(id)]));
  return (
    <div className="cancel" data-cancel="">
      <form
        className="cancel__form"
        method="post"
        action={cancellationUrl}
        data-cancel-form=""
        data-timeout={cancellationTimeoutMs}
        data-locale={locale.htmlLang}
      >
        <input type="hidden" name="requestId" value="" />
        <input type="hidden" name="locale" value={locale.code} />
        <div className="cancel__summary" role="alert" tabIndex={-1} hidden data-cancel-summary="" />
        <fieldset className="cancel__group">
          <legend>{t('cancel.who')}</legend>
          <Field id="name" label={t('cancel.name')} required requiredLabel={required}>
            <input id="cancel-name" name="name" type="text" autoComplete="name" required />
          </Field>
          <Field id="email" label={t('cancel.email')} hint={t('cancel.emailHint')} required requiredLabel={required}>
            <input id="cancel-email" name="email" type="email" autoComplete="email" required aria-describedby="cancel-email-hint" />
          </Field>
          <Field id="contract" label={t('cancel.contract')} requiredLabel={required}>
            <input id="cancel-contract" name="contract" type="text" autoComplete="off" />
          </Field>
        </fieldset>
        <fieldset className="cancel__group" data-cancel-field="kind">
          <legend>{t('cancel.kind')}</legend>
          <label className="cancel__choice">
            <input type="radio" name="kind" value="ordinary" defaultChecked /> {t('cancel.ordinary')}
          </label>
          <label className="cancel__choice">
            <input type="radio" name="kind" value="extraordinary" /> {t('cancel.extraordinary')}
          </label>
          <Field id="reason" label={t('cancel.reason')} hint={t('cancel.reasonHint')} requiredLabel={required}>
            <textarea id="cancel-reason" name="reason" rows={3} aria-describedby="cancel-reason-hint" />
          </Field>
        </fieldset>
        <fieldset className="cancel__group" data-cancel-field="effective">
          <legend>{t('cancel.when')}</legend>
          <label className="cancel__choice">
            <input type="radio" name="effective" value="next" defaultChecked /> {t('cancel.nextPossible')}
          </label>
          <label className="cancel__choice">
            <input type="radio" name="effective" value="date" /> {t('cancel.onDate')}
          </label>
          <Field id="date" label={t('cancel.date')} hint={t('cancel.dateHint')} requiredLabel={required}>
            <input id="cancel-date" name="date" type="date" aria-describedby="cancel-date-hint" />
          </Field>
        </fieldset>
        <button type="submit" className="button button--primary cancel__submit" data-cancel-submit="">
          {t('cancel.submit')}
        </button>
        <p className="cancel__status" role="status" data-cancel-status="" />
      </form>
      <div className="cancel__outcome" data-cancel-outcome="" tabIndex={-1} hidden />
      <script
        type="application/json"
        data-cancel-messages=""
        dangerouslySetInnerHTML={{ __html: JSON.stringify(messages).replace(/</g, '\\u003c') }}
      />
    </div>
  );
}
