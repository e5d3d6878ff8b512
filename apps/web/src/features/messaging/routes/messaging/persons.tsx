import { Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CreateMessagingSettingBody, MessagingSetting } from '@shared/schemas/messaging';
import type { Persona } from '@shared/schemas/personas';
import { EmptyState } from '@web/components/page-frame';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { selectClass } from '@web/components/ui/styles';
import { useAssignMessagingSetting } from '../../api/assign-messaging-setting';
import { useCreateMessagingSetting } from '../../api/create-messaging-setting';
import { usePersonas } from '../../api/list-personas';
import { SaveBar } from '../../components/save-bar';
import { MessagingSection } from '../../components/section';
import { useCurrentSetting } from '../../hooks/use-current-setting';
import { LoadError } from '@web/components/ui/load-error';

/** A persona's own settings start from the default's content, so they begin complete. */
function copyOf(s: MessagingSetting | undefined): Omit<CreateMessagingSettingBody, 'persona_id'> {
  if (!s) return {};
  return {
    offering_id: s.offering_id,
    tone_voice: s.tone_voice,
    language: s.language as CreateMessagingSettingBody['language'],
    message_guidelines: s.message_guidelines,
    instructions_script: s.instructions_script,
    call_to_action: s.call_to_action,
    case_studies: s.case_studies,
    signature: s.signature,
  };
}

/** Which settings each persona's messages follow: its own, else the account default. */
function PersonaTable({ personas, settings }: { personas: Persona[]; settings: MessagingSetting[] }) {
  const create = useCreateMessagingSetting();
  const defaultSetting = settings.find((s) => s.persona_id == null);
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Personas and the messaging settings they use</caption>
      <thead className="text-xs text-muted">
        <tr>
          <th scope="col" className="py-2 font-medium">Persona</th>
          <th scope="col" className="py-2 font-medium">Messaging settings</th>
          <th scope="col" className="py-2" />
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {personas.map((p) => {
          const own = settings.find((s) => s.persona_id === p.id);
          return (
            <tr key={p.id}>
              <td className="py-2 text-fg">{p.name}</td>
              <td className="py-2 text-muted">{own ? 'Its own' : defaultSetting ? 'Default' : 'None yet'}</td>
              <td className="py-2 text-right">
                {!own ? (
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    pending={create.isPending && create.variables?.persona_id === p.id}
                    onClick={() => create.mutate({ persona_id: p.id, ...copyOf(defaultSetting) })}
                  >
                    Give {p.name} its own settings
                  </Button>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function AssignForm({ setting, personas }: { setting: MessagingSetting; personas: Persona[] }) {
  const id = useId();
  const assign = useAssignMessagingSetting();
  const [personId, setPersonId] = useState<number | ''>(setting.persona_id ?? '');
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSavedAt(null);
    if (personId === '') {
      setError('Choose a persona');
      return;
    }
    setError(null);
    assign.mutate({ messaging_setting_id: setting.id, person_id: personId }, { onSuccess: () => setSavedAt(new Date()) });
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <div className="max-w-md space-y-1.5">
        <Label htmlFor={id}>Persona for these settings</Label>
        <select
          id={id}
          className={selectClass}
          value={personId}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setPersonId(e.target.value === '' ? '' : Number(e.target.value))}
        >
          <option value="">Choose a persona…</option>
          {personas.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {error ? <p className="text-xs text-danger">{error}</p> : null}
        <p className="text-xs text-muted">
          {setting.persona_id == null
            ? 'These are your default settings, used by every persona without its own. Assigning them makes them one persona’s.'
            : `These settings are ${setting.persona_name ?? 'a persona'}’s.`}
        </p>
      </div>
      <SaveBar pending={assign.isPending} savedAt={savedAt} error={assign.error} />
    </form>
  );
}

function Persons() {
  const { setting, settings } = useCurrentSetting();
  const personas = usePersonas();
  if (personas.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted">
        <Spinner className="h-4 w-4" /> Loading your personas…
      </p>
    );
  }
  if (personas.isError) {
    return (
      <LoadError what="your personas" error={personas.error} onRetry={() => personas.refetch()} />
    );
  }
  const list = personas.data.data;
  if (list.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title="No personas yet"
        action={
          <Button asChild variant="secondary">
            <Link to={paths.businessInformation.personas.getHref()}>Create a persona</Link>
          </Button>
        }
      >
        Messaging settings apply to personas. Create one, then choose which settings it follows.
      </EmptyState>
    );
  }
  return (
    <div className="space-y-6">
      {setting ? <AssignForm key={setting.id} setting={setting} personas={list} /> : null}
      <PersonaTable personas={list} settings={settings} />
    </div>
  );
}

export function PersonsRoute() {
  return <MessagingSection slug="persons">{() => <Persons />}</MessagingSection>;
}
