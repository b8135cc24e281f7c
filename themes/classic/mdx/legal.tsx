import type { ReactNode } from 'react';
import { useT, useTheme } from '../context.tsx';
import { COMPANY_KEY_PATHS, companyOf, companyValue, type CompanyData, type CompanyField } from './company.ts';

/**
 * The legal components (README "Going live in Germany"): the company's details from the one owner file
 * content/data/company.json (`<Company field>` in running text, `<Impressum />`).
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
      return line && company.address.street && company.address.city ? <>{line}</> : <Missing field="address" />;
    }
    case 'register':
      return company.register.court && company.register.number ? <>{`${company.register.court}, ${company.register.number}`}</> : <Missing field="register" />;
    case 'contentResponsible': {
      const { name, address } = company.contentResponsible;
      return name ? <>{address ? `${name}, ${address}` : name}</> : <Missing field="contentResponsible.name" />;
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
