import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { v1 } from '@shared/constants';
import { campaignVariantsSchema, chooseWinnerBodySchema, chooseWinnerResponseSchema, stepParamsSchema, variantsQuerySchema } from '@shared/schemas/variants';
import { campaignSteps } from '../../db/schema';
import { defineRoute } from '../../lib/route';
import { campaignRow } from '../campaigns/service';
import { sendWinnerFromNowOn } from '../campaigns/variants';
import { campaignVariants, stepVariants } from './variants';

/**
 * A/B variants of campaign steps (issue 26): `GET insights/variants?campaign_id=` compares them on positive replies,
 * `POST campaigns/{id}/steps/{position}/winner` sends the winner from now on. The action lives here, with the
 * comparison it depends on (the campaigns module sits below insights and cannot ask it).
 */
export const variantInsightRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/insights/variants'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary:
      "The variants of the campaign's steps compared on positive replies: per variant its sends, positive replies and rate with a 95 % Wilson interval; per step the verdict (not enough data yet, no significant difference yet, or the winner) with the test and p-value, corrected for peeking. 404 if the account has no such campaign",
    tags: ['insights'],
    schema: { querystring: variantsQuerySchema, response: { 200: z.object({ data: campaignVariantsSchema }) } },
    handler: async ({ auth, deps, query }) => {
      await campaignRow(deps.db, auth.account.id, query.campaign_id);
      const steps = await deps.db.select().from(campaignSteps).where(and(eq(campaignSteps.accountId, auth.account.id), eq(campaignSteps.campaignId, query.campaign_id)));
      return { data: await campaignVariants(deps.db, auth.account.id, query.campaign_id, steps) };
    },
  }),
  defineRoute({
    method: 'POST',
    url: v1('/campaigns/:id/steps/:position/winner'),
    access: 'user',
    owner: 'account',
    role: 'admin',
    summary:
      "Send the winner from now on: the step's emails written from now on use this variant only, and its unsent emails of the other variants are rewritten from it (those the user edited are kept); sent emails keep their variant. 422 unless the comparison (GET insights/variants) calls this variant the winner; 404 if the account has no such campaign or step",
    tags: ['campaigns'],
    schema: { params: stepParamsSchema, body: chooseWinnerBodySchema, response: { 200: chooseWinnerResponseSchema } },
    handler: async ({ auth, deps, params, body }) => {
      const outcome = await sendWinnerFromNowOn(deps, auth, params.id, params.position, body.variant_index, (step) => stepVariants(deps.db, auth.account.id, step));
      const [step] = await deps.db
        .select()
        .from(campaignSteps)
        .where(and(eq(campaignSteps.accountId, auth.account.id), eq(campaignSteps.campaignId, params.id), eq(campaignSteps.position, params.position)));
      return { data: await stepVariants(deps.db, auth.account.id, step!), rewritten: outcome.rewritten, kept_edited: outcome.keptEdited };
    },
  }),
];
