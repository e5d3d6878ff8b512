import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { updateFollowupSettingsBodySchema, type FollowupSettings } from '@shared/schemas/messaging';
import { PageFrame } from '@web/components/page-frame';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Spinner } from '@web/components/ui/spinner';
import { useFollowupSettings, useSaveFollowupSettings } from '../api/followup-settings';
import { SaveBar } from '../components/save-bar';
import { LoadError } from '@web/components/ui/load-error';

type Values = Omit<FollowupSettings, 'updated_at'>;

const STOP_RULES: { key: keyof Values['stop_rules']; label: string; hint: string }[] = [
  { key: 'on_reply', label: 'Stop when the prospect replies', hint: 'Any reply ends the sequence; the conversation moves to your inbox.' },
  { key: 'on_meeting_booked', label: 'Stop when a meeting is booked', hint: 'A booked meeting means the follow-ups have done their job.' },
  { key: 'on_unsubscribe', label: 'Stop when the prospect unsubscribes', hint: 'Required in most countries; leave it on.' },
  { key: 'on_bounce', label: 'Stop when an email bounces', hint: 'Keeps your sending reputation healthy.' },
];

const numberOrNaN = (v: unknown) => (v === '' || v == null ? Number.NaN : Number(v));
const toValues = (s: FollowupSettings): Values => ({ number_of_followups: s.number_of_followups, spacing_days: s.spacing_days, stop_rules: { ...s.stop_rules } });

function FollowupForm({ settings }: { settings: FollowupSettings }) {
  const save = useSaveFollowupSettings();
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const form = useForm<Values>({
    resolver: zodResolver(updateFollowupSettingsBodySchema) as unknown as Resolver<Values>,
    defaultValues: toValues(settings),
  });
  const { errors } = form.formState;
  const count = useWatch({ control: form.control, name: 'number_of_followups' });
  const spacing = useWatch({ control: form.control, name: 'spacing_days' });
  const onSubmit = form.handleSubmit(async (values) => {
    setSavedAt(null);
    try {
      const saved = await save.mutateAsync(values);
      form.reset(toValues(saved));
      setSavedAt(new Date());
    } catch {
      /* shown by SaveBar */
    }
  });
  const summary =
    Number.isInteger(count) && Number.isInteger(spacing)
      ? count === 0
        ? 'No follow-ups: only the first message is sent.'
        : `Up to ${count} follow-up${count === 1 ? '' : 's'}, ${spacing} day${spacing === 1 ? '' : 's'} apart — the last one ${count * spacing} days after the first message.`
      : null;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <Card className="space-y-4 p-5">
        <h2 className="text-base font-semibold text-fg">Sequence</h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Number of follow-ups"
            type="number"
            min={0}
            max={10}
            step={1}
            error={errors.number_of_followups?.message}
            hint="0 to 10"
            {...form.register('number_of_followups', { setValueAs: numberOrNaN })}
          />
          <Field
            label="Days between follow-ups"
            type="number"
            min={1}
            max={30}
            step={1}
            error={errors.spacing_days?.message}
            hint="1 to 30 days"
            {...form.register('spacing_days', { setValueAs: numberOrNaN })}
          />
        </div>
        {summary ? <p className="text-sm text-muted">{summary}</p> : null}
      </Card>
      <Card className="space-y-3 p-5">
        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-fg">Stop rules</legend>
          {STOP_RULES.map((rule) => (
            <label key={rule.key} className="flex cursor-pointer items-start gap-3">
              <input type="checkbox" className="mt-1 h-4 w-4 accent-[var(--accent)]" {...form.register(`stop_rules.${rule.key}`)} />
              <span>
                <span className="block text-sm text-fg">{rule.label}</span>
                <span className="block text-xs text-muted">{rule.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </Card>
      <SaveBar pending={save.isPending} savedAt={savedAt} error={save.error} />
    </form>
  );
}

export function FollowupRoute() {
  const settings = useFollowupSettings();
  return (
    <PageFrame title="Follow Up" description="When and how your agents follow up with prospects who have not replied yet.">
      {settings.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="h-4 w-4" /> Loading your follow-up settings…
        </p>
      ) : settings.isError ? (
        <LoadError what="your follow-up settings" error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <>
          {settings.data.updated_at == null ? (
            <p className="text-sm text-muted">These are the recommended defaults; save to make them yours.</p>
          ) : null}
          <FollowupForm settings={settings.data} />
        </>
      )}
    </PageFrame>
  );
}
