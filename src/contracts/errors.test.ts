import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsFromIssues, isErrorCode } from './errors';

describe('error bodies', () => {
  it('keys zod issues by dotted path, the first message per path, "_" for the whole body', () => {
    const schema = z.object({
      title: z.string().min(1, 'Titel is verplicht').max(3, 'Te lang'),
      fields: z.array(z.object({ name: z.string().min(2, 'Te kort') })),
    });
    const result = schema.safeParse({ title: '', fields: [{ name: 'x' }, { name: 'ok' }] });
    expect(result.error?.issues).toHaveLength(2);
    expect(result.success).toBe(false);
    expect(fieldErrorsFromIssues(result.error!.issues)).toEqual({
      title: 'Titel is verplicht',
      'fields.0.name': 'Te kort',
    });
    expect(
      fieldErrorsFromIssues([
        { path: [], message: 'a' },
        { path: [], message: 'b' },
      ]),
    ).toEqual({ _: 'a' });
  });

  it('knows its own codes only', () => {
    expect(isErrorCode('SLOT_TAKEN')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(409)).toBe(false);
  });
});
