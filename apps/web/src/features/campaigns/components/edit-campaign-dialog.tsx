import { useState } from 'react';
import { apiErrorMessages } from '@shared/api';
import { sequenceProblem, type Campaign, type SequenceStepInput } from '@shared/schemas/campaigns';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { notify } from '@web/lib/notify';
import { useUpdateCampaign, useVirtualEmployeeOptions } from '../api/campaigns';
import { CampaignRulesFields, type CampaignRules } from './campaign-rules-fields';
import { SequenceFields, type SequenceValue } from './sequence-fields';

/** Rename a campaign, change its mode, its virtual employees or its rules about overlapping prospects; its steps while it is a draft (the persona stays). */
export function EditCampaignDialog({ campaign, open, onOpenChange }: { campaign: Campaign; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit campaign" description="A new mode applies to the emails written from now on.">
      {open ? <EditForm campaign={campaign} onClose={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function EditForm({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const employees = useVirtualEmployeeOptions();
  const update = useUpdateCampaign();
  const [name, setName] = useState(campaign.name);
  const [mode, setMode] = useState(campaign.mode);
  const [employeeIds, setEmployeeIds] = useState<number[]>(campaign.virtual_employee_ids);
  const [rules, setRules] = useState<CampaignRules>({ allow_overlap: campaign.allow_overlap, stop_company_on_reply: campaign.stop_company_on_reply });
  const draft = campaign.status === 'draft';
  const initialSteps: SequenceStepInput[] = campaign.steps.map((s) => ({
    kind: s.kind,
    delay_days: s.delay_days,
    ...(s.variants.length ? { variants: s.variants.map((v) => (v.subject === null ? { body: v.body } : { subject: v.subject, body: v.body })) } : {}),
  }));
  const [steps, setSteps] = useState<SequenceValue>(initialSteps);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Name is required');
    if (employeeIds.length === 0) return setError('Choose at least one virtual employee');
    const changedSteps = draft && steps && JSON.stringify(steps) !== JSON.stringify(initialSteps) ? steps : null;
    const problem = changedSteps ? sequenceProblem(changedSteps) : null;
    if (problem) return setError(problem);
    setError(null);
    update.mutate(
      { id: campaign.id, body: { name: name.trim(), mode, virtual_employee_ids: employeeIds, ...rules, ...(changedSteps ? { steps: changedSteps } : {}) } },
      {
        onSuccess: () => {
          notify.success('Campaign saved');
          onClose();
        },
      },
    );
  };
  if (employees.isPending)
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading virtual employees" />
      </div>
    );
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <Field label="Campaign name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-fg">Virtual employees</legend>
        {employees.data?.map((ve) => (
          <label key={ve.id} className="flex items-center gap-2 text-sm text-fg">
            <input
              type="checkbox"
              checked={employeeIds.includes(ve.id)}
              onChange={(ev) => setEmployeeIds((ids) => (ev.target.checked ? [...ids, ve.id] : ids.filter((x) => x !== ve.id)))}
            />
            {ve.name}
          </label>
        ))}
      </fieldset>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-fg">Mode</legend>
        <label className="flex items-center gap-2 text-sm text-fg">
          <input type="radio" name="edit-campaign-mode" checked={mode === 'review'} onChange={() => setMode('review')} />
          Review: every email waits for your approval
        </label>
        <label className="flex items-center gap-2 text-sm text-fg">
          <input type="radio" name="edit-campaign-mode" checked={mode === 'autonomous'} onChange={() => setMode('autonomous')} />
          Autonomous: emails are scheduled as soon as they are written
        </label>
      </fieldset>
      {draft ? <SequenceFields value={steps} onChange={setSteps} alwaysCustom /> : null}
      <CampaignRulesFields idPrefix="edit-campaign" value={rules} onChange={setRules} />
      <ServerErrors messages={error ? [error] : update.isError ? apiErrorMessages(update.error) : employees.isError ? apiErrorMessages(employees.error) : null} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" pending={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
