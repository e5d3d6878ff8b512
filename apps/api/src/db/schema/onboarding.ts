import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { accountIdColumn, users } from './accounts';
import { updatedAt } from './common';

/** One per user: the answers per step (keyed by the step's slug), where they are, and the AI draft. */
export const onboardingAnswers = pgTable('onboarding_answers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: accountIdColumn(),
  /** The slug of the step to resume at. */
  currentStep: text('current_step').notNull().default('index'),
  answers: jsonb('answers').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  /** generate_onboarding_info's draft (value proposition, problem, solution, differentiators, ideal customer). */
  draft: jsonb('draft').$type<Record<string, unknown> | null>(),
  updatedAt: updatedAt(),
});

export type OnboardingAnswersRow = typeof onboardingAnswers.$inferSelect;
