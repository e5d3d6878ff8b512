import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accountIdColumn, users } from './accounts';
import { createdAt, updatedAt } from './common';
import { personas } from './personas';
import { userEmails } from './user-emails';

/**
 * The outreach engine (issue 11): virtual employees (the identity the agent writes as), campaigns,
 * their sequence steps, enrolments and the outbox of campaign emails. modules/virtual-employees and
 * modules/campaigns; the sending engine (modules/sending) takes due rows from campaign_emails.
 */
export const virtualEmployees = pgTable(
  'virtual_employees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    name: text('name').notNull(),
    title: text('title'),
    photoUrl: text('photo_url'),
    /** Rich text, sanitised on write; appended to what this employee writes (else the messaging setting's). */
    signature: text('signature').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('virtual_employees_account_idx').on(t.accountId)],
);

/** The mailboxes a virtual employee sends from (rotation spreads first messages over them). */
export const virtualEmployeeMailboxes = pgTable(
  'virtual_employee_mailboxes',
  {
    accountId: accountIdColumn(),
    virtualEmployeeId: integer('virtual_employee_id')
      .notNull()
      .references(() => virtualEmployees.id, { onDelete: 'cascade' }),
    userEmailId: integer('user_email_id')
      .notNull()
      .references(() => userEmails.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.virtualEmployeeId, t.userEmailId] }), index('virtual_employee_mailboxes_account_idx').on(t.accountId)],
);

/** The personas a virtual employee works. */
export const virtualEmployeePersonas = pgTable(
  'virtual_employee_personas',
  {
    accountId: accountIdColumn(),
    virtualEmployeeId: integer('virtual_employee_id')
      .notNull()
      .references(() => virtualEmployees.id, { onDelete: 'cascade' }),
    personaId: integer('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.virtualEmployeeId, t.personaId] }), index('virtual_employee_personas_account_idx').on(t.accountId)],
);

/** add_to_wishlist: a kind of virtual employee the user wants but cannot have yet. */
export const virtualEmployeeWishes = pgTable(
  'virtual_employee_wishes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('virtual_employee_wishes_account_idx').on(t.accountId)],
);

export type VirtualEmployeeRow = typeof virtualEmployees.$inferSelect;
