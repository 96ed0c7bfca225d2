import { SearchInput } from '@web/components/search-input';
import type { CategoryDto } from '@contracts/events';
import { nl } from '@contracts/messages';
import { PAYMENT_FILTERS, PERIOD_FILTERS, type PaymentFilter, type PeriodFilter } from '@core/index';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';
import { CategoryLabel } from '@web/components/category-label';

const t = nl.eventsUi;

export interface EventFilters {
  search: string;
  period: PeriodFilter;
  payment: PaymentFilter;
  /** 'all', 'uncategorized' or a category id. */
  category: string;
}

export const NO_FILTERS: EventFilters = { search: '', period: 'all', payment: 'all', category: 'all' };

/** Search box plus the period, payment and category filters of the overview (docs/PRODUCT.md#events-overview). */
export function EventsToolbar({
  filters,
  onChange,
  categories,
}: {
  filters: EventFilters;
  onChange: (patch: Partial<EventFilters>) => void;
  categories: readonly CategoryDto[];
}) {
  return (
    <div
      role="search"
      className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_repeat(3,11rem)]"
      aria-label={t.filters}
    >
      <SearchInput
        label={t.search}
        placeholder={t.searchPlaceholder}
        value={filters.search}
        onChange={(search) => onChange({ search })}
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:contents">
        <Select
          value={filters.period}
          onValueChange={(period) => onChange({ period: period as PeriodFilter })}
        >
          <SelectTrigger aria-label={t.period}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PERIOD_FILTERS.map((p) => (
              <SelectItem key={p} value={p}>
                {t.periods[p]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={filters.payment}
          onValueChange={(payment) => onChange({ payment: payment as PaymentFilter })}
        >
          <SelectTrigger aria-label={t.payment}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PAYMENT_FILTERS.map((p) => (
              <SelectItem key={p} value={p}>
                {t.payments[p]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={filters.category} onValueChange={(category) => onChange({ category })}>
          <SelectTrigger aria-label={t.category} className="col-span-2 sm:col-span-1">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">{t.allCategories}</SelectItem>
            <SelectItem value="uncategorized">{t.uncategorized}</SelectItem>
            {categories.length > 0 && <SelectSeparator />}
            {categories.map((c) => (
              <SelectItem key={c.id} value={c.id}>
                <CategoryLabel category={c} />
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
