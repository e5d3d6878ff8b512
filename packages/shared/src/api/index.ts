import type { ApiClient } from './client';
import { authEndpoints } from './endpoints/auth';
import { brandEndpoints } from './endpoints/brand';
import { linkedInAccountEndpoints } from './endpoints/linkedin-accounts';
import { linkedInSearchEndpoints } from './endpoints/linkedin-searches';
import { onboardingEndpoints } from './endpoints/onboarding';
import { personEndpoints, prospectEndpoints } from './endpoints/personas';
import { userEndpoints } from './endpoints/users';
import { offeringEndpoints } from './endpoints/offerings';
import { followupSettingEndpoints, messagingSettingEndpoints } from './endpoints/messaging-settings';
import { messageInstructionEndpoints } from './endpoints/message-instructions';
import { generationEndpoints } from './endpoints/generation';
import { paymentEndpoints } from './endpoints/billing';
import { autoCommunicationEndpoints } from './endpoints/auto-communication';
import { complianceEndpoints } from './endpoints/compliance';
import { campaignNotificationEndpoints, notificationEndpoints } from './endpoints/notifications';
import { dashboardEndpoints } from './endpoints/dashboard';
import { insightsEndpoints } from './endpoints/insights';
import { userEmailEndpoints } from './endpoints/mailboxes';

export { connectionTestOf } from './endpoints/mailboxes';
import { blacklistEndpoints } from './endpoints/blacklist';
import { campaignEmailEndpoints, campaignEndpoints, virtualEmployeeEndpoints } from './endpoints/campaigns';
import { emailThreadEndpoints, replyEndpoints } from './endpoints/inbox';
import { pipelineEndpoints } from './endpoints/pipeline';
import { brandAwarenessEndpoints } from './endpoints/brand-awareness';
import { outreachTaskEndpoints } from './endpoints/outreach-tasks';
import { variantEndpoints } from './endpoints/variants';
import { webhookEndpoints } from './endpoints/webhooks';
import { integrationEndpoints } from './endpoints/integrations';
import { accountMemberEndpoints } from './endpoints/account-members';
import { trackingEndpoints } from './endpoints/tracking';

export * from './client';

/** Typed calls of spec §7, one module per resource; later issues add theirs here. */
export function createApi(http: ApiClient) {
  return {
    http,
    auth: authEndpoints(http),
    user: userEndpoints(http),
    brand: brandEndpoints(http),
    linkedInAccounts: linkedInAccountEndpoints(http),
    linkedInSearches: linkedInSearchEndpoints(http),
    onboarding: onboardingEndpoints(http),
    persons: personEndpoints(http),
    prospects: prospectEndpoints(http),
    offerings: offeringEndpoints(http),
    messagingSettings: messagingSettingEndpoints(http),
    followupSettings: followupSettingEndpoints(http),
    messageInstructions: messageInstructionEndpoints(http),
    generation: generationEndpoints(http),
    payments: paymentEndpoints(http),
    autoCommunication: autoCommunicationEndpoints(http),
    compliance: complianceEndpoints(http),
    campaignNotifications: campaignNotificationEndpoints(http),
    notifications: notificationEndpoints(http),
    dashboard: dashboardEndpoints(http),
    insights: insightsEndpoints(http),
    userEmails: userEmailEndpoints(http),
    blacklist: blacklistEndpoints(http),
    virtualEmployees: virtualEmployeeEndpoints(http),
    campaigns: campaignEndpoints(http),
    campaignEmails: campaignEmailEndpoints(http),
    emailThreads: emailThreadEndpoints(http),
    replies: replyEndpoints(http),
    pipeline: pipelineEndpoints(http),
    brandAwareness: brandAwarenessEndpoints(http),
    outreachTasks: outreachTaskEndpoints(http),
    variants: variantEndpoints(http),
    ...webhookEndpoints(http),
    integrations: integrationEndpoints(http),
    accountMembers: accountMemberEndpoints(http),
    tracking: trackingEndpoints(http),
  };
}
export type Api = ReturnType<typeof createApi>;
