import { describe, expect, it } from 'vitest';
import { approvalDeadline, needsApproval } from './approval';

describe('needsApproval', () => {
  it('asks everyone, only the unknown, or nobody', () => {
    expect(needsApproval('everyone', true)).toBe(true);
    expect(needsApproval('new_customers', false)).toBe(true);
    expect(needsApproval('new_customers', true)).toBe(false);
    expect(needsApproval('none', false)).toBe(false);
  });
});

describe('approvalDeadline', () => {
  const madeAt = new Date('2027-03-02T07:00:00Z');
  it('is the owner’s hours after the request', () => {
    expect(approvalDeadline(madeAt, 48, new Date('2027-03-10T09:00:00Z')).toISOString()).toBe(
      '2027-03-04T07:00:00.000Z',
    );
  });
  it('is never past the appointment’s start', () => {
    expect(approvalDeadline(madeAt, 48, new Date('2027-03-02T09:00:00Z')).toISOString()).toBe(
      '2027-03-02T09:00:00.000Z',
    );
  });
});
