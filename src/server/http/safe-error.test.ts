import { describe, expect, it } from 'vitest';
import { safeError } from './logger';

describe('safeError (the log serializer of every err)', () => {
  it('keeps the statement and SQLSTATE of a failed query, never its parameters or PostgreSQL’s detail', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
      code: '23505',
      constraint: 'users_email',
      detail: 'Key (email)=(anna@example.nl) already exists.',
    });
    const err = Object.assign(
      new Error(
        'Failed query: insert into "users" ("email") values ($1)\nparams: anna@example.nl,Anna Jansen',
      ),
      { cause: driver },
    );
    const out = safeError(err);
    const text = JSON.stringify(out);
    expect(text).not.toContain('anna@example.nl');
    expect(text).not.toContain('Anna Jansen');
    expect(out.message).toBe('Failed query: insert into "users" ("email") values ($1)');
    expect(out.cause).toMatchObject({ code: '23505', constraint: 'users_email' });
    expect(out.stack).toMatch(/^\s+at /);
  });

  it('describes a thrown non-error', () => {
    expect(safeError('boom')).toMatchObject({ message: 'boom' });
  });
});
