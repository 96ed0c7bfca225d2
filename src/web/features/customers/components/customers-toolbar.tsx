import { CUSTOMER_SORTS, type CustomerSort } from '@contracts/enums';
import { nl } from '@contracts/messages';
import { SearchInput } from '@web/components/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';

const t = nl.customersUi;
const ALL = 'all';

export interface CustomersToolbarValue {
  search: string;
  /** A tag, or 'all'. */
  tag: string;
  sort: CustomerSort;
}

export const NO_CUSTOMER_FILTERS: CustomersToolbarValue = { search: '', tag: ALL, sort: 'lastVisit' };

/** The list's search (name, e-mail, phone: on the server), tag filter and order. */
export function CustomersToolbar({
  value,
  onChange,
  tags,
}: {
  value: CustomersToolbarValue;
  onChange: (patch: Partial<CustomersToolbarValue>) => void;
  /** Every tag the business uses (the list's answer). */
  tags: readonly string[];
}) {
  return (
    <div role="search" aria-label={t.filters} className="grid gap-3 md:grid-cols-[minmax(0,1fr)_12rem_12rem]">
      <SearchInput
        label={t.search}
        placeholder={t.searchPlaceholder}
        value={value.search}
        onChange={(search) => onChange({ search })}
      />
      <div className="grid grid-cols-2 gap-3 md:contents">
        <Select value={value.tag} onValueChange={(tag) => onChange({ tag })}>
          <SelectTrigger aria-label={t.tag}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>{t.allTags}</SelectItem>
            {/* A tag chosen before the list changed stays choosable, so the trigger keeps its text. */}
            {[...new Set([...tags, ...(value.tag === ALL ? [] : [value.tag])])].map((tag) => (
              <SelectItem key={tag} value={tag}>
                {tag}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={value.sort} onValueChange={(sort) => onChange({ sort: sort as CustomerSort })}>
          <SelectTrigger aria-label={t.sort}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {CUSTOMER_SORTS.map((s) => (
              <SelectItem key={s} value={s}>
                {t.sorts[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}

/** The tag filter's value as the list's query ('all' asks for every customer). */
export const tagFilter = (tag: string) => (tag === ALL ? undefined : tag);
