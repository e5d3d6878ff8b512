import { useCallback, useEffect, useState, type CSSProperties } from 'react';
import { browser } from 'wxt/browser';
import { createApi, createApiClient, apiErrorMessages, type Api } from '@shared/api';
import { getBrand } from '@shared/brands';
import { signInBodySchema } from '@shared/schemas/auth';
import { isSignedIn, normalizeServer, readServer, storageHeaderStore, writeServer } from '../../lib/popup/settings';
import { isUnreachable } from '../../lib/popup/status';
import { CapturePanel } from './capture-panel';
import { LinkedInTasksPanel } from './linkedin-tasks-panel';
import { openTab } from './open-tab';
import { SearchProgressPanel } from './search-progress-panel';
import { Button, Field, Notice, Spinner } from './ui';

const BRAND_ID = Number(import.meta.env.WXT_BRAND_ID ?? 0);
const local = browser.storage.local;
const headerStore = storageHeaderStore(local);

type AuthState = 'unknown' | 'signed_out' | 'signed_in';

/** A client for one server; a 401 clears the stored headers (the client does) and calls onUnauthorized. */
function makeApi(origin: string, onUnauthorized: () => void): Api {
  return createApi(createApiClient({ baseUrl: origin, headerStore, onUnauthorized }));
}


/** The popup mini-cabinet: sign in, see the captured profile, save it, connect your own LinkedIn. */
export function Popup() {
  const brand = getBrand(Number.isInteger(BRAND_ID) ? BRAND_ID : 0);
  const [server, setServer] = useState<string | null>(null);
  const [api, setApi] = useState<Api | null>(null);
  const [auth, setAuth] = useState<AuthState>('unknown');
  /** The server whose brand mark failed to load (a letter mark stands in). The wordmark (logo.svg) draws its name in currentColor, unreadable in an <img> on dark: the square mark plus the name as text, as the web app does. */
  const [logoFailed, setLogoFailed] = useState<string | null>(null);

  const applyServer = (origin: string) => {
    setServer(origin);
    setApi(makeApi(origin, () => setAuth('signed_out')));
  };

  useEffect(() => {
    void (async () => {
      const origin = await readServer(local);
      setServer(origin);
      setApi(makeApi(origin, () => setAuth('signed_out')));
      setAuth((await isSignedIn(local)) ? 'signed_in' : 'signed_out');
    })();
  }, []);

  const style = { '--accent': brand.accent_color } as CSSProperties;
  return (
    <main style={style} className="grid w-[360px] gap-3 p-4">
      <header className="flex items-center gap-2.5">
        {server && logoFailed !== server ? (
          <img key={server} src={`${server}${brand.favicon_big}`} alt="" className="h-7 w-7 rounded-md object-contain" onError={() => setLogoFailed(server)} />
        ) : (
          <span aria-hidden="true" className="grid size-7 place-items-center rounded-md bg-accent font-bold text-accent-fg">
            {brand.company_name.slice(0, 1)}
          </span>
        )}
        <h1 className="text-base font-semibold">{brand.company_name}</h1>
      </header>
      {auth === 'unknown' || !server || !api ? (
        <Spinner label="Loading…" />
      ) : auth === 'signed_out' ? (
        <SignInView
          server={server}
          onSignedIn={async (origin) => {
            await writeServer(local, origin);
            applyServer(origin);
            setAuth('signed_in');
          }}
        />
      ) : (
        <SignedInView api={api} server={server} onSignedOut={() => setAuth('signed_out')} />
      )}
    </main>
  );
}

function SignInView({ server, onSignedIn }: { server: string; onSignedIn: (origin: string) => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [serverText, setServerText] = useState(server);
  const [errors, setErrors] = useState<{ email?: string; password?: string; server?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const origin = normalizeServer(serverText);
    const parsed = signInBodySchema.safeParse({ email, password });
    const next: typeof errors = {};
    if (!origin) next.server = 'Server must be an address like http://localhost:3000';
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as 'email' | 'password';
        next[key] ??= issue.message;
      }
    }
    setErrors(next);
    if (!origin || !parsed.success) return;
    setBusy(true);
    try {
      // A client for the chosen server; it stores the headers the server answers with.
      const api = makeApi(origin, () => undefined);
      await api.auth.signIn(parsed.data);
      await onSignedIn(origin);
    } catch (error) {
      setErrors({ form: isUnreachable(error) ? `Cannot reach ${origin}. Check the Server address and that the server is running.` : apiErrorMessages(error).join(' ') });
    } finally {
      setBusy(false);
    }
  };

  const signupOrigin = normalizeServer(serverText) ?? server;
  return (
    <form className="grid gap-3" onSubmit={handleSubmit} noValidate>
      <p className="text-sm text-muted">Sign in to save LinkedIn profiles to your personas.</p>
      <Field id="email" label="Email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} />
      <Field id="password" label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} />
      <Field id="server" label="Server" type="url" value={serverText} onChange={(e) => setServerText(e.target.value)} error={errors.server} />
      {errors.form && <Notice tone="danger">{errors.form}</Notice>}
      <Button type="submit" busy={busy}>
        Sign in
      </Button>
      <p className="text-center text-xs text-muted">
        No account?{' '}
        <a
          href={`${signupOrigin}/auth/signup`}
          className="font-medium text-accent underline-offset-2 hover:underline"
          onClick={(e) => {
            e.preventDefault();
            openTab(`${signupOrigin}/auth/signup`);
          }}
        >
          Create an account
        </a>
      </p>
    </form>
  );
}

function SignedInView({ api, server, onSignedOut }: { api: Api; server: string; onSignedOut: () => void }) {
  const [reach, setReach] = useState<'checking' | 'ok' | 'unreachable'>('checking');
  const [email, setEmail] = useState<string | null>(null);

  const probe = useCallback(
    () =>
      api.user
        .userInfo()
        .then((user) => {
          setEmail(user.email);
          setReach('ok');
        })
        // A 401 is handled by the client (back to sign-in); any other answer means the server is there.
        .catch((error: unknown) => setReach(isUnreachable(error) ? 'unreachable' : 'ok')),
    [api],
  );
  useEffect(() => {
    void probe();
  }, [probe]);
  const handleRetry = () => {
    setReach('checking');
    void probe();
  };

  const handleSignOut = async () => {
    await api.auth.signOut().catch(() => undefined);
    await headerStore.clear();
    onSignedOut();
  };

  return (
    <div className="grid gap-3">
      {reach === 'checking' && <Spinner label="Connecting…" />}
      {reach === 'unreachable' && (
        <div className="grid gap-2 rounded-lg border border-border bg-surface p-3">
          <Notice tone="danger">Cannot reach the server at {server}. Check that it is running and that you are online.</Notice>
          <Button variant="secondary" onClick={handleRetry}>
            Retry
          </Button>
        </div>
      )}
      {reach === 'ok' && <SearchProgressPanel />}
      {reach === 'ok' && <CapturePanel api={api} onUnreachable={() => setReach('unreachable')} />}
      {reach === 'ok' && <LinkedInTasksPanel api={api} onUnreachable={() => setReach('unreachable')} />}
      <footer className="grid gap-1 border-t border-border pt-3">
        <div className="flex items-center justify-between gap-2">
          <Button variant="secondary" className="whitespace-nowrap" onClick={() => openTab(`${server}/cabinet`)}>
            Open the cabinet
          </Button>
          <Button variant="ghost" className="whitespace-nowrap" onClick={handleSignOut}>
            Sign out
          </Button>
        </div>
        {email && (
          <p className="truncate text-xs text-muted" title={email}>
            Signed in as {email}
          </p>
        )}
      </footer>
    </div>
  );
}
