import { useState, type FormEvent } from 'react';
import { apiErrorMessages } from '@shared/api';
import { AUTO_PUSH_MODES, type AutoPushMode, type Integration, type IntegrationSettings } from '@shared/schemas/integrations';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { selectClass } from '@web/components/ui/styles';
import { notify } from '@web/lib/notify';
import { useHubSpotPushPreview, useUpdateSettings } from '../api/integrations';

const AUTO_PUSH_LABELS: Record<AutoPushMode, string> = { off: 'Only when I click “Add to CRM”', positive: 'Interested replies and meeting requests', all: 'Every reply' };

/** What to sync (replies pushed automatically, the conversation logged), and the daily request cap. */
export function SettingsForm({ integration, label, crm }: { integration: Integration; label: string; crm: boolean }) {
  const update = useUpdateSettings();
  const [cap, setCap] = useState(integration.settings.daily_cap ? String(integration.settings.daily_cap) : '');
  const [log, setLog] = useState(integration.settings.log_conversation ?? false);
  const [autoPush, setAutoPush] = useState<AutoPushMode>(integration.settings.auto_push ?? 'off');
  // Before the first automatic push (or a wider one): what it would have done with the recent replies.
  const previewMode = integration.provider === 'hubspot' && autoPush !== 'off' && autoPush !== (integration.settings.auto_push ?? 'off') ? autoPush : null;
  const preview = useHubSpotPushPreview(previewMode);
  const capError = cap !== '' && !/^[1-9]\d{0,6}$/.test(cap) ? 'A whole number from 1 to 1000000, or empty for no cap' : undefined;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (capError) return;
    const settings: IntegrationSettings = { daily_cap: cap === '' ? null : Number(cap), ...(crm ? { log_conversation: log, auto_push: autoPush } : {}) };
    update.mutate({ id: integration.id, settings }, { onSuccess: () => notify.success(`${label} settings saved`) });
  };
  return (
    <form onSubmit={onSubmit} className="space-y-3" aria-label={`${label} settings`}>
      {crm ? (
        <>
          <div className="space-y-1.5">
            <Label htmlFor={`auto-push-${integration.id}`}>Push replying prospects to {label}</Label>
            <select id={`auto-push-${integration.id}`} className={selectClass} value={autoPush} onChange={(e) => setAutoPush(e.target.value as AutoPushMode)}>
              {AUTO_PUSH_MODES.map((m) => (
                <option key={m} value={m}>
                  {AUTO_PUSH_LABELS[m]}
                </option>
              ))}
            </select>
            {previewMode && preview.isPending ? <p className="text-xs text-muted">Looking at your recent replies…</p> : null}
            {previewMode && preview.data ? (
              <p className="text-xs text-muted" aria-label="Automatic push preview">
                With this on, the replies of the last {preview.data.window_days} days ({preview.data.replies}) would have made {preview.data.create} new or matched {label} contacts,{' '}
                {preview.data.update} updates of known ones, and {preview.data.skipped} skipped (written already, or no address). It applies to new replies from the moment you save.
              </p>
            ) : null}
          </div>
          <label className="flex items-center gap-2 text-sm text-fg">
            <input type="checkbox" checked={log} onChange={(e) => setLog(e.target.checked)} className="h-4 w-4 accent-[var(--accent)]" />
            Log the reply on the {label} record as a {integration.provider === 'salesforce' ? 'completed Task' : 'note'}
          </label>
        </>
      ) : null}
      <Field
        label="Daily request cap"
        inputMode="numeric"
        value={cap}
        onChange={(e) => setCap(e.target.value.trim())}
        error={capError}
        hint={`At most this many requests to ${label} a day; empty: only ${label}'s own rate limit.`}
      />
      <ServerErrors messages={update.isError ? apiErrorMessages(update.error) : null} />
      <Button type="submit" size="sm" pending={update.isPending}>
        Save settings
      </Button>
    </form>
  );
}
