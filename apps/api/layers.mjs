// @ts-check
/**
 * THE order of the API's modules (apps/api/src/modules/<name>), lowest first. A module imports only from modules in
 * lower layers (never from its own layer's siblings, never upward); news travels upward as domain events
 * (src/reactions.ts) and kicks by job name (lib/jobs/kicks.ts). Below every module: config, lib, db (and plugins),
 * which never import a module. Above every module: the composition root (app.ts, routes.ts, jobs.ts, reactions.ts,
 * main.ts). Enforced twice: eslint.config.js turns it into import zones, and scripts/api-layers.mjs prints the
 * module graph and fails on a back edge or a module missing here (npm run lint runs both). apps/api/README.md
 * says what each module owns.
 */
export const API_LAYERS = [
  { layer: 'platform', modules: ['activities', 'ai', 'brand', 'docs'] },
  { layer: 'notices', modules: ['notifications', 'blacklist'] },
  { layer: 'identity', modules: ['auth'] },
  { layer: 'account', modules: ['users', 'account-members', 'live', 'billing', 'linkedin-accounts'] },
  { layer: 'mailboxes', modules: ['mailboxes'] },
  { layer: 'sending', modules: ['sending'] },
  { layer: 'business', modules: ['offerings', 'virtual-employees', 'auto-communication', 'compliance'] },
  { layer: 'messaging', modules: ['messaging'] },
  { layer: 'campaigns', modules: ['campaigns'] },
  { layer: 'inbox', modules: ['inbox'] },
  { layer: 'tasks', modules: ['outreach-tasks'] },
  { layer: 'calls', modules: ['phone-calls'] },
  { layer: 'engine', modules: ['engine'] },
  { layer: 'pipeline', modules: ['pipeline'] },
  { layer: 'insights', modules: ['insights'] },
  { layer: 'dashboard', modules: ['dashboard'] },
  { layer: 'interactions', modules: ['interactions'] },
  { layer: 'prospects', modules: ['prospects'] },
  { layer: 'sources', modules: ['prospect-sources'] },
  { layer: 'personas', modules: ['personas'] },
  { layer: 'audience in', modules: ['imports', 'linkedin-searches'] },
  { layer: 'visitors', modules: ['tracking'] },
  { layer: 'features', modules: ['onboarding', 'brand-awareness'] },
  { layer: 'hooks', modules: ['webhooks'] },
  { layer: 'integrations', modules: ['integrations'] },
  { layer: 'demo', modules: ['demo'] },
];
