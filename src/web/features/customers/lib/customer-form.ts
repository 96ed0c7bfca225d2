import type { CreateCustomerBody, CustomerDetail, UpdateCustomerBody } from '@contracts/customers';
import { DEFAULT_COUNTRY, formatPhone, toStoredPhone } from '@core/index';
import { tagsFromText, tagsText } from './customer-text';

/** The create and edit dialog's values: what the owner types, before it becomes a request. */
export interface CustomerFormValues {
  name: string;
  email: string;
  phone: string;
  birthDate: string;
  /** Comma separated. */
  tags: string;
  marketingConsent: boolean;
}

export const EMPTY_CUSTOMER_FORM: CustomerFormValues = {
  name: '',
  email: '',
  phone: '',
  birthDate: '',
  tags: '',
  marketingConsent: false,
};

export function customerFormValues(c: CustomerDetail): CustomerFormValues {
  return {
    name: c.name,
    email: c.email ?? '',
    phone: c.phone ? formatPhone(c.phone) : '',
    birthDate: c.birthDate ?? '',
    tags: tagsText(c.tags),
    marketingConsent: c.marketingConsent,
  };
}

/**
 * The number as the contract takes it (E.164, a national number read as Dutch). Text without a
 * number in it is sent as typed, so the contract's 'Vul een geldig telefoonnummer in.' answers it
 * rather than the number silently vanishing.
 */
export function storedPhoneOf(typed: string): string {
  const trimmed = typed.trim();
  if (!trimmed) return '';
  return toStoredPhone(DEFAULT_COUNTRY, trimmed) || trimmed;
}

/** POST /api/customers's body. */
export function createBody(v: CustomerFormValues): CreateCustomerBody {
  return {
    name: v.name,
    email: v.email.trim(),
    phone: storedPhoneOf(v.phone),
    birthDate: v.birthDate,
    tags: tagsFromText(v.tags),
    marketingConsent: v.marketingConsent,
  };
}

/** PATCH /api/customers/:id's body: only what differs from the card ('' removes a value). */
export function updateBody(v: CustomerFormValues, c: CustomerDetail): UpdateCustomerBody {
  const next = createBody(v);
  const body: UpdateCustomerBody = {};
  if (next.name.trim() !== c.name) body.name = next.name;
  if ((next.email ?? '') !== (c.email ?? '')) body.email = next.email;
  if ((next.phone ?? '') !== (c.phone ?? '')) body.phone = next.phone;
  if ((next.birthDate ?? '') !== (c.birthDate ?? '')) body.birthDate = next.birthDate;
  if (tagsText(next.tags ?? []) !== tagsText(c.tags)) body.tags = next.tags;
  if (next.marketingConsent !== c.marketingConsent) body.marketingConsent = next.marketingConsent;
  return body;
}
