import type { ComponentContract } from '../../../src/types.ts';
import { COMPANY_FIELDS } from './company.ts';

/** The names of a data file's entries: the keys of an object (figures.json, the lists of supported-sites.json). */
const keysOf = (data: unknown): string[] | undefined =>
  data && typeof data === 'object' && !Array.isArray(data) ? Object.keys(data) : undefined;

/**
 * What each MDX component of the theme takes (`true`: each use must write it), checked by `quire build` at
 * every use before a page renders; keep in step with the components' props (test/unit/components.test.ts).
 */
export const contracts: Record<string, ComponentContract> = {
  Hero: {
    props: {
      title: true,
      lead: false,
      primaryLabel: false,
      primaryHref: false,
      secondaryLabel: false,
      secondaryHref: false,
      image: false,
      imageAlt: false,
      imageWidth: false,
      imageHeight: false,
      visual: false,
      visualTitle: false,
      visualOriginal: false,
      visualTranslation: false,
    },
    numbers: ['imageWidth', 'imageHeight'],
  },
  FeatureGrid: { props: {} },
  DocCardList: { props: { className: false } },
  Feature: { props: { title: true, icon: false, href: false } },
  Steps: { props: {} },
  Step: { props: { title: true } },
  Faq: { props: {} },
  Question: { props: { q: true } },
  CallToAction: { props: { title: true, label: false, href: false, secondaryLabel: false, secondaryHref: false } },
  Testimonials: { props: {} },
  Figure: { props: { src: true, alt: true, caption: false, width: false, height: false }, numbers: ['width', 'height'] },
  ProductShot: { props: { show: true, alt: true, caption: false } },
  Showcase: { props: { visual: true, alt: true, side: false } },
  CardGrid: { props: {} },
  Card: { props: { title: true, href: false } },
  BilingualPassage: { props: { title: false } },
  Para: { props: { en: true, de: true } },
  Kbd: { props: {} },
  Yes: { props: {} },
  No: { props: {} },
  ProBadge: { props: {} },
  Tabs: {
    props: { groupId: false, defaultValue: false, queryString: false, className: false, values: false },
    lists: ['values'],
    children: { name: 'Tab', unique: 'label', select: { prop: 'defaultValue', by: ['value', 'label'] } },
  },
  Tab: { props: { label: true, value: false }, parent: 'Tabs' },
  Stat: { props: { id: true }, values: { id: { file: 'figures', names: keysOf } } },
  Stats: { props: {} },
  PricingTable: { props: {} },
  DataPacks: { props: {} },
  PricingTerm: {
    props: { id: true },
    values: { id: { file: 'pricing', names: (data) => keysOf((data as { terms?: unknown } | undefined)?.terms) } },
  },
  SupportedSites: { props: { list: true }, values: { list: { file: 'supported-sites', names: keysOf } } },
  MangaPromo: { props: {} },
  PromotionPeriod: { props: { promotion: true, timeZone: false } },
  Company: {
    props: { field: true },
    values: { field: { file: 'company', names: (data) => (data === undefined ? undefined : [...COMPANY_FIELDS]) } },
  },
  Impressum: { props: {} },
  CancellationForm: { props: {} },
};
