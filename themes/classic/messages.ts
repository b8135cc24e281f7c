import { SEARCH_MESSAGE_IDS } from '../../src/shared/search.ts';
import { PROMO_MESSAGE_IDS } from './islands/MangaPromo.tsx';

/**
 * Every interface text the classic theme shows, by message id (locales/<code>.json). The build warns of an id
 * no catalogue has, since the page would show the id itself (Q091); test/unit/locales.test.ts checks that
 * this list names every id the theme's sources use and that locales/en.json has them all.
 */
export const messageIds: readonly string[] = [
  'skipToContent',
  'announcement.close', 'announcement.label',
  'navbar.toggle', 'navbar.close', 'navbar.languages', 'navbar.versions', 'navbar.profile', 'navbar.main',
  'navbar.backToMain', 'navbar.docsMenu', 'navbar.version',
  'colorMode.toggle', 'colorMode.current', 'colorMode.light', 'colorMode.dark',
  'search.buttonAria', 'search.ctrlKey', 'search.page.noscript',
  ...SEARCH_MESSAGE_IDS,
  'docs.sidebar', 'docs.breadcrumbs', 'docs.home', 'docs.toc', 'docs.pagination', 'docs.previous', 'docs.next',
  'docs.unlistedTitle', 'docs.unlistedBody', 'docs.notTranslated', 'docs.toggleCategory', 'docs.backToTop',
  'notFound.title', 'notFound.lead', 'notFound.help', 'notFound.home', 'notFound.docs',
  'crash.title', 'crash.tryAgain', 'crash.documentTitle', 'crash.cause', 'crash.details',
  'lazy.error', 'lazy.retry', 'lazy.searchError',
  'footer.currency', 'footer.appStores', 'footer.qrAlt',
  'blog.recentPosts', 'blog.readMore', 'blog.by',
  'pricing.perMonth', 'pricing.billedYearly', 'pricing.free',
  'dataPacks.buy', 'dataPacks.oneTime', 'dataPacks.pending',
  'pro.badge',
  'promoBanner.close',
  ...PROMO_MESSAGE_IDS,
  'code.copy', 'code.copied',
  'table.scrollLabel', 'table.yes', 'table.no',
  'link.newTab',
  'consent.title', 'consent.text', 'consent.privacy', 'consent.imprint', 'consent.acceptAll',
  'consent.necessaryOnly', 'consent.settings', 'consent.save', 'consent.categories', 'consent.necessary',
  'consent.necessary.text', 'consent.statistics', 'consent.statistics.text', 'consent.marketing',
  'consent.marketing.text', 'consent.alwaysOn', 'consent.cookies', 'consent.reopen', 'consent.saved',
  'company.missing', 'company.legalName', 'company.legalForm', 'company.representatives', 'company.address',
  'company.address.street', 'company.address.postalCode', 'company.address.city', 'company.address.country',
  'company.email', 'company.phone', 'company.register', 'company.register.court', 'company.register.number',
  'company.vatId', 'company.contentResponsible.name', 'company.contentResponsible.address',
  'company.disputeResolution',
  'impressum.incomplete', 'impressum.provider', 'impressum.contact', 'impressum.register',
  'impressum.contentResponsible',
  'cancel.who', 'cancel.required', 'cancel.name', 'cancel.email', 'cancel.emailHint', 'cancel.contract',
  'cancel.kind', 'cancel.ordinary', 'cancel.extraordinary', 'cancel.reason', 'cancel.reasonHint', 'cancel.when',
  'cancel.nextPossible', 'cancel.onDate', 'cancel.date', 'cancel.dateHint', 'cancel.submit', 'cancel.sending',
  'cancel.error.name', 'cancel.error.email', 'cancel.error.reason', 'cancel.error.date', 'cancel.error.summary',
  'cancel.error.notSent', 'cancel.failed.title', 'cancel.failed.server', 'cancel.failed.rejected',
  'cancel.failed.invalid', 'cancel.failed.timeout', 'cancel.failed.offline', 'cancel.failed.network',
  'cancel.failed.retryHint', 'cancel.retry', 'cancel.done.title', 'cancel.done.lead', 'cancel.done.receivedAt',
  'cancel.done.reference', 'cancel.done.effective', 'cancel.done.declaration', 'cancel.save', 'cancel.print',
  'cancel.fileTitle',
];
