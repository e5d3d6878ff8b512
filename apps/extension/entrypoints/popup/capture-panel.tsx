import { useCallback, useEffect, useState } from 'react';
import { apiErrorMessages, type Api } from '@shared/api';
import type { LinkedInProfile } from '@shared/schemas/linkedin';
import type { Persona, Prospect } from '@shared/schemas/personas';
import { isUnreachable, missingFields, savedMessage } from '../../lib/popup/status';
import { openTab } from './open-tab';
import { Button, Field, Notice, Spinner } from './ui';
import { useTabProfile } from './use-tab-profile';

export function CapturePanel({ api, onUnreachable }: { api: Api; onUnreachable: () => void }) {
  const reply = useTabProfile();
  if (!reply) return <Spinner label="Looking at this tab…" />;
  if (reply.status === 'no_profile' && reply.reason === 'loading') return <Spinner label="Reading the LinkedIn profile…" />;
  if (reply.status !== 'ok') {
    return (
      <div className="grid gap-2 rounded-lg border border-border bg-surface p-3">
        <p className="text-sm font-medium">Not on a LinkedIn profile</p>
        <p className="text-sm text-muted">
          {reply.status === 'no_profile' && reply.reason === 'not_a_profile'
            ? 'This LinkedIn page is not a profile. Open someone’s profile to capture it.'
            : 'Open a LinkedIn profile in this tab to capture it for your AI sales agent.'}
        </p>
        <Button variant="secondary" onClick={() => openTab('https://www.linkedin.com/feed/')}>
          Open LinkedIn
        </Button>
      </div>
    );
  }
  return <ProfileView key={reply.profile.profile_url} api={api} profile={reply.profile} onUnreachable={onUnreachable} />;
}

function ProfileView({ api, profile, onUnreachable }: { api: Api; profile: LinkedInProfile; onUnreachable: () => void }) {
  const [photoFailed, setPhotoFailed] = useState(false);
  const missing = missingFields(profile);
  const role = [profile.current_title, profile.current_company].filter(Boolean).join(' at ');
  // The headline often says the same; show the role only when it adds something.
  const showRole = role && !(profile.headline ?? '').includes(role);
  return (
    <div className="grid gap-3">
      <section aria-label="Captured profile" className="flex gap-3 rounded-lg border border-border bg-surface p-3">
        {profile.photo_url && !photoFailed ? (
          <img src={profile.photo_url} alt="" className="size-14 shrink-0 rounded-full object-cover" onError={() => setPhotoFailed(true)} />
        ) : (
          <span aria-hidden="true" className="grid size-14 shrink-0 place-items-center rounded-full bg-surface-2 text-lg font-semibold text-muted">
            {(profile.full_name ?? '?').slice(0, 1)}
          </span>
        )}
        <div className="min-w-0 space-y-0.5">
          <p className="truncate font-semibold">{profile.full_name ?? (profile.limited ? 'LinkedIn Member (limited profile)' : 'Name not shown')}</p>
          {profile.headline && <p className="line-clamp-2 text-xs text-muted">{profile.headline}</p>}
          {showRole && <p className="truncate text-xs">{role}</p>}
          {profile.location && <p className="truncate text-xs text-muted">{profile.location}</p>}
          {missing.length > 0 && <p className="text-[11px] text-muted">Not on the page: {missing.join(', ')}</p>}
        </div>
      </section>
      <SaveToPersona api={api} profile={profile} onUnreachable={onUnreachable} />
      {profile.is_own_profile && <ConnectOwnAccount api={api} profile={profile} onUnreachable={onUnreachable} />}
    </div>
  );
}

function SaveToPersona({ api, profile, onUnreachable }: { api: Api; profile: LinkedInProfile; onUnreachable: () => void }) {
  const [personas, setPersonas] = useState<Persona[] | null>(null);
  const [saved, setSaved] = useState<Prospect | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [newName, setNewName] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const fail = useCallback(
    (e: unknown) => {
      if (isUnreachable(e)) onUnreachable();
      else setError(apiErrorMessages(e).join(' '));
    },
    [onUnreachable],
  );

  useEffect(() => {
    let live = true;
    Promise.all([api.persons.list({ per_page: 100 }), api.prospects.findByLinkedInUrl(profile.profile_url)])
      .then(([page, prospect]) => {
        if (!live) return;
        setPersonas(page.data);
        setSaved(prospect);
        setSelected((cur) => cur ?? page.data[0]?.id ?? null);
      })
      .catch((e: unknown) => live && fail(e));
    return () => {
      live = false;
    };
  }, [api, profile.profile_url, fail]);

  if (!personas) return error ? <Notice tone="danger">{error}</Notice> : <Spinner label="Loading personas…" />;

  const nameOf = (id: number) => personas.find((p) => p.id === id)?.name ?? `Persona ${id}`;

  const handleAdd = async () => {
    if (selected === null) return;
    setBusy(true);
    setError(null);
    setStatus(null);
    try {
      const wasIn = saved?.persona_ids.includes(selected) ?? false;
      const result = await api.persons.addCapturedProspect(selected, profile);
      setSaved(result.data);
      setStatus(savedMessage(nameOf(selected), result.created, wasIn));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const handleCreate = async () => {
    const name = newName.trim();
    if (!name) return setError('Name is required');
    setBusy(true);
    setError(null);
    try {
      const persona = await api.persons.create({ name });
      setPersonas((list) => [...(list ?? []), persona]);
      setSelected(persona.id);
      setNewName('');
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="Save as a prospect" className="grid gap-2">
      {saved && saved.persona_ids.length > 0 && (
        <p className="flex flex-wrap items-center gap-1.5 text-xs">
          <span className="rounded-full bg-success/15 px-2 py-0.5 font-semibold text-success">Already saved</span>
          <span className="text-muted">in {saved.persona_ids.map(nameOf).join(', ')}</span>
        </p>
      )}
      {personas.length === 0 ? (
        <div className="grid gap-2">
          <p className="text-sm text-muted">You have no personas yet. Create one to save this profile into.</p>
          <Field id="persona-name" label="Persona name" value={newName} onChange={(e) => setNewName(e.target.value)} maxLength={120} />
          <Button variant="secondary" busy={busy} onClick={handleCreate}>
            Create persona
          </Button>
        </div>
      ) : (
        <div className="grid gap-2">
          <div className="grid gap-1">
            <label htmlFor="persona" className="text-xs font-medium text-muted">
              Persona
            </label>
            <select
              id="persona"
              value={selected ?? ''}
              onChange={(e) => setSelected(Number(e.target.value))}
              className="rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm text-fg outline-none focus:border-accent"
            >
              {personas.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <Button busy={busy} onClick={handleAdd} disabled={selected === null}>
            Add to persona
          </Button>
        </div>
      )}
      {status && <Notice tone="success">{status}</Notice>}
      {error && <Notice tone="danger">{error}</Notice>}
    </section>
  );
}

function ConnectOwnAccount({ api, profile, onUnreachable }: { api: Api; profile: LinkedInProfile; onUnreachable: () => void }) {
  const [state, setState] = useState<'checking' | 'connected' | 'not_connected'>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    api.linkedInAccounts
      .searchByProfileUrl(profile.profile_url)
      .then((account) => live && setState(account ? 'connected' : 'not_connected'))
      .catch((e: unknown) => {
        if (!live) return;
        if (isUnreachable(e)) onUnreachable();
        setState('not_connected');
      });
    return () => {
      live = false;
    };
  }, [api, profile.profile_url, onUnreachable]);

  const handleConnect = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.linkedInAccounts.create({
        profile_url: profile.profile_url,
        full_name: profile.full_name,
        headline: profile.headline,
        photo_url: profile.photo_url,
      });
      setState('connected');
    } catch (e) {
      if (isUnreachable(e)) onUnreachable();
      else setError(apiErrorMessages(e).join(' '));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label="Your LinkedIn account" className="grid gap-2 rounded-lg border border-border bg-surface p-3">
      <p className="text-sm font-medium">This is me</p>
      {state === 'checking' && <Spinner label="Checking your LinkedIn account…" />}
      {state === 'connected' && <Notice tone="success">Connected</Notice>}
      {state === 'not_connected' && (
        <Button variant="secondary" busy={busy} onClick={handleConnect}>
          Connect as my LinkedIn account
        </Button>
      )}
      {error && <Notice tone="danger">{error}</Notice>}
    </section>
  );
}
