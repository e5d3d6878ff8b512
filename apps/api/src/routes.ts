import type { AppRoute } from './lib/route';
import { authRoutes } from './modules/auth/routes';
import { brandRoutes } from './modules/brand/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { insightsRoutes } from './modules/insights/routes';
import { docsRoutes } from './modules/docs/routes';
import { linkedInAccountRoutes } from './modules/linkedin-accounts/routes';
import { linkedInSearchRoutes } from './modules/linkedin-searches/routes';
import { messagingRoutes } from './modules/messaging/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { offeringRoutes } from './modules/offerings/routes';
import { personaRoutes } from './modules/personas/routes';
import { importRoutes } from './modules/imports/routes';
import { prospectRoutes } from './modules/prospects/routes';
import { onboardingRoutes } from './modules/onboarding/routes';
import { userRoutes } from './modules/users/routes';
import { accountMemberRoutes } from './modules/account-members/routes';
import { paymentRoutes } from './modules/billing/routes';
import { autoCommunicationRoutes } from './modules/auto-communication/routes';
import { userEmailRoutes } from './modules/mailboxes/routes';
import { blacklistRoutes } from './modules/blacklist/routes';
import { virtualEmployeeRoutes } from './modules/virtual-employees/routes';
import { campaignRoutes } from './modules/campaigns/routes';
import { complianceRoutes } from './modules/compliance/routes';
import { inboxRoutes } from './modules/inbox/routes';
import { campaignEmailReadRoutes, interactionRoutes } from './modules/interactions/routes';
import { pipelineRoutes } from './modules/pipeline/routes';
import { brandAwarenessRoutes } from './modules/brand-awareness/routes';
import { outreachTaskRoutes } from './modules/outreach-tasks/routes';
import { phoneCallRoutes } from './modules/phone-calls/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { integrationRoutes } from './modules/integrations/routes';
import { trackingRoutes } from './modules/tracking/routes';

/**
 * THE route registry: app.ts registers exactly this list, and the all-routes test walks it.
 * A new module adds its routes here.
 */
export const routes: readonly AppRoute[] = [
  ...brandRoutes,
  ...authRoutes,
  ...userRoutes,
  ...accountMemberRoutes,
  ...onboardingRoutes,
  ...personaRoutes,
  ...importRoutes,
  ...prospectRoutes,
  ...linkedInAccountRoutes,
  ...linkedInSearchRoutes,
  ...offeringRoutes,
  ...messagingRoutes,
  ...paymentRoutes,
  ...autoCommunicationRoutes,
  ...notificationRoutes,
  ...userEmailRoutes,
  ...dashboardRoutes,
  ...insightsRoutes,
  ...blacklistRoutes,
  ...virtualEmployeeRoutes,
  ...campaignRoutes,
  ...campaignEmailReadRoutes,
  ...complianceRoutes,
  ...inboxRoutes,
  ...interactionRoutes,
  ...pipelineRoutes,
  ...brandAwarenessRoutes,
  ...outreachTaskRoutes,
  ...phoneCallRoutes,
  ...webhookRoutes,
  ...integrationRoutes,
  ...trackingRoutes,
  ...docsRoutes,
];
