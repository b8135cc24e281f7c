/**
 * The shape of each data file the theme's components read (`content/data/<name>.json`), as JSON Schema: the
 * build checks the files against them (Q090), so an entry without a field a component shows is an error at
 * its place instead of a gap in a sentence ("seit 2023 von  Menschen genutzt"). Keep them in step with the
 * components' types in data.tsx.
 */
const text = { type: 'string', minLength: 1 } as const;
/** An object of exactly these text fields (which may still be empty). */
const strings = (fields: string[]) => ({
  type: 'object',
  required: fields,
  additionalProperties: false,
  properties: Object.fromEntries(fields.map((f) => [f, { type: 'string' }])),
});

export const dataSchemas: Record<string, object> = {
  /** <Stat id> and <Stats>: each figure's number, its label and the words for running text. */
  figures: {
    type: 'object',
    additionalProperties: { type: 'object', required: ['value', 'label', 'text'], properties: { value: text, label: text, text } },
  },
  /** The footer's currency box (the currencies) and <PricingTable> (each plan's prices in every one of them). */
  pricing: {
    type: 'object',
    required: ['defaultCurrency', 'currencies'],
    properties: {
      defaultCurrency: text,
      currencies: {
        type: 'array',
        items: { type: 'object', required: ['code', 'symbol', 'label'], properties: { code: text, symbol: text, label: text } },
      },
      plans: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'name', 'prices', 'features', 'ctaLabel', 'ctaHref'],
          properties: {
            id: text,
            name: text,
            tagline: text,
            prices: {
              anyOf: [
                { type: 'null' },
                {
                  type: 'object',
                  additionalProperties: {
                    type: 'object',
                    required: ['monthly', 'yearly'],
                    properties: { monthly: { type: 'number', minimum: 0 }, yearly: { type: 'number', minimum: 0 } },
                  },
                },
              ],
            },
            priceNote: text,
            features: { type: 'array', items: text },
            ctaLabel: text,
            ctaHref: text,
            highlighted: { type: 'boolean' },
          },
        },
      },
      note: text,
      terms: { type: 'object', additionalProperties: text },
      /**
       * <DataPacks />: the top-up page's packs and their purchase URL. The fields are there, empty until the
       * owner fills them in (the build names them, see dataPackGaps); a pack has every field it shows.
       */
      dataPacks: {
        type: 'object',
        required: ['purchaseUrl', 'packs'],
        additionalProperties: false,
        properties: {
          purchaseUrl: { type: 'string' },
          packs: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'name', 'quota', 'prices'],
              additionalProperties: false,
              properties: {
                id: text,
                name: text,
                quota: text,
                prices: { type: 'object', minProperties: 1, additionalProperties: { type: 'number', minimum: 0 } },
              },
            },
          },
        },
      },
    },
  },
  /**
   * The owner's company details (<Impressum />, <Company field>): every field present, texts (empty until the
   * owner fills them in; the build names each empty one); no other fields, so a misspelt one is not silently unused.
   */
  company: {
    type: 'object',
    required: [
      'legalName',
      'legalForm',
      'representatives',
      'address',
      'email',
      'phone',
      'register',
      'vatId',
      'contentResponsible',
      'disputeResolution',
    ],
    additionalProperties: false,
    properties: {
      legalName: { type: 'string' },
      legalForm: { type: 'string' },
      representatives: { type: 'array', items: { type: 'string' } },
      address: strings(['street', 'postalCode', 'city', 'country']),
      email: { type: 'string' },
      phone: { type: 'string' },
      register: strings(['court', 'number']),
      vatId: { type: 'string' },
      contentResponsible: strings(['name', 'address']),
      disputeResolution: { type: 'string' },
    },
  },
  /**
   * <Testimonials />: quotes of real customers, shown only with the person's consent to be quoted (`consent:
   * true`); each says who (`name`, optional `role`) and what (`quote`).
   */
  testimonials: {
    type: 'array',
    items: {
      type: 'object',
      required: ['name', 'quote', 'consent'],
      additionalProperties: false,
      properties: { name: text, role: text, quote: text, consent: { type: 'boolean' } },
    },
  },
  /**
   * The site's icons beside the config's SVG `favicon` (a 32 px PNG, the 180 px home-screen icon, the web app
   * manifest) and the browser colour (`<meta name="theme-color">`, the manifest's `theme_color` too), which the
   * layout puts in every page's head. Each `href` is checked like a link (Q060).
   */
  'site-icons': {
    type: 'object',
    required: ['themeColor', 'icons'],
    additionalProperties: false,
    properties: {
      themeColor: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
      icons: {
        type: 'array',
        items: {
          type: 'object',
          required: ['rel', 'href'],
          additionalProperties: false,
          properties: { rel: { enum: ['icon', 'apple-touch-icon', 'manifest'] }, href: text, type: text, sizes: text },
        },
      },
    },
  },
  /** <SupportedSites list>: each list's sites, with a name, an address and text columns. */
  'supported-sites': {
    type: 'object',
    additionalProperties: {
      type: 'array',
      items: { type: 'object', required: ['name', 'url'], properties: { name: text, url: text }, additionalProperties: { type: 'string' } },
    },
  },
};
