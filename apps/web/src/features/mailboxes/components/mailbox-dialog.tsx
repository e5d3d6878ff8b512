import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { apiErrorMessages, connectionTestOf } from '@shared/api';
import { AUTO_RESUME_COOL_DOWN_HOURS, AUTO_RESUME_RAMP_DAYS, AUTO_RESUME_REPEAT_DAYS, AUTO_RESUME_START_SHARE } from '@shared/constants';
import {
  createUserEmailBodySchema,
  MAIL_OAUTH_PROVIDER_LABELS,
  MAIL_SECURITY,
  MAIL_SECURITY_LABELS,
  MAILBOX_PRESETS,
  MIN_GAP_WARNING_SECONDS,
  updateUserEmailBodySchema,
  type ConnectionTest,
  type MailboxPreset,
  type MailSecurity,
  type UserEmail,
} from '@shared/schemas/user-emails';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { selectClass } from '@web/components/ui/styles';
import { notify } from '@web/lib/notify';
import { useCreateMailbox, useUpdateMailbox } from '../api/mailboxes';
import { ConnectionSteps } from './connection-steps';

type Values = {
  email: string;
  sender_name: string;
  smtp_host: string;
  smtp_port: number;
  smtp_security: MailSecurity;
  smtp_username: string;
  smtp_password: string;
  same_login: boolean;
  imap_host: string;
  imap_port: number;
  imap_security: MailSecurity;
  imap_username: string;
  imap_password: string;
  daily_limit: number;
  hourly_limit: number;
  min_gap_seconds: number;
  warmup_enabled: boolean;
  warmup_start: number;
  warmup_increase: number;
  warmup_ceiling: number;
  dkim_selector: string;
  auto_resume: boolean;
};

const blank: Values = {
  email: '',
  sender_name: '',
  smtp_host: '',
  smtp_port: 587,
  smtp_security: 'starttls',
  smtp_username: '',
  smtp_password: '',
  same_login: true,
  imap_host: '',
  imap_port: 993,
  imap_security: 'tls',
  imap_username: '',
  imap_password: '',
  daily_limit: 40,
  hourly_limit: 10,
  min_gap_seconds: 120,
  warmup_enabled: true,
  warmup_start: 10,
  warmup_increase: 5,
  warmup_ceiling: 40,
  dkim_selector: '',
  auto_resume: true,
};

const valuesOf = (m: UserEmail): Values => ({
  ...blank,
  ...m,
  smtp_password: '',
  imap_password: '',
  same_login: m.smtp_username === m.imap_username,
  dkim_selector: m.dkim_selector ?? '',
});

/** Adds a mailbox (presets for Google Workspace and Microsoft 365) or edits one; the server tests it live before saving. */
export function MailboxDialog({ open, onOpenChange, mailbox }: { open: boolean; onOpenChange: (open: boolean) => void; mailbox?: UserEmail }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={mailbox ? `Edit ${mailbox.email}` : 'Connect a mailbox'}
      description="The agent sends from this mailbox through its SMTP server and reads replies over IMAP. Saving tests the connection first."
      className="max-w-2xl"
    >
      {open ? <MailboxForm mailbox={mailbox} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function MailboxForm({ mailbox, onDone }: { mailbox?: UserEmail; onDone: () => void }) {
  const id = useId();
  const create = useCreateMailbox();
  const update = useUpdateMailbox();
  const [preset, setPreset] = useState<MailboxPreset | 'other'>('other');
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [serverErrors, setServerErrors] = useState<string[] | null>(null);
  const form = useForm<Values>({ defaultValues: mailbox ? valuesOf(mailbox) : blank });
  const { errors } = form.formState;
  const [sameLogin, gap, warmup, smtpSecurity, imapSecurity] = useWatch({ control: form.control, name: ['same_login', 'min_gap_seconds', 'warmup_enabled', 'smtp_security', 'imap_security'] });
  const pending = create.isPending || update.isPending;

  const applyPreset = (key: MailboxPreset | 'other') => {
    setPreset(key);
    if (key === 'other') return;
    const p = MAILBOX_PRESETS[key];
    for (const field of ['smtp_host', 'smtp_port', 'smtp_security', 'imap_host', 'imap_port', 'imap_security', 'dkim_selector'] as const) {
      form.setValue(field, p[field], { shouldDirty: true });
    }
    const email = form.getValues('email');
    if (email && !form.getValues('smtp_username')) form.setValue('smtp_username', email, { shouldDirty: true });
  };

  const onSubmit = (v: Values) => {
    setServerErrors(null);
    setTest(null);
    const imapUser = v.same_login ? v.smtp_username : v.imap_username;
    const imapPass = v.same_login ? v.smtp_password : v.imap_password;
    const common = {
      sender_name: v.sender_name,
      smtp_host: v.smtp_host,
      smtp_port: v.smtp_port,
      smtp_security: v.smtp_security,
      smtp_username: v.smtp_username,
      imap_host: v.imap_host,
      imap_port: v.imap_port,
      imap_security: v.imap_security,
      imap_username: imapUser,
      daily_limit: v.daily_limit,
      hourly_limit: v.hourly_limit,
      min_gap_seconds: v.min_gap_seconds,
      warmup_enabled: v.warmup_enabled,
      warmup_start: v.warmup_start,
      warmup_increase: v.warmup_increase,
      warmup_ceiling: v.warmup_ceiling,
      dkim_selector: v.dkim_selector.trim() || null,
      auto_resume: v.auto_resume,
    };
    // Editing: an empty password keeps the stored one.
    const passwords = { ...(v.smtp_password ? { smtp_password: v.smtp_password } : {}), ...(imapPass ? { imap_password: imapPass } : {}) };
    const body = mailbox ? { ...common, ...passwords } : { email: v.email, ...common, smtp_password: v.smtp_password, imap_password: imapPass };
    const parsed = (mailbox ? updateUserEmailBodySchema : createUserEmailBodySchema).safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        let field = String(issue.path[0]) as Path<Values>;
        if (v.same_login && field === 'imap_username') field = 'smtp_username';
        if (v.same_login && field === 'imap_password') field = 'smtp_password';
        if (!form.getFieldState(field).error) form.setError(field, { message: issue.message });
      }
      return;
    }
    const onError = (error: unknown) => {
      setTest(connectionTestOf(error));
      setServerErrors(apiErrorMessages(error));
    };
    if (mailbox) {
      update.mutate(
        { id: mailbox.id, body: parsed.data },
        {
          onSuccess: () => {
            notify.success(`${mailbox.email} saved`);
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(body as Parameters<typeof create.mutate>[0], {
        onSuccess: (m) => {
          notify.success(`${m.email} connected`);
          onDone();
        },
        onError,
      });
    }
  };

  const num = { valueAsNumber: true } as const;
  const securitySelect = (name: 'smtp_security' | 'imap_security', label: string) => (
    <div className="space-y-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <select id={`${id}-${name}`} className={selectClass} {...form.register(name)}>
        {MAIL_SECURITY.map((s) => (
          <option key={s} value={s}>
            {MAIL_SECURITY_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-5">
      {!mailbox ? (
        <fieldset className="space-y-2">
          <legend className="mb-1 text-xs font-medium text-muted uppercase">Provider</legend>
          <div className="flex flex-wrap gap-2" role="radiogroup" aria-label="Provider">
            {([...Object.keys(MAILBOX_PRESETS), 'other'] as Array<MailboxPreset | 'other'>).map((key) => (
              <label key={key} className="flex cursor-pointer items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent/40">
                <input type="radio" name={`${id}-preset`} className="accent-[var(--color-accent)]" checked={preset === key} onChange={() => applyPreset(key)} />
                {key === 'other' ? 'Other (SMTP and IMAP)' : MAILBOX_PRESETS[key].label}
              </label>
            ))}
          </div>
          {preset !== 'other' ? <p className="text-xs text-muted">{MAILBOX_PRESETS[preset].help}</p> : null}
        </fieldset>
      ) : null}

      <div className="grid gap-3 sm:grid-cols-2">
        {!mailbox ? <Field label="Email address" type="email" autoComplete="off" error={errors.email?.message} {...form.register('email')} /> : null}
        <Field label="Sender name" placeholder="Ada Lovelace" error={errors.sender_name?.message} {...form.register('sender_name')} />
      </div>

      {mailbox?.auth_method === 'xoauth2' ? (
        <p className="rounded-lg border border-border bg-surface-2/50 p-3 text-sm text-fg">
          Signs in with {MAIL_OAUTH_PROVIDER_LABELS[mailbox.oauth_provider ?? 'google']} (OAuth) at {mailbox.smtp_host} and {mailbox.imap_host}: no password is kept. To grant access again, use “Connect with{' '}
          {MAIL_OAUTH_PROVIDER_LABELS[mailbox.oauth_provider ?? 'google']}” on the mailboxes page.
        </p>
      ) : (
        <>
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-fg">Sending (SMTP)</legend>
          <div className="grid gap-3 sm:grid-cols-[2fr_1fr_2fr]">
            <Field label="SMTP host" placeholder="smtp.example.com" error={errors.smtp_host?.message} {...form.register('smtp_host')} />
            <Field label="SMTP port" type="number" inputMode="numeric" error={errors.smtp_port?.message} {...form.register('smtp_port', num)} />
            {securitySelect('smtp_security', 'SMTP security')}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="SMTP username" autoComplete="off" error={errors.smtp_username?.message} {...form.register('smtp_username')} />
            <Field
              label="SMTP password"
              type="password"
              autoComplete="new-password"
              placeholder={mailbox ? 'Leave empty to keep the saved one' : undefined}
              error={errors.smtp_password?.message}
              {...form.register('smtp_password')}
            />
          </div>
          {smtpSecurity === 'none' ? <Warning>Without encryption the password crosses the network in clear. Use TLS or STARTTLS if the server offers it.</Warning> : null}
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-fg">Reading replies (IMAP)</legend>
          <div className="grid gap-3 sm:grid-cols-[2fr_1fr_2fr]">
            <Field label="IMAP host" placeholder="imap.example.com" error={errors.imap_host?.message} {...form.register('imap_host')} />
            <Field label="IMAP port" type="number" inputMode="numeric" error={errors.imap_port?.message} {...form.register('imap_port', num)} />
            {securitySelect('imap_security', 'IMAP security')}
          </div>
          <label className="flex items-center gap-2 text-sm text-fg">
            <input type="checkbox" {...form.register('same_login')} />
            Same username and password as SMTP
          </label>
          {!sameLogin ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <Field label="IMAP username" autoComplete="off" error={errors.imap_username?.message} {...form.register('imap_username')} />
              <Field
                label="IMAP password"
                type="password"
                autoComplete="new-password"
                placeholder={mailbox ? 'Leave empty to keep the saved one' : undefined}
                error={errors.imap_password?.message}
                {...form.register('imap_password')}
              />
            </div>
          ) : null}
          {imapSecurity === 'none' && smtpSecurity !== 'none' ? <Warning>IMAP without encryption sends the password in clear.</Warning> : null}
        </fieldset>
        </>
      )}

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-fg">Limits</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field label="Daily limit" type="number" inputMode="numeric" error={errors.daily_limit?.message} {...form.register('daily_limit', num)} />
          <Field label="Hourly limit" type="number" inputMode="numeric" error={errors.hourly_limit?.message} {...form.register('hourly_limit', num)} />
          <Field
            label="Minimum gap (seconds)"
            type="number"
            inputMode="numeric"
            hint="Random jitter is added to each gap."
            error={errors.min_gap_seconds?.message}
            {...form.register('min_gap_seconds', num)}
          />
        </div>
        {Number.isFinite(gap) && gap < MIN_GAP_WARNING_SECONDS ? (
          <Warning>
            A gap under {MIN_GAP_WARNING_SECONDS} seconds sends faster than a person would; providers may throttle or flag the mailbox.
          </Warning>
        ) : null}
        <label className="flex items-center gap-2 text-sm text-fg">
          <input type="checkbox" {...form.register('warmup_enabled')} />
          Warm up: start low and raise the daily limit each day
        </label>
        {warmup ? (
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Start (per day)" type="number" inputMode="numeric" error={errors.warmup_start?.message} {...form.register('warmup_start', num)} />
            <Field label="Daily increase" type="number" inputMode="numeric" error={errors.warmup_increase?.message} {...form.register('warmup_increase', num)} />
            <Field label="Ceiling (per day)" type="number" inputMode="numeric" error={errors.warmup_ceiling?.message} {...form.register('warmup_ceiling', num)} />
          </div>
        ) : null}
        <label className="flex items-start gap-2 text-sm text-fg">
          <input type="checkbox" className="mt-1" {...form.register('auto_resume')} />
          <span>
            Resume automatically after a deliverability pause
            <span className="block text-muted">
              {AUTO_RESUME_COOL_DOWN_HOURS} hours after too many bounces, complaints or blocks, at {AUTO_RESUME_START_SHARE * 100} % of its daily limit, back to the full limit over {AUTO_RESUME_RAMP_DAYS} days. A second pause within {AUTO_RESUME_REPEAT_DAYS} days waits for you.
            </span>
          </span>
        </label>
        <Field
          label="DKIM selector (optional)"
          placeholder="e.g. google, selector1"
          hint="Common selectors are checked anyway; name yours if your provider uses another one."
          error={errors.dkim_selector?.message}
          {...form.register('dkim_selector')}
        />
      </fieldset>

      <ServerErrors messages={serverErrors} />
      {test ? <ConnectionSteps test={test} /> : null}

      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          {pending ? 'Testing the connection…' : mailbox ? 'Test and save' : 'Test and connect'}
        </Button>
      </div>
    </form>
  );
}

function Warning({ children }: { children: React.ReactNode }) {
  return (
    <p role="note" className="flex gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-warning">
      <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}
