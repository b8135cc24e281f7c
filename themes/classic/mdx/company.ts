/**
 * The owner's company data (`content/data/company.json`): the provider identification (§ 5 DDG) the Impressum
 * shows and the legal pages quote with `<Company field>`. The repository does not invent these facts: the file
 * ships with empty fields for the owner to fill, and the build names every empty one (companyGaps).
 */
export interface CompanyData {
  legalName: string;
  legalForm: string;
  representatives: string[];
  address: { street: string; postalCode: string; city: string; country: string };
  email: string;
  phone: string;
  register: { court: string; number: string };
  vatId: string;
  /** Responsible for journalistic-editorial content (§ 18 Abs. 2 MStV): a name and an address to serve. */
  contentResponsible: { name: string; address: string };
  /** The statement on consumer dispute resolution (§ 36 VSBG), as the owner decides it. */
  disputeResolution: string;
}

/** Every field of the file, as key paths; each is part of the provider identification the Impressum shows. */
export const COMPANY_KEY_PATHS = [
  'legalName',
  'legalForm',
  'representatives',
  'address.street',
  'address.postalCode',
  'address.city',
  'address.country',
  'email',
  'phone',
  'register.court',
  'register.number',
  'vatId',
  'contentResponsible.name',
  'contentResponsible.address',
  'disputeResolution',
] as const;

/** What `<Company field>` can show: a key path, or a whole group (`address` as one line, `register` as court and number). */
export const COMPANY_FIELDS = [...COMPANY_KEY_PATHS, 'address', 'register', 'contentResponsible'] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

const EMPTY: CompanyData = {
  legalName: '',
  legalForm: '',
  representatives: [],
  address: { street: '', postalCode: '', city: '', country: '' },
  email: '',
  phone: '',
  register: { court: '', number: '' },
  vatId: '',
  contentResponsible: { name: '', address: '' },
  disputeResolution: '',
};

/** The data with every field present (missing ones empty), for components that show it. */
export function companyOf(data: unknown): CompanyData {
  const d = (data && typeof data === 'object' ? data : {}) as Partial<CompanyData>;
  return {
    ...EMPTY,
    ...d,
    address: { ...EMPTY.address, ...d.address },
    register: { ...EMPTY.register, ...d.register },
    contentResponsible: { ...EMPTY.contentResponsible, ...d.contentResponsible },
    representatives: Array.isArray(d.representatives) ? d.representatives : [],
  };
}

/** The value at a key path: a text, or the list of representatives. */
export function companyValue(company: CompanyData, path: (typeof COMPANY_KEY_PATHS)[number]): string | string[] {
  const [head, tail] = path.split('.') as [keyof CompanyData, string | undefined];
  const value = company[head];
  if (tail === undefined) return value as string | string[];
  return (value as Record<string, string>)[tail] ?? '';
}

const isEmpty = (value: string | string[]) => (Array.isArray(value) ? !value.some((v) => v.trim()) : !value.trim());

/**
 * The fields of content/data/company.json that are still empty (or missing), as key paths: a site must not go
 * live with a gap in its provider identification, so the build names each one (README "Going live in Germany").
 * Undefined when there is no such file (the site has no Impressum to fill).
 */
export function companyGaps(data: unknown): string[] | undefined {
  if (data === undefined) return undefined;
  const company = companyOf(data);
  return COMPANY_KEY_PATHS.filter((path) => isEmpty(companyValue(company, path)));
}
