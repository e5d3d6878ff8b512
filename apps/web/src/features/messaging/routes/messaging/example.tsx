import { RefreshCw, Sparkles } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { MessagingSetting } from '@shared/schemas/messaging';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { selectClass } from '@web/components/ui/styles';
import { useGenerateExampleText } from '../../api/generate-example-text';
import { useLoadedProspects } from '../../api/list-loaded-prospects';
import { usePersonas } from '../../api/list-personas';
import { GeneratedExample, generationErrorText } from '../../components/generated-example';
import { MessagingSection } from '../../components/section';

const prospectLabel = (p: { full_name: string | null; email: string | null; title: string | null; company: string | null; id: number }) => {
  const who = p.full_name ?? p.email ?? `Prospect ${p.id}`;
  const role = [p.title, p.company].filter(Boolean).join(' at ');
  return role ? `${who} — ${role}` : who;
};

function Example({ setting }: { setting: MessagingSetting | null }) {
  const personaSelectId = useId();
  const prospectSelectId = useId();
  const personas = usePersonas();
  const list = personas.data?.data ?? [];
  const [personaChoice, setPersonaChoice] = useState<number | null>(null);
  const personaId = personaChoice ?? setting?.persona_id ?? list[0]?.id ?? null;
  const prospects = useLoadedProspects(personaId);
  const [prospectChoice, setProspectChoice] = useState<number | null>(null);
  const prospectList = prospects.data?.data ?? [];
  const prospectId =
    prospectChoice != null && prospectList.some((p) => p.id === prospectChoice)
      ? prospectChoice
      : (setting?.example_prospect_id != null && prospectList.some((p) => p.id === setting.example_prospect_id)
          ? setting.example_prospect_id
          : prospectList[0]?.id) ?? null;
  const generate = useGenerateExampleText();

  const run = (event?: FormEvent) => {
    event?.preventDefault();
    generate.mutate({
      ...(setting ? { messaging_setting_id: setting.id } : {}),
      ...(personaId != null ? { persona_id: personaId } : {}),
      ...(prospectId != null ? { prospect_id: prospectId } : {}),
    });
  };

  return (
    <div className="space-y-5">
      <form onSubmit={run} className="space-y-3" noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={personaSelectId}>Persona</Label>
            <select
              id={personaSelectId}
              className={selectClass}
              value={personaId ?? ''}
              disabled={personas.isPending || list.length === 0}
              onChange={(e) => {
                setPersonaChoice(e.target.value === '' ? null : Number(e.target.value));
                setProspectChoice(null);
              }}
            >
              {list.length === 0 ? <option value="">{personas.isPending ? 'Loading…' : 'No personas yet'}</option> : null}
              {list.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={prospectSelectId}>Prospect</Label>
            <select
              id={prospectSelectId}
              className={selectClass}
              value={prospectId ?? ''}
              disabled={prospectList.length === 0}
              onChange={(e) => setProspectChoice(e.target.value === '' ? null : Number(e.target.value))}
            >
              {prospectList.length === 0 ? (
                <option value="">{prospects.isLoading ? 'Loading…' : 'No prospects in this persona yet'}</option>
              ) : null}
              {prospectList.map((p) => (
                <option key={p.id} value={p.id}>
                  {prospectLabel(p)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {generate.data ? (
            <Button type="submit" pending={generate.isPending}>
              <RefreshCw className="h-4 w-4" aria-hidden /> Regenerate
            </Button>
          ) : (
            <Button type="submit" pending={generate.isPending}>
              <Sparkles className="h-4 w-4" aria-hidden /> Generate example
            </Button>
          )}
          {generate.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-muted">
              <Spinner className="h-4 w-4" /> Writing the example…
            </p>
          ) : null}
        </div>
      </form>
      {generate.isError ? (
        <Alert>
          <p>{generationErrorText(generate.error)}</p>
        </Alert>
      ) : null}
      {generate.data ? <GeneratedExample result={generate.data} label="Example message" /> : null}
      {!generate.data && !generate.isPending && !generate.isError ? (
        <p className="text-sm text-muted">
          The example uses your offering, tone of voice, call to action, case studies and signature, written to the prospect you pick.
        </p>
      ) : null}
    </div>
  );
}

export function ExampleRoute() {
  return <MessagingSection slug="example">{(setting) => <Example setting={setting} />}</MessagingSection>;
}
