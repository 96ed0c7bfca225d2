import { describe, expect, it } from 'vitest';
import { createCustomerBody, updateCustomerBody, type CustomerDetail } from '@contracts/customers';
import { createBody, customerFormValues, storedPhoneOf, updateBody } from './customer-form';

const card = {
  id: 'c1',
  name: 'Anna de Boer',
  email: 'anna@example.nl',
  phone: '+31612345678',
  birthDate: null,
  tags: ['vaste klant'],
  marketingConsent: false,
} as unknown as CustomerDetail;

describe('customer form', () => {
  it('reads a Dutch number as the contract stores it, and leaves text without digits to the contract', () => {
    expect(storedPhoneOf('06 12345678')).toBe('+31612345678');
    expect(storedPhoneOf('+32 470 12 34 56')).toBe('+32470123456');
    expect(storedPhoneOf('  ')).toBe('');
    expect(storedPhoneOf('geen')).toBe('geen');
    expect(
      createCustomerBody.safeParse(createBody({ ...customerFormValues(card), phone: 'geen' })).success,
    ).toBe(false);
  });

  it('builds a create body the contract accepts, tags split on commas without empties', () => {
    const body = createBody({
      name: ' Bram ',
      email: '',
      phone: '',
      birthDate: '',
      tags: 'kleuring, , vaste klant,',
      marketingConsent: true,
    });
    expect(body.tags).toEqual(['kleuring', 'vaste klant']);
    expect(createCustomerBody.parse(body)).toMatchObject({ name: 'Bram', tags: ['kleuring', 'vaste klant'] });
  });

  it('sends only what changed in an edit; nothing changed is refused by the contract', () => {
    const values = customerFormValues(card);
    expect(values.phone).toBe('06 12345678');
    expect(updateBody(values, card)).toEqual({});
    expect(updateCustomerBody.safeParse(updateBody(values, card)).success).toBe(false);
    expect(updateBody({ ...values, email: '', tags: 'vaste klant, kleuring' }, card)).toEqual({
      email: '',
      tags: ['vaste klant', 'kleuring'],
    });
    expect(updateBody({ ...values, phone: '0687654321', marketingConsent: true }, card)).toEqual({
      phone: '+31687654321',
      marketingConsent: true,
    });
  });
});
