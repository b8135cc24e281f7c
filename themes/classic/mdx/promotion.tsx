import { useTheme } from '../context.tsx';
import { ComponentError } from '../../../src/shared/component-error.ts';

/**
 * When a promotion of the config runs (`promotions.<promotion>.start` and `.end`), as two dates with their
 * time in `timeZone` (default UTC) and its name, so the page states exactly the period the claim box obeys.
 */
export function PromotionPeriod({ promotion, timeZone = 'UTC' }: { promotion: string; timeZone?: string }) {
  const { site } = useTheme();
  const promotions = site.config.promotions as Record<string, { start?: string; end?: string } | number | undefined>;
  const period = promotions[promotion];
  if (!period || typeof period !== 'object' || !period.start || !period.end) {
    throw new ComponentError(
      'PromotionPeriod',
      `<PromotionPeriod promotion="${promotion}" />: the config has no promotions.${promotion} with a start and an end`,
    );
  }
  const lang = site.locales.find((l) => l.code === site.config.i18n.currentLocale)?.htmlLang ?? 'en';
  const format = new Intl.DateTimeFormat(lang, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
  return (
    <span className="promotion-period">
      <time dateTime={period.start}>{format.format(new Date(period.start))}</time>
      {' – '}
      <time dateTime={period.end}>{format.format(new Date(period.end))}</time>
    </span>
  );
}
