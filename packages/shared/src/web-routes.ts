/**
 * Every page path of the web app, as react-router patterns (`:name` is one path segment). The server
 * reads it to answer a path that matches no page with HTTP 404 (still with the app's HTML, so the 404
 * screen shows); the web app's route table is checked against it (apps/web/src/app/__tests__/web-routes.test.ts),
 * so the two cannot drift. A new page adds its path here and to apps/web/src/config/paths.ts.
 */
export const WEB_ROUTE_PATTERNS: readonly string[] = [
  '/',
  '/auth',
  '/auth/signin',
  '/auth/signup',
  '/auth/verify',
  '/auth/recover',
  '/auth/reset-password',
  '/auth/omniauth',
  '/tracking',
  '/invitations/:token',
  '/extension',
  '/business-information/followup',
  '/business-information/personas',
  '/business-information/prospects',
  '/business-information/personas/:id',
  '/business-information/messaging',
  '/business-information/messaging/call-to-action',
  '/business-information/messaging/case-studies',
  '/business-information/messaging/example',
  '/business-information/messaging/instructions-script',
  '/business-information/messaging/language',
  '/business-information/messaging/message-guidelines',
  '/business-information/messaging/offering',
  '/business-information/messaging/persons',
  '/business-information/messaging/signature',
  '/business-information/messaging/tone-voice',
  '/cabinet',
  '/cabinet/agents',
  '/cabinet/blacklist',
  '/cabinet/brand-awareness',
  '/cabinet/chat/:id',
  '/cabinet/inbox',
  '/cabinet/insights',
  '/cabinet/integrations',
  '/cabinet/mailboxes',
  '/cabinet/campaigns',
  '/cabinet/campaigns/review',
  '/cabinet/campaigns/tasks',
  '/cabinet/campaigns/:id',
  '/cabinet/landing-page',
  '/cabinet/my-products',
  '/cabinet/notifications',
  '/cabinet/pipeline',
  '/cabinet/profile-edit',
  '/cabinet/profile-edit/password',
  '/cabinet/profile-edit/members',
  '/cabinet/onboarding',
  '/cabinet/onboarding/choose-user-profile',
  '/cabinet/onboarding/your-website',
  '/cabinet/onboarding/your-position',
  '/cabinet/onboarding/job-title',
  '/cabinet/onboarding/problem-solving',
  '/cabinet/onboarding/solution',
  '/cabinet/onboarding/different',
  '/cabinet/onboarding/potential-customers',
  '/cabinet/onboarding/price',
  '/cabinet/onboarding/expectations',
  '/cabinet/onboarding/meeting-link',
  '/cabinet/onboarding/phone-number',
  '/cabinet/onboarding/notifications-list',
];

const compiled = WEB_ROUTE_PATTERNS.map((pattern) => {
  const source = pattern
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`, 'i');
});

/** True when a pathname is one of the web app's pages (a trailing slash is allowed, as the router does). */
export function isWebRoute(pathname: string): boolean {
  return compiled.some((re) => re.test(pathname));
}
