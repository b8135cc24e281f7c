/** The data packs of content/data/pricing.json (<DataPacks />), and what the build warns of while they are missing. */

export interface DataPack {
  id: string;
  name: string;
  /** What the pack adds to the monthly allowance, in the owner's words ("1 000 PDF-Seiten"). */
  quota: string;
  /** One-time price in each currency the owner sells it in. */
  prices: Record<string, number>;
}

export interface DataPackData {
  purchaseUrl: string;
  packs: DataPack[];
}

/**
 * What the top-up page cannot show until the owner adds it to content/data/pricing.json: a purchase URL and
 * the packs. One gap list for one warning (theme dataWarnings): nothing about prices is invented meanwhile.
 */
export function dataPackGaps(data: unknown): string[] {
  // Runs beside the schema check, so a file of the wrong shape is that check's error, not a crash here.
  const packs = (data as { dataPacks?: Partial<DataPackData> } | undefined)?.dataPacks;
  if (!packs || typeof packs !== 'object') return [];
  const gaps: string[] = [];
  if (packs.purchaseUrl === '') gaps.push('dataPacks.purchaseUrl');
  if (Array.isArray(packs.packs) && !packs.packs.length) gaps.push('dataPacks.packs');
  return gaps;
}
