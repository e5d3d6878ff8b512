import { describe, expect, it } from 'vitest';
import { asSystem, checkStatement, inAccount, inPublicScope, tableOwnership, TenancyViolation } from './tenancy';

describe('tenancy guard', () => {
  it('classifies every table: account-owned, owned through a parent, or global (a new table must be one)', () => {
    const unclassified = tableOwnership().filter((t) => t.ownership === 'unclassified');
    expect(unclassified).toEqual([]);
    expect(tableOwnership().find((t) => t.name === 'personas')?.ownership).toBe('account');
    // Mail in (issue 12): threads, their messages, the IMAP cursors and sync leases all carry account_id.
    for (const name of ['email_threads', 'email_thread_messages', 'imap_sync_states', 'imap_sync_leases', 'bounce_reports']) {
      expect(tableOwnership().find((t) => t.name === name)?.ownership, name).toBe('account');
    }
  });

  it('passes a statement that binds the scope account', () => {
    inAccount(7, 70, () => {
      checkStatement('select "id" from "personas" where ("personas"."account_id" = $1 and "personas"."id" = $2)', [7, 3]);
      checkStatement('select * from persona_prospects pp where pp.account_id = any($1)', [[7]]);
      checkStatement('update "users" set "name" = $1 where "users"."id" = $2', ['x', 70]);
      checkStatement('insert into "personas" ("id", "account_id", "name") values (default, $1, $2), (default, $3, $4) returning "id"', [7, 'a', 7, 'b']);
      checkStatement('select 1', []);
    });
  });

  it('refuses a statement that forgets the account or names another', () => {
    inAccount(7, 70, () => {
      expect(() => checkStatement('select "id" from "personas" where "personas"."id" = $1', [3])).toThrow(TenancyViolation);
      expect(() => checkStatement('select "id" from "personas" where "personas"."account_id" = $1', [8])).toThrow(/binds account 8/);
      expect(() => checkStatement('select * from "prospects" where account_id = any($1)', [[7, 8]])).toThrow(TenancyViolation);
      expect(() => checkStatement('insert into "personas" ("id", "account_id", "name") values (default, $1, $2), (default, $3, $4)', [7, 'a', 8, 'b'])).toThrow(/writes another account/);
      expect(() => checkStatement('update "users" set "name" = $1 where "users"."id" = $2', ['x', 71])).toThrow(TenancyViolation);
      expect(() => checkStatement('delete from "import_changes" where "import_changes"."import_id" = $1', [5])).toThrow(TenancyViolation);
    });
  });

  it('keeps public requests off account rows unless the work is declared system-wide', () => {
    inPublicScope(() => {
      expect(() => checkStatement('select "id" from "users" where lower("users"."email") = $1', ['a@b.c'])).toThrow(/public request/);
      checkStatement('select "id" from "oauth_states" where "oauth_states"."state" = $1', ['s']);
      asSystem('sign-in finds the user by email', () => checkStatement('select "id" from "users" where lower("users"."email") = $1', ['a@b.c']));
    });
  });

  it('does not check work outside any scope (start-up, seeding, scripts)', () => {
    checkStatement('select * from "personas"', []);
  });
});

describe('tenancy guard on inserts', () => {
  it('checks the account column of INSERT … SELECT and casts', () => {
    inAccount(7, 70, () => {
      checkStatement('\n    insert into "prospects" (account_id, source) select $1::int, x from unnest($2) as u(x) returning id', [7, ['a']]);
      expect(() => checkStatement('insert into "prospects" (account_id, source) select $1::int, x from unnest($2) as u(x)', [8, ['a']])).toThrow(/writes another account/);
      checkStatement('insert into "verification_codes" ("id", "user_id", "purpose") values (default, $1, $2)', [70, 'phone']);
      expect(() => checkStatement('insert into "verification_codes" ("id", "user_id", "purpose") values (default, $1, $2)', [71, 'phone'])).toThrow(/another user/);
    });
  });
});
