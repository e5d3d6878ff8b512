import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { selectClass } from '@web/components/ui/styles';
import { paths } from '@web/config/paths';
import { notify } from '@web/lib/notify';
import { useCreateCampaign, usePersonaOptions, useVirtualEmployeeOptions } from '../api/campaigns';
import { sequenceProblem } from '@shared/schemas/campaigns';
import { CampaignRulesFields, type CampaignRules } from './campaign-rules-fields';
import { SequenceFields, type SequenceValue } from './sequence-fields';

type Mode = '' | 'review' | 'autonomous';

/** New campaign: a name, the persona it writes to, the virtual employees it writes as, and the mode. */
export function CreateCampaignDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const personas = usePersonaOptions();
  const employees = useVirtualEmployeeOptions();
  const create = useCreateCampaign();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [personId, setPersonId] = useState('');
  const [employeeIds, setEmployeeIds] = useState<number[]>([]);
  const [mode, setMode] = useState<Mode>('');
  const [rules, setRules] = useState<CampaignRules>({ allow_overlap: false, stop_company_on_reply: false });
  const [steps, setSteps] = useState<SequenceValue>(null);
  const [error, setError] = useState<string | null>(null);
  const loading = personas.isPending || employees.isPending;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Name is required');
    if (!personId) return setError('Choose a persona');
    if (employeeIds.length === 0) return setError('Choose at least one virtual employee');
    const problem = steps ? sequenceProblem(steps) : null;
    if (problem) return setError(problem);
    setError(null);
    create.mutate(
      { name: name.trim(), person_id: Number(personId), virtual_employee_ids: employeeIds, ...(mode ? { mode } : {}), ...rules, ...(steps ? { steps } : {}) },
      {
        onSuccess: (campaign) => {
          notify.success('Campaign created: start it when you are ready');
          onOpenChange(false);
          void navigate(paths.cabinet.campaign.getHref(campaign.id));
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="New campaign" description="The agent writes to the prospects of a persona as your virtual employees, from your messaging settings.">
      {loading ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading personas and virtual employees" />
        </div>
      ) : personas.isError || employees.isError ? (
        <ServerErrors messages={apiErrorMessages(personas.error ?? employees.error)} />
      ) : (
        <form className="space-y-4" onSubmit={submit} noValidate>
          <Field label="Campaign name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} autoFocus />
          <div className="space-y-1.5">
            <Label htmlFor="campaign-persona">Persona</Label>
            <select id="campaign-persona" className={selectClass} value={personId} onChange={(e) => setPersonId(e.target.value)}>
              <option value="">Choose a persona…</option>
              {personas.data?.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
            {personas.data?.length === 0 ? (
              <p className="text-xs text-muted">
                No persona yet: <Link className="text-accent underline" to={paths.businessInformation.personas.path}>describe who you sell to</Link> first.
              </p>
            ) : null}
          </div>
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium text-fg">Virtual employees</legend>
            {employees.data?.length === 0 ? (
              <p className="text-xs text-muted">
                No virtual employee yet: <Link className="text-accent underline" to={paths.cabinet.agents.path}>create one on Edit agents</Link>.
              </p>
            ) : (
              <div className="space-y-1">
                {employees.data?.map((ve) => (
                  <label key={ve.id} className="flex items-center gap-2 text-sm text-fg">
                    <input
                      type="checkbox"
                      checked={employeeIds.includes(ve.id)}
                      onChange={(e) => setEmployeeIds((ids) => (e.target.checked ? [...ids, ve.id] : ids.filter((x) => x !== ve.id)))}
                    />
                    {ve.name}
                    {ve.title ? <span className="text-muted">· {ve.title}</span> : null}
                    <span className="text-xs text-muted">({ve.mailboxes.length} mailbox{ve.mailboxes.length === 1 ? '' : 'es'})</span>
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-medium text-fg">Mode</legend>
            {(
              [
                ['', 'As in automatic behaviour (Edit agents)'],
                ['review', 'Review: every email waits for your approval'],
                ['autonomous', 'Autonomous: emails are scheduled as soon as they are written'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm text-fg">
                <input type="radio" name="campaign-mode" value={value} checked={mode === value} onChange={() => setMode(value)} />
                {label}
              </label>
            ))}
          </fieldset>
          <SequenceFields value={steps} onChange={setSteps} />
          <CampaignRulesFields idPrefix="new-campaign" value={rules} onChange={setRules} />
          <ServerErrors messages={error ? [error] : create.isError ? apiErrorMessages(create.error) : null} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" pending={create.isPending}>
              Create campaign
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
