import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { apiErrorMessages } from '@shared/api';
import type { LinkedInProfile } from '@shared/schemas/linkedin';
import type { Persona } from '@shared/schemas/personas';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import {
  useAddCapturedProspect,
  useCreatePersona,
  usePersonas,
  useProspectByLinkedInUrl,
} from '@web/features/messaging';
import { dashboardKeys } from '../api/keys';
import { personaNameError } from './validation';
import { LoadError } from '@web/components/ui/load-error';
import { selectClass } from '@web/components/ui/styles';

/** Inline persona creation (the user has none yet, or wants another). */
function CreatePersonaForm({ onCreated, onCancel }: { onCreated: (persona: Persona) => void; onCancel?: () => void }) {
  const create = useCreatePersona();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = personaNameError(name);
    setError(problem);
    if (problem) return;
    create.mutate({ name: name.trim() }, {
      onSuccess: (persona) => {
        setName('');
        // The dashboard's figures count personas.
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
        onCreated(persona);
      },
    });
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field label="Persona name" value={name} onChange={(e) => setName(e.target.value)} error={error} placeholder="e.g. Heads of Sales in SaaS" />
      <ServerErrors messages={create.isError ? apiErrorMessages(create.error) : null} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" pending={create.isPending}>
          Create persona
        </Button>
        {onCancel ? (
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** "Already saved in …" from the prospect with this LinkedIn URL. */
function SavedState({ profileUrl, personas }: { profileUrl: string; personas: Persona[] | undefined }) {
  const existing = useProspectByLinkedInUrl(profileUrl);
  if (existing.isPending) return <p className="text-xs text-muted">Checking whether this person is saved…</p>;
  if (existing.isError) return <p className="text-xs text-muted">Could not check whether this person is already saved.</p>;
  if (!existing.data) return <p className="text-xs text-muted">Not saved yet.</p>;
  const names = existing.data.persona_ids
    .map((id) => personas?.find((p) => p.id === id)?.name)
    .filter((n): n is string => Boolean(n));
  return (
    <p className="flex items-center gap-1.5 text-sm text-fg">
      <CheckCircle2 className="h-4 w-4 text-success" aria-hidden />
      <span>
        <span className="font-medium">Already saved</span>
        {names.length > 0 ? ` in ${names.join(', ')}` : null}
      </span>
    </p>
  );
}

type Result = { profileUrl: string; personaName: string; created: boolean };

/** Add the captured person as a prospect to one of the user's personas. */
export function AddToPersona({ profile }: { profile: LinkedInProfile }) {
  const personas = usePersonas();
  const add = useAddCapturedProspect();
  const queryClient = useQueryClient();
  const selectId = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const list = personas.data?.data;
  const selected = list?.find((p) => p.id === chosen) ?? list?.[0] ?? null;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!selected) return;
    const persona = selected;
    add.mutate(
      { personaId: persona.id, profile },
      {
        onSuccess: (r) => {
          setResult({ profileUrl: profile.profile_url, personaName: persona.name, created: r.created });
          // A new prospect and its prospect_added activity change the dashboard's figures and feed.
          void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
        },
      },
    );
  };

  let body;
  if (personas.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted">
        <Spinner className="h-4 w-4" /> Loading your personas…
      </p>
    );
  } else if (personas.isError) {
    body = (
      <LoadError what="your personas" error={personas.error} onRetry={() => personas.refetch()} />
    );
  } else if (!list || list.length === 0 || creating) {
    body = (
      <div className="space-y-2">
        {!list || list.length === 0 ? (
          <p className="text-sm text-muted">You have no personas yet. Create one to save this person to it.</p>
        ) : null}
        <CreatePersonaForm
          onCreated={(persona) => {
            setChosen(persona.id);
            setCreating(false);
          }}
          onCancel={list && list.length > 0 ? () => setCreating(false) : undefined}
        />
      </div>
    );
  } else {
    body = (
      <form onSubmit={save} className="flex flex-wrap items-end gap-2">
        <div className="min-w-48 flex-1 space-y-1.5">
          <Label htmlFor={selectId}>Persona</Label>
          <select
            id={selectId}
            className={selectClass}
            value={selected?.id ?? ''}
            onChange={(e) => setChosen(Number(e.target.value))}
          >
            {list.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" pending={add.isPending}>
          Add to persona
        </Button>
        <Button type="button" variant="ghost" size="icon" aria-label="New persona" title="New persona" onClick={() => setCreating(true)}>
          <Plus className="h-4 w-4" aria-hidden />
        </Button>
      </form>
    );
  }

  const shownResult = result && result.profileUrl === profile.profile_url ? result : null;
  return (
    <div className="space-y-3">
      <SavedState profileUrl={profile.profile_url} personas={list} />
      {body}
      {add.isError ? <ServerErrors messages={apiErrorMessages(add.error)} /> : null}
      {shownResult && !add.isPending ? (
        <Alert tone="success">
          <p>{shownResult.created ? `Saved to ${shownResult.personaName}` : `Updated in ${shownResult.personaName}`}</p>
        </Alert>
      ) : null}
    </div>
  );
}
