import { zodResolver } from '@hookform/resolvers/zod';
import { Check } from 'lucide-react';
import { useEffect, useId, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { apiErrorMessages } from '@shared/api';
import {
  autoCommunicationSettingsBodySchema,
  DAILY_LIMIT_MAX,
  WEEKLY_INVITATION_MAX,
  isValidTimeZone,
  TIME_OF_DAY,
  WORK_END_OF_DAY,
  workEndMinutes,
  WEEKDAYS,
  type AutoCommunicationSettings,
} from '@shared/schemas/auto-communication';
import { AUTO_ANSWER_DELAY_MINUTES, AUTO_ANSWER_REPLY_STATUSES, REPLY_STATUS_LABELS } from '@shared/schemas/inbox';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { notify } from '@web/lib/notify';
import { cn } from '@web/lib/utils';
import { useAutoCommunicationSettings, useSaveAutoCommunicationSettings } from '../api/auto-communication-queries';

/** What the auto_reply checkbox does, said exactly (apps/api/src/modules/inbox/agent-answer.ts does it). */
const AUTO_REPLY_HELP = [
  `When a prospect replies and the reply is marked ${AUTO_ANSWER_REPLY_STATUSES.map((s) => REPLY_STATUS_LABELS[s]).join(', ').replace(/, ([^,]*)$/, ' or $1')} (a question, a thank-you), the agent writes an answer as "Draft with AI" does and sends it from the conversation's mailbox,`,
  `no sooner than ${AUTO_ANSWER_DELAY_MINUTES} minutes after the reply and only on the working days and hours above (in their time zone).`,
  'Never for Not now, Not interested, Wrong person, Unsubscribe, out-of-office or other automatic replies, or bounces.',
  'If you answer, stop the conversation or mark the reply otherwise first, nothing is sent. The inbox marks these answers "Auto-answer by the agent".',
].join(' ');

type Input = z.input<typeof autoCommunicationSettingsBodySchema>;
type Output = z.output<typeof autoCommunicationSettingsBodySchema>;

const valuesOf = (s: AutoCommunicationSettings): Input => ({
  time_zone: s.time_zone,
  working_days: s.working_days,
  work_start: s.work_start,
  work_end: s.work_end,
  daily_limit_email: s.daily_limit_email,
  daily_limit_linkedin: s.daily_limit_linkedin,
  daily_limit_phone: s.daily_limit_phone,
  weekly_invitation_limit: s.weekly_invitation_limit,
  auto_reply: s.auto_reply,
  mode: s.mode,
});

const asNumber = (v: unknown) => (v === '' || v === null || v === undefined ? Number.NaN : Number(v));

/** IANA zones for the picker: the browser's list (UTC added, which it leaves out), or a short fallback. */
export function timeZones(): string[] {
  const withSupported = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const list = withSupported.supportedValuesOf?.('timeZone') ?? [];
  return ['UTC', ...list.filter((z) => z !== 'UTC')];
}

const browserZone = (): string | null => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : null;
};

/** "14:05 there now" for a valid zone, else null. */
function nowIn(zone: string): string | null {
  if (!isValidTimeZone(zone.trim())) return null;
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone.trim(), hour: '2-digit', minute: '2-digit' }).format(new Date());
}

/** "8 h a day" (or "8 h 30 min a day") when end is after start, else null. */
function span(start: string, end: string): string | null {
  if (!TIME_OF_DAY.test(start) || !TIME_OF_DAY.test(end) || end <= start) return null;
  const d = workEndMinutes(end) - (Number(start.slice(0, 2)) * 60 + Number(start.slice(3)));
  const length = `${Math.floor(d / 60)} h${d % 60 ? ` ${d % 60} min` : ''} a day`;
  return end === WORK_END_OF_DAY ? `${length}, until midnight` : length;
}

function AutoBehaviourForm({ settings }: { settings: AutoCommunicationSettings }) {
  const id = useId();
  const save = useSaveAutoCommunicationSettings();
  const zones = useMemo(() => timeZones(), []);
  const mine = useMemo(() => browserZone(), []);
  // Checked as the user leaves a field (and again on every change after that), not only on Save.
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(autoCommunicationSettingsBodySchema), defaultValues: valuesOf(settings), mode: 'onTouched' });
  const [zone, start, end] = useWatch({ control: form.control, name: ['time_zone', 'work_start', 'work_end'] });
  const zoneNow = nowIn(zone ?? '');
  const hours = span(start ?? '', end ?? '');
  const { errors, isDirty } = form.formState;

  useEffect(() => {
    form.reset(valuesOf(settings));
  }, [settings, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notify.success('Automatic behaviour saved.');
    } catch {
      // Shown from save.error below.
    }
  });

  const saved = save.isSuccess && !isDirty;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Automatic behaviour">
      <ServerErrors messages={save.isError ? apiErrorMessages(save.error) : null} />
      {settings.updated_at === null && !save.isSuccess ? (
        <p className="text-sm text-muted">These are the defaults; they apply until you save your own.</p>
      ) : null}

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Working hours</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Start" type="time" error={errors.work_start?.message} {...form.register('work_start', { deps: ['work_end'] })} />
          <Field
            label="End"
            type="time"
            error={errors.work_end?.message}
            hint={hours ?? 'Same day, after the start'}
            // A shown error goes as soon as the time is fixed, before the field is left.
            {...form.register('work_end', { onChange: () => void (form.formState.errors.work_end ? form.trigger('work_end') : undefined) })}
          />
          <Field
            label="Time zone"
            list={`${id}-zones`}
            autoComplete="off"
            spellCheck={false}
            placeholder="Search, e.g. Berlin or America/New_York"
            error={errors.time_zone?.message}
            hint={zoneNow ? `${zoneNow} there now` : 'Pick from the list as you type'}
            labelAside={
              mine && mine !== zone ? (
                <button
                  type="button"
                  className="text-xs text-accent hover:underline"
                  onClick={() => form.setValue('time_zone', mine, { shouldDirty: true, shouldTouch: true, shouldValidate: true })}
                >
                  Use mine ({mine})
                </button>
              ) : null
            }
            {...form.register('time_zone')}
          />
          <datalist id={`${id}-zones`}>
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </div>
        <Controller
          control={form.control}
          name="working_days"
          render={({ field }) => (
            <div role="group" aria-label="Working days" aria-describedby={errors.working_days ? `${id}-days-error` : undefined} className="flex flex-wrap gap-2">
              {WEEKDAYS.map((d) => {
                const on = field.value.includes(d.value);
                return (
                  <label
                    key={d.value}
                    className={cn('flex cursor-pointer items-center gap-1.5 rounded-lg border border-border px-3 py-1.5 text-sm', on && 'border-accent bg-accent/15')}
                  >
                    <input
                      type="checkbox"
                      className="accent-[var(--accent)]"
                      checked={on}
                      onChange={() => field.onChange(on ? field.value.filter((v) => v !== d.value) : [...field.value, d.value])}
                    />
                    {d.label}
                  </label>
                );
              })}
            </div>
          )}
        />
        {errors.working_days ? (
          <p id={`${id}-days-error`} className="text-xs text-danger">
            {errors.working_days.message ?? errors.working_days.root?.message}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">Daily limits</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Emails a day" type="number" min={0} max={DAILY_LIMIT_MAX.email} error={errors.daily_limit_email?.message} {...form.register('daily_limit_email', { setValueAs: asNumber })} />
          <Field
            label="LinkedIn actions a day"
            type="number"
            min={0}
            max={DAILY_LIMIT_MAX.linkedin}
            error={errors.daily_limit_linkedin?.message}
            {...form.register('daily_limit_linkedin', { setValueAs: asNumber })}
          />
          <Field
            label="LinkedIn invitations a week"
            type="number"
            min={0}
            max={WEEKLY_INVITATION_MAX}
            hint={`Per LinkedIn account, over 7 days; at most ${WEEKLY_INVITATION_MAX}. A newly connected account starts lower and ramps up.`}
            error={errors.weekly_invitation_limit?.message}
            {...form.register('weekly_invitation_limit', { setValueAs: asNumber })}
          />
          <Field label="Calls a day" type="number" min={0} max={DAILY_LIMIT_MAX.phone} error={errors.daily_limit_phone?.message} {...form.register('daily_limit_phone', { setValueAs: asNumber })} />
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">How the agent works</legend>
        <div className="space-y-1">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" aria-describedby={`${id}-auto-reply-help`} {...form.register('auto_reply')} />
            Reply to prospects automatically
          </label>
          <p id={`${id}-auto-reply-help`} className="max-w-prose pl-6 text-xs text-muted">
            {AUTO_REPLY_HELP}
          </p>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-mode`}>Sending</Label>
          <select
            id={`${id}-mode`}
            className="h-10 w-full rounded-lg border border-border bg-surface-2 px-3 text-sm text-fg sm:w-80"
            {...form.register('mode')}
          >
            <option value="review">Review every message before it is sent</option>
            <option value="autonomous">Autonomous: the agent sends on its own</option>
          </select>
          {errors.mode ? <p className="text-xs text-danger">{errors.mode.message}</p> : null}
        </div>
      </fieldset>

      <div className="flex items-center gap-3">
        <Button type="submit" pending={save.isPending} disabled={!isDirty && settings.updated_at !== null}>
          Save
        </Button>
        {saved ? (
          <span className="flex items-center gap-1.5 text-sm text-success" role="status">
            <Check className="h-4 w-4" aria-hidden /> Saved
          </span>
        ) : null}
      </div>
    </form>
  );
}

/** The section's element id (the agents page's empty state links to it). */
export const AUTO_BEHAVIOUR_ID = 'auto-behaviour';

/** "Automatic behaviour" on /cabinet/agents: GET/PUT auto_communication_settings. */
export function AutoBehaviourSection() {
  const settings = useAutoCommunicationSettings();
  return (
    <Card id={AUTO_BEHAVIOUR_ID} className="scroll-mt-6 p-6" aria-labelledby="auto-behaviour-title">
      <h2 id="auto-behaviour-title" className="text-base font-semibold">
        Automatic behaviour
      </h2>
      <p className="mb-5 text-sm text-muted">When your agents work, how much they send per channel each day, and whether you review first.</p>
      {settings.isPending ? (
        <Spinner label="Loading settings" />
      ) : settings.isError ? (
        <ServerErrors messages={apiErrorMessages(settings.error)} />
      ) : (
        <AutoBehaviourForm settings={settings.data} />
      )}
    </Card>
  );
}
