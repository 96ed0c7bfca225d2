import type { TemplateDto } from '@contracts/templates';
import { nl } from '@contracts/messages';
import { priceLine } from '@core/index';
import { fill } from '@web/lib/fill-message';

const t = nl.templatesUi;

export const durationText = (template: Pick<TemplateDto, 'durationMinutes'>) =>
  fill(t.minutes, { n: template.durationMinutes });

export const paymentText = (
  template: Pick<TemplateDto, 'requiresPayment' | 'paymentAmount' | 'currency'>,
) => {
  const price = priceLine(template);
  return price.kind === 'free'
    ? t.free
    : fill(price.kind === 'online' ? t.paid : t.atSalon, { amount: price.amount });
};

export const fieldCountText = (template: Pick<TemplateDto, 'customFieldsConfig'>) =>
  template.customFieldsConfig.length === 1
    ? t.fieldCountOne
    : fill(t.fieldCount, { n: template.customFieldsConfig.length });

/** '30 minuten · 3 velden · Gratis' */
export const templateSummary = (template: TemplateDto) =>
  [durationText(template), fieldCountText(template), paymentText(template)].join(' · ');
