import { EXTENSION_POLL_INTERVAL_MS } from '@shared/constants';
import type { AccountStatus } from '@shared/schemas/linkedin';
import { api } from '@web/lib/api';
import { DEFAULT_EXTENSION_TIMEOUT_MS, sendToExtension } from '@web/lib/extension-bridge';
import { useExtensionStore } from '@web/stores/extension';

/**
 * Extension detection and profile polling (spec §4, §9: every 2000 ms).
 *
 * One tick asks for presence and, when the extension answered, for the profile. The next tick is
 * scheduled only after the previous one has settled (a setTimeout chain, never setInterval), so
 * requests never pile up behind a slow or restarting service worker.
 *
 * Phases of the profile polling:
 * - 'until-ok': no profile yet; ask every 2000 ms until a reply with status ok, then mark the
 *   LinkedIn tab open, store the data and switch phase.
 * - 'keep-current': keep asking every 2000 ms so a newly opened or navigated profile replaces the
 *   data. A reply without a profile (tab closed, left the profile) marks the tab closed and keeps
 *   the last data, which the pages label "last seen".
 *
 * Polling pauses while document.hidden and resumes (with an immediate tick) on visibilitychange.
 * After a profile arrives, the public account-status call runs once per distinct profile URL.
 */
export type PollPhase = 'until-ok' | 'keep-current';

export type PollerDeps = {
  send: typeof sendToExtension;
  accountStatus: (profileUrl: string) => Promise<{ status: AccountStatus }>;
  store: typeof useExtensionStore;
  doc: Document;
  intervalMs: number;
  timeoutMs: number;
  logger: Pick<Console, 'warn'>;
};

export type ExtensionPoller = {
  start: () => void;
  stop: () => void;
  phase: () => PollPhase;
  running: () => boolean;
};

export function createExtensionPoller(overrides: Partial<PollerDeps> = {}): ExtensionPoller {
  const deps: PollerDeps = {
    send: sendToExtension,
    accountStatus: (url) => api.linkedInAccounts.accountStatus(url),
    store: useExtensionStore,
    doc: document,
    intervalMs: EXTENSION_POLL_INTERVAL_MS,
    timeoutMs: DEFAULT_EXTENSION_TIMEOUT_MS,
    logger: console,
    ...overrides,
  };
  const { store, doc } = deps;
  const state = () => store.getState();

  let running = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;
  let phase: PollPhase = state().dataExtension ? 'keep-current' : 'until-ok';
  // The status already known for the data in the store counts as asked (no second call after a page change).
  let statusAskedFor: string | null = state().accountStatusLinkedin !== '' ? (state().dataExtension?.profile.profile_url ?? null) : null;
  let statusFailureLogged = false;

  const clearTimer = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };

  function checkAccountStatus(profileUrl: string) {
    if (profileUrl === statusAskedFor) return;
    statusAskedFor = profileUrl;
    const stillCurrent = () => state().dataExtension?.profile.profile_url === profileUrl;
    deps.accountStatus(profileUrl).then(
      (response) => {
        if (!stillCurrent()) return;
        const status = response?.status;
        state().setAccountStatus(status === 'connected' || status === 'not_connected' ? status : '');
      },
      (error: unknown) => {
        // Spec §8: an account-status failure is logged only; the status stays empty.
        if (stillCurrent()) state().setAccountStatus('');
        if (!statusFailureLogged) {
          statusFailureLogged = true;
          deps.logger.warn(`[extension] account status failed for ${profileUrl}: ${error instanceof Error ? error.message : String(error)}`);
        }
      },
    );
  }

  async function tick(): Promise<void> {
    const presence = await deps.send({ type: 'presence' }, { timeoutMs: deps.timeoutMs });
    if (!running) return;
    const installed = presence?.status === 'ok';
    state().setExtensionInstalled(installed);
    if (!installed) {
      state().setLinkedinTabClosed();
      return;
    }
    const reply = await deps.send({ type: 'profile' }, { timeoutMs: deps.timeoutMs });
    if (!running) return;
    if (reply?.status === 'ok') {
      state().setProfile({ profile: reply.profile, url: reply.url, captured_at: reply.captured_at });
      phase = 'keep-current';
      checkAccountStatus(reply.profile.profile_url);
    } else {
      // no_profile, an error reply or no answer: the tab is closed (or elsewhere); the data stays as last seen.
      state().setLinkedinTabClosed();
    }
  }

  function schedule() {
    clearTimer();
    if (!running || doc.hidden) return;
    timer = setTimeout(runTick, deps.intervalMs);
  }

  function runTick() {
    timer = null;
    if (inFlight || !running || doc.hidden) return;
    inFlight = tick()
      .catch((error: unknown) => deps.logger.warn(`[extension] polling tick failed: ${String(error)}`))
      .finally(() => {
        inFlight = null;
        schedule();
      });
  }

  function onVisibilityChange() {
    if (doc.hidden) clearTimer();
    else if (running && !inFlight && timer === null) runTick();
  }

  return {
    start() {
      if (running) return;
      running = true;
      if (!state().isExtensionInstalled) state().setLoading(true);
      doc.addEventListener('visibilitychange', onVisibilityChange);
      // A tick still settling from before a stop schedules the next one itself.
      if (!inFlight) runTick();
    },
    stop() {
      running = false;
      clearTimer();
      doc.removeEventListener('visibilitychange', onVisibilityChange);
    },
    phase: () => phase,
    running: () => running,
  };
}
