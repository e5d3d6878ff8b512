import { z } from 'zod';
import type { FeatureFlags } from '../brands/schema';
import { text, int32 } from './primitives';

/**
 * Tariff plans and payments (spec §4, §7 "Payments"). The spec names no prices or limits ("not
 * shown"); these are ours, recorded in docs/decisions.md. One catalogue for the API (payment_links,
 * Stripe price lookup) and the web app (the plans dialog).
 */

export const PAID_PLANS = ['Starter', 'Growth', 'Scale'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];
export const paidPlanSchema = z.enum(PAID_PLANS, { error: 'Plan must be one of Starter, Growth, Scale' });

export type PlanLimits = {
  /** Virtual employees (AI agents) the account may run. */
  virtual_employees: number;
  /** New prospects contacted per month, all channels together. */
  prospects_per_month: number;
  /** Outgoing emails per day across all mailboxes. */
  emails_per_day: number;
  /** LinkedIn actions (invitations and messages) per day. */
  linkedin_actions_per_day: number;
  /** Phone-call minutes per month. */
  phone_minutes_per_month: number;
  /** People on the account (the owner included); members and open invitations take one each. */
  seats: number;
};

/**
 * THE list of what a plan can include. Each feature says whether the product does it today; only
 * available ones are shown to buyers. Work that builds a feature flips `available` here (and adds a
 * feature it introduces), and every plan card follows. A feature a brand can switch off names its flag
 * (`flag`): that brand's buyers are not sold it (docs/decisions.md "A plan sells only what the product does").
 */
export const PRODUCT_FEATURES = {
  personas: { label: 'Personas with people-search filters', available: true },
  prospects: { label: 'Prospect import from CSV and LinkedIn capture with the browser extension', available: true },
  ai_messaging: { label: 'AI-written messages from your business information', available: true },
  notifications: { label: 'Notifications by email, in the app and by webhook', available: true },
  email_outreach: { label: 'Email outreach and follow-ups', available: true },
  linkedin_outreach: { label: 'LinkedIn outreach', available: true, flag: 'linkedin' },
  phone_calls: { label: 'Phone calls', available: true, flag: 'phone_calls' },
  inbox_pipeline: { label: 'Inbox and pipeline', available: true },
  visitor_tracking: { label: 'Website visitor tracking', available: false },
  crm_sync: { label: 'HubSpot and Salesforce sync', available: false, flag: 'integrations' },
  insights: { label: 'Deliverability and performance insights', available: true },
  brand_awareness: { label: 'Brand-awareness posts', available: true, flag: 'brand_awareness' },
  priority_support: { label: 'Priority support', available: false },
} as const satisfies Record<string, { label: string; available: boolean; flag?: keyof FeatureFlags }>;
export type ProductFeature = keyof typeof PRODUCT_FEATURES;

/** Which brand flags are on (absent: on); a feature with a flag that is off is not sold on that brand. */
export type BrandFeatureFlags = Partial<Pick<FeatureFlags, 'linkedin' | 'phone_calls' | 'integrations' | 'brand_awareness'>>;

/** The product does this feature today, and the brand (when given) has it on. */
export function isFeatureSold(feature: ProductFeature, flags: BrandFeatureFlags = {}): boolean {
  const f: { available: boolean; flag?: keyof BrandFeatureFlags } = PRODUCT_FEATURES[feature];
  return f.available && (f.flag === undefined || flags[f.flag] !== false);
}

/** The labels of a plan's features that the product does today (and the brand has on), in the plan's order. */
export const availableFeatureLabels = (features: readonly ProductFeature[], flags: BrandFeatureFlags = {}): string[] =>
  features.filter((f) => isFeatureSold(f, flags)).map((f) => PRODUCT_FEATURES[f].label);

/** Which feature a limit belongs to: a limit is shown only when its feature is available (null: always). */
export const LIMIT_FEATURES: Record<keyof PlanLimits, ProductFeature | null> = {
  virtual_employees: null,
  prospects_per_month: null,
  emails_per_day: 'email_outreach',
  linkedin_actions_per_day: 'linkedin_outreach',
  phone_minutes_per_month: 'phone_calls',
  seats: null,
};
export const isLimitShown = (limit: keyof PlanLimits, flags: BrandFeatureFlags = {}): boolean => {
  const feature = LIMIT_FEATURES[limit];
  return feature === null || isFeatureSold(feature, flags);
};

export type PlanDefinition = {
  name: PaidPlan;
  /** Whole US dollars per month, billed monthly. */
  price_usd_month: number;
  description: string;
  /** From PRODUCT_FEATURES; buyers see only the available ones (availableFeatureLabels). */
  features: readonly ProductFeature[];
  limits: PlanLimits;
};

export const PLAN_CATALOG: readonly PlanDefinition[] = [
  {
    name: 'Starter',
    price_usd_month: 99,
    description: 'One AI sales agent for a founder or a first sales hire.',
    features: ['personas', 'prospects', 'ai_messaging', 'notifications', 'email_outreach', 'inbox_pipeline', 'visitor_tracking'],
    limits: { virtual_employees: 1, prospects_per_month: 500, emails_per_day: 100, linkedin_actions_per_day: 0, phone_minutes_per_month: 0, seats: 2 },
  },
  {
    name: 'Growth',
    price_usd_month: 299,
    description: 'Three AI sales agents and higher limits for a small sales team.',
    features: ['personas', 'prospects', 'ai_messaging', 'notifications', 'email_outreach', 'linkedin_outreach', 'inbox_pipeline', 'visitor_tracking', 'crm_sync', 'insights'],
    limits: { virtual_employees: 3, prospects_per_month: 2500, emails_per_day: 300, linkedin_actions_per_day: 50, phone_minutes_per_month: 0, seats: 5 },
  },
  {
    name: 'Scale',
    price_usd_month: 799,
    description: 'Ten AI sales agents and the highest limits for teams running outbound at volume.',
    features: [
      'personas',
      'prospects',
      'ai_messaging',
      'notifications',
      'email_outreach',
      'linkedin_outreach',
      'phone_calls',
      'inbox_pipeline',
      'visitor_tracking',
      'crm_sync',
      'insights',
      'brand_awareness',
      'priority_support',
    ],
    limits: { virtual_employees: 10, prospects_per_month: 10000, emails_per_day: 1000, linkedin_actions_per_day: 150, phone_minutes_per_month: 600, seats: 15 },
  },
];

export const planOf = (name: PaidPlan): PlanDefinition => PLAN_CATALOG.find((p) => p.name === name)!;

/**
 * A Trial account works like Starter (one agent, email only, its daily volume) until it pays; an
 * account whose payment stopped ("Not paid") keeps its data but sends nothing. Decision entry "Plan
 * limits are enforced".
 */
export const TRIAL_LIMITS: PlanLimits = { ...PLAN_CATALOG[0]!.limits };
/** Not paid: the owner's seat only (members already in stay, nobody new joins until the plan is paid). */
export const UNPAID_LIMITS: PlanLimits = { virtual_employees: 0, prospects_per_month: 0, emails_per_day: 0, linkedin_actions_per_day: 0, phone_minutes_per_month: 0, seats: 1 };

/** The limits an account's tariff_plan allows ("Trial", "Not paid" or a paid plan's name). */
export function planLimitsOf(tariffPlan: string): PlanLimits {
  const paid = PLAN_CATALOG.find((p) => p.name === tariffPlan);
  if (paid) return paid.limits;
  return tariffPlan === 'Trial' ? TRIAL_LIMITS : UNPAID_LIMITS;
}

const limitsSchema = z.object({
  virtual_employees: int32(),
  prospects_per_month: int32(),
  emails_per_day: int32(),
  linkedin_actions_per_day: int32(),
  phone_minutes_per_month: int32(),
  seats: int32(),
});

/** One entry of GET payment_links: the plan, and how to pay for it. */
export const paymentLinkSchema = z.object({
  plan: paidPlanSchema,
  name: text(),
  price: z.object({ amount: z.number(), currency: z.literal('USD'), interval: z.literal('month') }),
  description: text(),
  features: z.array(text()),
  limits: limitsSchema,
  /** The account is on this plan now. */
  current: z.boolean(),
  /**
   * checkout: POST create_stripe_session {plan} and follow its url; contact: payments are not
   * configured on this server, book a call at contact_url instead.
   */
  checkout: z.enum(['checkout', 'contact']),
  contact_url: text().nullable(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

export const paymentLinksResponseSchema = z.object({
  data: z.array(paymentLinkSchema),
  meta: z.object({
    payments_enabled: z.boolean(),
    current_plan: text(),
    /** When the current paid plan was paid (Checkout approved), null when never paid. */
    plan_paid_at: text().nullable(),
    /** When the account was created: the start of its trial. */
    account_created_at: text(),
  }),
});
export type PaymentLinksResponse = z.infer<typeof paymentLinksResponseSchema>;

export const createStripeSessionBodySchema = z.object({ plan: paidPlanSchema });
export type CreateStripeSessionBody = z.infer<typeof createStripeSessionBodySchema>;
export const stripeSessionSchema = z.object({ id: text(), url: text() });
export type StripeSession = z.infer<typeof stripeSessionSchema>;

export const approveSubscriptionBodySchema = z.object({
  session_id: text({ error: 'session_id is required' })
    .trim()
    .regex(/^cs_[A-Za-z0-9_]{1,250}$/, { error: 'session_id must be a Stripe Checkout Session id (cs_…)' }),
});
export type ApproveSubscriptionBody = z.infer<typeof approveSubscriptionBodySchema>;

export const subscriptionSchema = z.object({
  tariff_plan: text(),
  plan_paid_at: text().nullable(),
  /** false when the session had already been applied (approve is idempotent). */
  changed: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** Where the Checkout success_url brings the user back (the cabinet reads this query parameter). */
export const CHECKOUT_SESSION_PARAM = 'checkout_session_id';
