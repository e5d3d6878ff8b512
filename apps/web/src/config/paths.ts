/**
 * Every URL of the web app (spec §2) in one table, with its page title. Routes, links and guards
 * read from here; no route strings scattered through the code.
 */
type Path = { path: string; title: string; getHref: () => string };

const p = (path: string, title: string): Path => ({ path, title, getHref: () => path });

export const paths = {
  home: p('/', 'AI sales agents for outbound'),
  auth: {
    root: p('/auth', 'Sign in'),
    omniauth: p('/auth/omniauth', 'Signing in'),
    recover: p('/auth/recover', 'Recover Password'),
    resetPassword: p('/auth/reset-password', 'Set a new password'),
    signin: p('/auth/signin', 'Login'),
    signup: p('/auth/signup', 'Create account'),
    verify: p('/auth/verify', 'Verify your email'),
  },
  tracking: p('/tracking', 'Website tracking'),
  invitation: {
    path: '/invitations/:token',
    title: 'Invitation',
    getHref: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  },
  extension: p('/extension', 'Browser extension'),
  businessInformation: {
    followup: p('/business-information/followup', 'Follow Up'),
    personas: p('/business-information/personas', 'Personas'),
    prospects: p('/business-information/prospects', 'Prospects'),
    persona: {
      path: '/business-information/personas/:id',
      title: 'Persona',
      getHref: (id: number | string) => `/business-information/personas/${encodeURIComponent(String(id))}`,
    },
    messaging: {
      root: p('/business-information/messaging', 'Messaging'),
      callToAction: p('/business-information/messaging/call-to-action', 'Call to action'),
      caseStudies: p('/business-information/messaging/case-studies', 'Case studies'),
      example: p('/business-information/messaging/example', 'Example message'),
      instructionsScript: p('/business-information/messaging/instructions-script', 'Call script instructions'),
      language: p('/business-information/messaging/language', 'Language'),
      messageGuidelines: p('/business-information/messaging/message-guidelines', 'Message guidelines'),
      offering: p('/business-information/messaging/offering', 'Offering'),
      persons: p('/business-information/messaging/persons', 'Personas for messaging'),
      signature: p('/business-information/messaging/signature', 'Signature'),
      toneVoice: p('/business-information/messaging/tone-voice', 'Tone of voice'),
    },
  },
  cabinet: {
    dashboard: p('/cabinet', 'Dashboard'),
    agents: p('/cabinet/agents', 'Edit agents'),
    blacklist: p('/cabinet/blacklist', 'Blacklist'),
    brandAwareness: p('/cabinet/brand-awareness', 'Brand awareness'),
    chat: {
      path: '/cabinet/chat/:id',
      title: 'Conversation',
      getHref: (id: number | string) => `/cabinet/chat/${encodeURIComponent(String(id))}`,
    },
    inbox: p('/cabinet/inbox', 'Inbox'),
    insights: p('/cabinet/insights', 'Insights'),
    integrations: p('/cabinet/integrations', 'Integrations'),
    landingPage: p('/cabinet/landing-page', 'Landing page'),
    mailboxes: p('/cabinet/mailboxes', 'Mailboxes'),
    campaigns: p('/cabinet/campaigns', 'Campaigns'),
    review: p('/cabinet/campaigns/review', 'Review queue'),
    tasks: p('/cabinet/campaigns/tasks', 'Tasks'),
    campaign: {
      path: '/cabinet/campaigns/:id',
      title: 'Campaign',
      getHref: (id: number | string) => `/cabinet/campaigns/${encodeURIComponent(String(id))}`,
    },
    myProducts: p('/cabinet/my-products', 'My products'),
    notifications: p('/cabinet/notifications', 'Notifications'),
    pipeline: p('/cabinet/pipeline', 'Pipeline'),
    profileEdit: p('/cabinet/profile-edit', 'Edit Profile'),
    profilePassword: p('/cabinet/profile-edit/password', 'Change password'),
    profileMembers: p('/cabinet/profile-edit/members', 'Members'),
  },
  onboarding: {
    welcome: p('/cabinet/onboarding', 'Welcome'),
  },
} as const;

/** The onboarding steps in the order the flow walks them (the index page, Welcome, comes first). */
export const ONBOARDING_STEPS = [
  { slug: 'choose-user-profile', title: 'Choose your profile' },
  { slug: 'your-website', title: 'Your website' },
  { slug: 'your-position', title: 'Your position' },
  { slug: 'job-title', title: 'Job title' },
  { slug: 'problem-solving', title: 'Problems you solve' },
  { slug: 'solution', title: 'Your solution' },
  { slug: 'different', title: 'What makes you different' },
  { slug: 'potential-customers', title: 'Potential customers' },
  { slug: 'price', title: 'Price' },
  { slug: 'expectations', title: 'Expectations' },
  { slug: 'meeting-link', title: 'Meeting link' },
  { slug: 'phone-number', title: 'Phone number' },
  { slug: 'notifications-list', title: 'Notifications' },
] as const;
export type OnboardingStepSlug = (typeof ONBOARDING_STEPS)[number]['slug'];

export const onboardingStepHref = (slug: OnboardingStepSlug) => `${paths.onboarding.welcome.path}/${slug}`;

/** Pages open to everyone (issue 2 §0): the landing page, /auth/* and /extension, and an invitation link (issue 29). */
export function isOpenPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return path === '/' || path === '/auth' || path.startsWith('/auth/') || path === paths.extension.path || path.startsWith('/invitations/');
}

/** Auth pages a signed-in user is sent away from; omniauth and reset-password stay reachable. */
export function isGuestOnlyPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  if (path === paths.auth.omniauth.path || path === paths.auth.resetPassword.path) return false;
  return path === '/auth' || path.startsWith('/auth/');
}

export function isOnboardingPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return path === paths.onboarding.welcome.path || path.startsWith(`${paths.onboarding.welcome.path}/`);
}

export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
