import { data, redirect, type RouteObject } from 'react-router';
import { ERROR_MESSAGES } from '@shared/errors';
import { ONBOARDING_STEPS, paths } from '@web/config/paths';
import { guardLoader, positiveIntegerParam, type ParamsValidator } from './guard-loader';
import { mergeMeta, type RouteMeta } from './route-meta';

type Lazy = NonNullable<RouteObject['lazy']>;

/** A route definition: meta is inherited by children, every leaf runs the guard. */
type RouteDef = {
  path?: string;
  index?: boolean;
  meta?: RouteMeta;
  lazy?: () => Promise<Partial<Pick<RouteObject, 'Component'>>>;
  validate?: ParamsValidator;
  children?: RouteDef[];
  loader?: RouteObject['loader'];
};

function build(defs: RouteDef[], inherited: RouteMeta = {}): RouteObject[] {
  return defs.map((def) => {
    const meta = mergeMeta([inherited, def.meta ?? {}]);
    const route: RouteObject = def.index
      ? { index: true, handle: meta }
      : { path: def.path, handle: meta, children: def.children ? build(def.children, meta) : undefined };
    if (def.lazy) route.lazy = def.lazy as Lazy;
    route.loader = def.loader ?? (def.children ? undefined : guardLoader(meta, def.validate));
    return route;
  });
}

const rel = (full: string, parent: string) => full.slice(parent.length + 1);

const cabinet = (title: string, middleware = true): RouteMeta => ({
  title,
  layout: 'cabinet',
  ...(middleware ? { middleware: ['cabinet'] } : {}),
});

const bi = paths.businessInformation;
const msg = bi.messaging;
const cab = paths.cabinet;

/** Each messaging section is its own lazy page chunk (features/messaging/routes/messaging/*). */
const messagingChildren: { def: { path: string; title: string }; lazy: NonNullable<RouteDef['lazy']> }[] = [
  { def: msg.callToAction, lazy: () => import('@web/features/messaging/routes/messaging/call-to-action').then((m) => ({ Component: m.CallToActionRoute })) },
  { def: msg.caseStudies, lazy: () => import('@web/features/messaging/routes/messaging/case-studies').then((m) => ({ Component: m.CaseStudiesRoute })) },
  { def: msg.example, lazy: () => import('@web/features/messaging/routes/messaging/example').then((m) => ({ Component: m.ExampleRoute })) },
  { def: msg.instructionsScript, lazy: () => import('@web/features/messaging/routes/messaging/instructions-script').then((m) => ({ Component: m.InstructionsScriptRoute })) },
  { def: msg.language, lazy: () => import('@web/features/messaging/routes/messaging/language').then((m) => ({ Component: m.LanguageRoute })) },
  { def: msg.messageGuidelines, lazy: () => import('@web/features/messaging/routes/messaging/message-guidelines').then((m) => ({ Component: m.MessageGuidelinesRoute })) },
  { def: msg.offering, lazy: () => import('@web/features/messaging/routes/messaging/offering').then((m) => ({ Component: m.OfferingRoute })) },
  { def: msg.persons, lazy: () => import('@web/features/messaging/routes/messaging/persons').then((m) => ({ Component: m.PersonsRoute })) },
  { def: msg.signature, lazy: () => import('@web/features/messaging/routes/messaging/signature').then((m) => ({ Component: m.SignatureRoute })) },
  { def: msg.toneVoice, lazy: () => import('@web/features/messaging/routes/messaging/tone-voice').then((m) => ({ Component: m.ToneVoiceRoute })) },
];

/** Every route of spec §2. Page chunks are lazy; handles carry title, layout and middleware. */
export const routeDefs: RouteDef[] = [
  {
    path: paths.home.path,
    meta: { title: paths.home.title, layout: 'landing', middleware: ['public'] },
    lazy: () => import('@web/features/home/routes/landing').then((m) => ({ Component: m.LandingRoute })),
  },
  // Auth
  { path: paths.auth.root.path, meta: { title: paths.auth.root.title }, loader: () => redirect(paths.auth.signin.path) },
  {
    path: paths.auth.signin.path,
    meta: { title: paths.auth.signin.title, layout: 'public', light: true },
    lazy: () => import('@web/features/auth/routes/signin').then((m) => ({ Component: m.SignInRoute })),
  },
  {
    path: paths.auth.signup.path,
    meta: { title: paths.auth.signup.title, layout: 'public', light: true },
    lazy: () => import('@web/features/auth/routes/signup').then((m) => ({ Component: m.SignUpRoute })),
  },
  {
    path: paths.auth.verify.path,
    meta: { title: paths.auth.verify.title, layout: 'public', light: true },
    lazy: () => import('@web/features/auth/routes/verify').then((m) => ({ Component: m.VerifyRoute })),
  },
  {
    path: paths.auth.recover.path,
    meta: { title: paths.auth.recover.title, layout: 'public', light: true },
    lazy: () => import('@web/features/auth/routes/recover').then((m) => ({ Component: m.RecoverRoute })),
  },
  {
    path: paths.auth.resetPassword.path,
    meta: { title: paths.auth.resetPassword.title, layout: 'public', light: true },
    lazy: () => import('@web/features/auth/routes/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
  },
  {
    path: paths.auth.omniauth.path,
    meta: { title: paths.auth.omniauth.title, layout: 'public' },
    lazy: () => import('@web/features/auth/routes/omniauth').then((m) => ({ Component: m.OmniauthRoute })),
  },
  {
    path: paths.invitation.path,
    meta: { title: paths.invitation.title, layout: 'public' },
    lazy: () => import('@web/features/team/routes/invitation').then((m) => ({ Component: m.InvitationRoute })),
  },
  // Topnav pages
  {
    path: paths.tracking.path,
    meta: { title: paths.tracking.title, layout: 'topnav' },
    lazy: () => import('@web/features/tracking/routes/tracking').then((m) => ({ Component: m.TrackingRoute })),
  },
  {
    path: paths.extension.path,
    meta: { title: paths.extension.title, layout: 'topnav' },
    lazy: () => import('@web/features/extension/routes/extension').then((m) => ({ Component: m.ExtensionRoute })),
  },
  {
    path: bi.followup.path,
    meta: { title: bi.followup.title, layout: 'topnav' },
    lazy: () => import('@web/features/messaging/routes/followup').then((m) => ({ Component: m.FollowupRoute })),
  },
  {
    path: bi.personas.path,
    meta: { title: bi.personas.title, layout: 'topnav' },
    lazy: () => import('@web/features/personas/routes/personas').then((m) => ({ Component: m.PersonasRoute })),
  },
  {
    path: bi.prospects.path,
    meta: { title: bi.prospects.title, layout: 'topnav' },
    lazy: () => import('@web/features/personas/routes/prospects').then((m) => ({ Component: m.ProspectsRoute })),
  },
  {
    path: bi.persona.path,
    meta: { title: bi.persona.title, layout: 'topnav' },
    validate: positiveIntegerParam('id'),
    lazy: () => import('@web/features/personas/routes/persona').then((m) => ({ Component: m.PersonaRoute })),
  },
  {
    path: msg.root.path,
    meta: { title: msg.root.title, layout: 'topnav' },
    lazy: () => import('@web/features/messaging/routes/messaging').then((m) => ({ Component: m.MessagingLayoutRoute })),
    children: [
      {
        index: true,
        meta: { title: msg.root.title },
        lazy: () => import('@web/features/messaging/routes/messaging').then((m) => ({ Component: m.MessagingIndexRoute })),
      },
      ...messagingChildren.map((child) => ({
        path: rel(child.def.path, msg.root.path),
        meta: { title: child.def.title },
        lazy: child.lazy,
      })),
    ],
  },
  // Cabinet
  {
    path: cab.dashboard.path,
    meta: cabinet(cab.dashboard.title),
    lazy: () => import('@web/features/dashboard/routes/dashboard').then((m) => ({ Component: m.DashboardRoute })),
  },
  {
    path: cab.agents.path,
    meta: cabinet(cab.agents.title, false),
    lazy: () => import('@web/features/virtual-employees/routes/agents').then((m) => ({ Component: m.AgentsRoute })),
  },
  {
    path: cab.blacklist.path,
    meta: cabinet(cab.blacklist.title),
    lazy: () => import('@web/features/blacklist/routes/blacklist').then((m) => ({ Component: m.BlacklistRoute })),
  },
  {
    path: cab.brandAwareness.path,
    meta: { ...cabinet(cab.brandAwareness.title), feature: 'brand_awareness' },
    lazy: () => import('@web/features/brand-awareness/routes/brand-awareness').then((m) => ({ Component: m.BrandAwarenessRoute })),
  },
  {
    path: cab.chat.path,
    meta: { title: cab.chat.title, layout: 'empty' },
    validate: positiveIntegerParam('id'),
    lazy: () => import('@web/features/inbox/routes/chat').then((m) => ({ Component: m.ChatRoute })),
  },
  {
    path: cab.inbox.path,
    meta: cabinet(cab.inbox.title),
    lazy: () => import('@web/features/inbox/routes/inbox').then((m) => ({ Component: m.InboxRoute })),
  },
  {
    path: cab.insights.path,
    meta: cabinet(cab.insights.title, false),
    lazy: () => import('@web/features/insights/routes/insights').then((m) => ({ Component: m.InsightsRoute })),
  },
  {
    path: cab.integrations.path,
    meta: { ...cabinet(cab.integrations.title), feature: 'integrations' },
    lazy: () => import('@web/features/integrations/routes/integrations').then((m) => ({ Component: m.IntegrationsRoute })),
  },
  {
    path: cab.campaigns.path,
    meta: cabinet(cab.campaigns.title),
    lazy: () => import('@web/features/campaigns/routes/campaigns').then((m) => ({ Component: m.CampaignsRoute })),
  },
  {
    path: cab.review.path,
    meta: cabinet(cab.review.title),
    lazy: () => import('@web/features/campaigns/routes/review').then((m) => ({ Component: m.ReviewRoute })),
  },
  {
    path: cab.tasks.path,
    meta: cabinet(cab.tasks.title),
    lazy: () => import('@web/features/campaigns/routes/tasks').then((m) => ({ Component: m.TasksRoute })),
  },
  {
    path: cab.campaign.path,
    meta: cabinet(cab.campaign.title),
    lazy: () => import('@web/features/campaigns/routes/campaign').then((m) => ({ Component: m.CampaignRoute })),
  },
  {
    path: cab.mailboxes.path,
    meta: cabinet(cab.mailboxes.title),
    lazy: () => import('@web/features/mailboxes/routes/mailboxes').then((m) => ({ Component: m.MailboxesRoute })),
  },
  {
    path: cab.landingPage.path,
    meta: cabinet(cab.landingPage.title),
    lazy: () => import('@web/features/landing-page/routes/landing-page').then((m) => ({ Component: m.LandingPageRoute })),
  },
  {
    path: cab.myProducts.path,
    meta: cabinet(cab.myProducts.title),
    lazy: () => import('@web/features/offerings/routes/my-products').then((m) => ({ Component: m.MyProductsRoute })),
  },
  {
    path: cab.notifications.path,
    meta: cabinet(cab.notifications.title, false),
    lazy: () => import('@web/features/notifications/routes/notifications').then((m) => ({ Component: m.NotificationsRoute })),
  },
  {
    path: cab.pipeline.path,
    meta: cabinet(cab.pipeline.title, false),
    lazy: () => import('@web/features/pipeline/routes/pipeline').then((m) => ({ Component: m.PipelineRoute })),
  },
  {
    path: cab.profileEdit.path,
    meta: cabinet(cab.profileEdit.title),
    lazy: () => import('@web/features/users/routes/profile-edit-layout').then((m) => ({ Component: m.ProfileEditLayoutRoute })),
    children: [
      {
        index: true,
        lazy: () => import('@web/features/users/routes/profile-form').then((m) => ({ Component: m.ProfileFormRoute })),
      },
      {
        path: rel(cab.profilePassword.path, cab.profileEdit.path),
        meta: { title: cab.profilePassword.title },
        lazy: () => import('@web/features/users/routes/password-form').then((m) => ({ Component: m.PasswordFormRoute })),
      },
      {
        path: rel(cab.profileMembers.path, cab.profileEdit.path),
        meta: { title: cab.profileMembers.title },
        lazy: () => import('@web/features/team/routes/members').then((m) => ({ Component: m.MembersRoute })),
      },
    ],
  },
  // Onboarding
  {
    path: paths.onboarding.welcome.path,
    meta: { middleware: ['onboarding'], layout: 'onboarding' },
    children: [
      {
        index: true,
        meta: { title: paths.onboarding.welcome.title, layout: 'empty' },
        lazy: () => import('@web/features/onboarding/routes/welcome').then((m) => ({ Component: m.WelcomeRoute })),
      },
      ...ONBOARDING_STEPS.map((step) => ({
        path: step.slug,
        meta: { title: step.title },
        lazy: () => import('@web/features/onboarding/routes/step').then((m) => ({ Component: m.OnboardingStepRoute })),
      })),
    ],
  },
  // No route matched: 404 'Page not found: <path>' (spec §8).
  {
    path: '*',
    meta: { title: 'Page not found' },
    // Never rendered: the loader always throws to the error screen.
    lazy: async () => ({ Component: () => null }),
    loader: ({ request }) => {
      const message = ERROR_MESSAGES.noRouteMatch(new URL(request.url).pathname);
      console.error(message);
      throw data(message, { status: 404, statusText: 'Not Found' });
    },
  },
];

export const pageRoutes: RouteObject[] = build(routeDefs);
