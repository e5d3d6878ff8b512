import { z } from 'zod';
import { v1 } from '@shared/constants';
import { approveSubscriptionBodySchema, createStripeSessionBodySchema, paymentLinksResponseSchema, stripeSessionSchema, subscriptionSchema } from '@shared/schemas/payments';
import { defineRoute } from '../../lib/route';
import * as service from './service';

const TAGS = ['payments'];

/** Payments (spec §7): plans, Stripe Checkout, approval on return, and Stripe's webhook. */
export const paymentRoutes = [
  defineRoute({
    method: 'GET',
    url: v1('/payment_links'),
    access: 'user',
    owner: 'account',
    role: 'member',
    summary: 'The paid plans (price, features, limits), which one the account is on, and how to pay for each',
    tags: TAGS,
    schema: { response: { 200: paymentLinksResponseSchema } },
    handler: ({ auth, brand, deps }) => service.paymentLinks(deps, auth, brand),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/create_stripe_session'),
    access: 'user',
    owner: 'account',
    role: 'owner',
    summary: 'Start a Stripe Checkout for a plan: answers the Checkout URL to send the browser to',
    tags: TAGS,
    schema: { body: createStripeSessionBodySchema, response: { 200: z.object({ data: stripeSessionSchema }) } },
    handler: async ({ auth, body, brand, deps }) => ({ data: await service.createSession(deps, auth, brand, body.plan) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/approve_subscription'),
    access: 'user',
    owner: 'account',
    role: 'owner',
    summary: "Back from Checkout: applies the session's plan when Stripe reports it paid (idempotent)",
    tags: TAGS,
    schema: { body: approveSubscriptionBodySchema, response: { 200: z.object({ data: subscriptionSchema }) } },
    handler: async ({ auth, body, deps }) => ({ data: await service.approve(deps, auth, body.session_id) }),
  }),
  defineRoute({
    method: 'POST',
    url: v1('/stripe/webhook'),
    systemScope: 'a signed Stripe event names its account',
    access: 'public',
    owner: 'none',
    summary: "Stripe's webhook (Stripe-Signature checked on the raw body): checkout.session.completed, customer.subscription.deleted",
    tags: TAGS,
    rawBody: true,
    schema: {},
    handler: async ({ req, deps }) => {
      const header = req.headers['stripe-signature'];
      return service.handleWebhook(deps, req.body, Array.isArray(header) ? header.join(',') : header);
    },
  }),
];
