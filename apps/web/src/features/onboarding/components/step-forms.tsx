import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Globe, Search, Sparkles } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { apiErrorMessages } from '@shared/api';
import { CURRENCIES, PRICE_PERIODS } from '@shared/schemas/messaging';
import {
  canDraftOnboardingSection,
  COMPANY_SIZES,
  DEFAULT_ONBOARDING_NOTIFICATION_EVENTS,
  normalizeDomain,
  ONBOARDING_DRAFT_NEEDS,
  ONBOARDING_NOTIFICATION_EVENTS,
  onboardingDraftSourceOf,
  onboardingStepSchemas,
  USER_POSITIONS,
  type OnboardingDraftSection,
  type OnboardingState,
  type OnboardingStepInput,
  type OnboardingStepSlug,
  type PhoneCodeSent,
} from '@shared/schemas/onboarding';
import { normalizePhone } from '@shared/schemas/primitives';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { selectClass, textareaClassOf } from '@web/components/ui/styles';
import { useCompanyInfo, useGenerateInfo, useSearchUsers, useSendPhoneCode, useVerifyPhone } from '../api/onboarding';
import { ChipsInput } from './chips-input';


export type StepFormProps<S extends OnboardingStepSlug> = {
  state: OnboardingState;
  /** Saves the answer on the server and moves on; rejects with the server's error. */
  save: (body: OnboardingStepInput<S>) => Promise<void>;
  /** Back and Next (or Finish), rendered inside the form so Next submits it. */
  footer: ReactNode;
  /** The server's messages after a failed save. */
  errors: string[] | null;
  /** Drops those messages once they no longer hold (e.g. the phone was verified since). */
  clearErrors: () => void;
};

/**
 * What was typed on a step the user left (Back, or the browser's back) without saving: it is there
 * again when they return. Kept for this page load only (client state; signing out reloads the page).
 */
const typedDrafts = new Map<OnboardingStepSlug, FieldValues>();
/** Forms whose answer was saved: their values are the server's now, not a draft. */
const savedForms = new WeakSet<object>();
/** Forgets every typed draft (tests start clean). */
export const forgetTypedDrafts = () => typedDrafts.clear();

function useStepForm<S extends OnboardingStepSlug, V extends FieldValues>(slug: S, defaultValues: V): UseFormReturn<V> {
  const form = useForm<V>({
    resolver: zodResolver(onboardingStepSchemas[slug] as never) as unknown as Resolver<V>,
    defaultValues: ((typedDrafts.get(slug) as V | undefined) ?? defaultValues) as never,
  });
  useEffect(
    () => () => {
      const values = form.getValues();
      if (savedForms.has(form) || JSON.stringify(values) === JSON.stringify(form.formState.defaultValues)) typedDrafts.delete(slug);
      else typedDrafts.set(slug, values);
    },
    [form, slug],
  );
  return form;
}

function StepFormShell<V extends FieldValues>({
  form,
  save,
  label,
  footer,
  errors,
  children,
}: {
  form: UseFormReturn<V>;
  save: (v: V) => Promise<void>;
  label: string;
  footer: ReactNode;
  errors: string[] | null;
  children: ReactNode;
}) {
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save(values);
      savedForms.add(form);
    } catch {
      /* the server's messages are shown below */
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate data-step={label} className="mt-6 space-y-5">
      {children}
      <ServerErrors messages={errors} />
      {footer}
    </form>
  );
}

function TextArea({ label, error, id, ...props }: React.ComponentProps<'textarea'> & { label: string; error?: string }) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div className="space-y-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <textarea id={inputId} className={textareaClassOf('min-h-32')} aria-invalid={error ? true : undefined} aria-describedby={error ? `${inputId}-error` : undefined} {...props} />
      {error ? (
        <p id={`${inputId}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const numberOrNull = (v: unknown) => (v === '' || v == null || Number.isNaN(Number(v)) ? null : Number(v));

// ---------------------------------------------------------------- choose-user-profile

export function ChooseUserProfileStep({ state, save, footer, errors }: StepFormProps<'choose-user-profile'>) {
  const saved = state.answers['choose-user-profile'];
  const form = useStepForm('choose-user-profile', {
    skipped: false,
    name: (saved && !saved.skipped ? saved.name : null) ?? state.prefill.name ?? '',
    photo_url: (saved && !saved.skipped ? saved.photo_url : null) ?? state.prefill.photo_url ?? '',
    title: (saved && !saved.skipped ? saved.title : null) ?? '',
    profile_url: (saved && !saved.skipped ? saved.profile_url : null) ?? '',
  });
  const [query, setQuery] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(query), 250);
    return () => clearTimeout(t);
  }, [query]);
  const results = useSearchUsers(debounced);
  const photo = form.watch('photo_url');
  const title = form.watch('title');
  const name = form.watch('name');
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="Choose your profile" footer={footer} errors={errors}>
      <div className="space-y-1.5">
        <Label htmlFor="profile-search">Search for your profile</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-muted" aria-hidden />
          <Input
            id="profile-search"
            className="pl-9"
            role="combobox"
            aria-expanded={!!results.data?.length}
            aria-controls="profile-results"
            autoComplete="off"
            placeholder="Your name, headline or LinkedIn URL"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        {results.isFetching ? <Spinner label="Searching" className="h-4 w-4" /> : null}
        {results.data && debounced.trim().length >= 2 ? (
          results.data.length ? (
            <ul id="profile-results" role="listbox" aria-label="Profiles found" className="divide-y divide-border rounded-lg border border-border">
              {results.data.map((r) => (
                <li
                  key={`${r.source}-${r.profile_url ?? r.name}`}
                  role="option"
                  aria-selected={name === r.name}
                  tabIndex={0}
                  className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none"
                  onClick={() => pick(r)}
                  onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), pick(r))}
                >
                  {r.photo ? <img src={r.photo} alt="" className="h-8 w-8 rounded-full object-cover" /> : <span className="h-8 w-8 rounded-full bg-surface-2" aria-hidden />}
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium text-fg">{r.name}</span>
                    {r.title ? <span className="block truncate text-xs text-muted">{r.title}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">No profile found. Type your details below, or skip this step.</p>
          )
        ) : null}
      </div>
      <div className="flex items-start gap-4">
        {photo ? <img src={photo} alt="Your photo" className="h-14 w-14 rounded-full object-cover" /> : null}
        <div className="grid flex-1 gap-4 sm:grid-cols-2">
          <Field label="Your name" autoComplete="name" error={form.formState.errors.name?.message} {...form.register('name')} />
          <Field label="Your headline" error={form.formState.errors.title?.message} {...form.register('title')} />
        </div>
      </div>
      {title && photo ? <p className="sr-only">Profile picked</p> : null}
    </StepFormShell>
  );

  function pick(r: { name: string; photo: string | null; title: string | null; profile_url: string | null }) {
    form.setValue('name', r.name, { shouldValidate: true });
    form.setValue('photo_url', r.photo ?? '');
    form.setValue('title', r.title ?? '');
    form.setValue('profile_url', r.profile_url ?? '');
    setQuery('');
    setDebounced('');
  }
}

// ---------------------------------------------------------------- your-website

export function YourWebsiteStep({ state, save, footer, errors }: StepFormProps<'your-website'>) {
  const saved = state.answers['your-website'];
  const form = useStepForm('your-website', {
    domain: saved?.domain ?? state.prefill.domain ?? '',
    company_name: saved?.company_name ?? '',
    description: saved?.description ?? '',
    language: saved?.language ?? null,
    logo_url: saved?.logo_url ?? '',
  });
  const [lookup, setLookup] = useState<string | null>(null);
  const [domainError, setDomainError] = useState<string | null>(null);
  const info = useCompanyInfo(lookup);
  const logo = form.watch('logo_url');
  const runLookup = () => {
    const d = normalizeDomain(form.getValues('domain'));
    setDomainError(d ? null : 'Enter a domain like example.com');
    setLookup(d);
  };
  const useFound = () => {
    const found = info.data;
    if (!found?.found) return;
    if (found.title) form.setValue('company_name', found.title, { shouldValidate: true });
    if (found.description) form.setValue('description', found.description);
    form.setValue('language', found.language);
    form.setValue('logo_url', found.logo_url ?? '');
  };
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="Your website" footer={footer} errors={errors}>
      <div className="flex items-end gap-2">
        <Field
          className="flex-1"
          label="Company website"
          placeholder="example.com"
          inputMode="url"
          error={domainError ?? form.formState.errors.domain?.message}
          {...form.register('domain')}
        />
        <Button type="button" variant="secondary" onClick={runLookup} pending={info.isFetching}>
          <Globe className="h-4 w-4" aria-hidden /> Look up
        </Button>
      </div>
      {info.data && lookup ? (
        info.data.found ? (
          <div className="flex gap-3 rounded-lg border border-border bg-surface-2 p-4" aria-label="Found on your website" role="region">
            {info.data.logo_url ? <img src={info.data.logo_url} alt="Logo found" className="h-12 w-12 rounded object-contain" /> : null}
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-medium text-fg">{info.data.title}</p>
              {info.data.description ? <p className="text-sm text-muted">{info.data.description}</p> : null}
              {info.data.language ? <p className="text-xs text-muted">Language: {info.data.language}</p> : null}
              <Button type="button" size="sm" className="mt-2" onClick={useFound}>
                Use these details
              </Button>
            </div>
          </div>
        ) : (
          <Alert>
            <p>{info.data.message}</p>
          </Alert>
        )
      ) : null}
      {info.isError ? <ServerErrors messages={apiErrorMessages(info.error)} /> : null}
      <div className="flex items-start gap-4">
        {logo ? <img src={logo} alt="Company logo" className="h-12 w-12 rounded object-contain" /> : null}
        <div className="flex-1 space-y-4">
          <Field label="Company name" autoComplete="organization" error={form.formState.errors.company_name?.message} {...form.register('company_name')} />
          <TextArea label="What your company does" error={form.formState.errors.description?.message} {...form.register('description')} />
        </div>
      </div>
    </StepFormShell>
  );
}

// ---------------------------------------------------------------- your-position, job-title

export function YourPositionStep({ state, save, footer, errors }: StepFormProps<'your-position'>) {
  const form = useStepForm('your-position', { position: state.answers['your-position']?.position ?? '' });
  const error = form.formState.errors.position?.message;
  return (
    <StepFormShell form={form} save={(v) => save(v as OnboardingStepInput<'your-position'>)} label="Your position" footer={footer} errors={errors}>
      <fieldset className="space-y-2" aria-describedby={error ? 'position-error' : undefined}>
        <legend className="sr-only">Your role</legend>
        {USER_POSITIONS.map((p) => (
          <label key={p.value} className="flex cursor-pointer items-center gap-3 rounded-lg border border-border px-4 py-3 text-sm text-fg has-[:checked]:border-accent has-[:checked]:bg-accent/10">
            <input type="radio" value={p.value} className="accent-[var(--accent)]" {...form.register('position')} />
            {p.label}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p id="position-error" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </StepFormShell>
  );
}

export function JobTitleStep({ state, save, footer, errors }: StepFormProps<'job-title'>) {
  const picked = state.answers['choose-user-profile'];
  const form = useStepForm('job-title', {
    job_title: state.answers['job-title']?.job_title ?? state.prefill.job_title ?? (picked && !picked.skipped ? (picked.title?.split(/ at | \| /)[0] ?? '') : ''),
  });
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="Job title" footer={footer} errors={errors}>
      <Field label="Job title" autoComplete="organization-title" placeholder="e.g. Head of Sales" error={form.formState.errors.job_title?.message} {...form.register('job_title')} />
    </StepFormShell>
  );
}

// ---------------------------------------------------------------- problem, solution, different (+ AI draft)

/**
 * "Draft with AI": the server drafts from the answers so far; the user edits the suggestion, then uses
 * it. With nothing yet to draft this part from, it says what to answer first instead.
 */
function AiDraft({ state, section, label, onAccept }: { state: OnboardingState; section: OnboardingDraftSection; label: string; onAccept: (text: string) => void }) {
  const generate = useGenerateInfo();
  const [text, setText] = useState<string | null>(null);
  const [empty, setEmpty] = useState(false);
  const possible = canDraftOnboardingSection(section, onboardingDraftSourceOf(state.answers));
  const run = () =>
    generate.mutate(undefined, {
      onSuccess: (draft) => {
        const drafted = draft[section].trim();
        setEmpty(!drafted);
        setText(drafted || null);
      },
    });
  if (!possible) {
    return (
      <div className="rounded-lg border border-dashed border-border p-4">
        <p className="text-sm text-muted">
          <Sparkles className="mr-1.5 inline h-4 w-4 align-[-2px]" aria-hidden />
          {ONBOARDING_DRAFT_NEEDS[section]}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-3 rounded-lg border border-dashed border-border p-4">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted">Not sure how to put it? Let AI draft it from your answers so far.</p>
        <Button type="button" variant="secondary" size="sm" onClick={run} pending={generate.isPending}>
          <Sparkles className="h-4 w-4" aria-hidden /> Draft with AI
        </Button>
      </div>
      {generate.isError ? <ServerErrors messages={apiErrorMessages(generate.error)} /> : null}
      {empty && text === null && !generate.isPending ? <p className="text-sm text-muted">{ONBOARDING_DRAFT_NEEDS[section]}</p> : null}
      {text !== null ? (
        <>
          <TextArea label={`Suggested ${label.toLowerCase()}`} value={text} onChange={(e) => setText(e.target.value)} />
          <div className="flex gap-2">
            <Button type="button" size="sm" onClick={() => (onAccept(text), setText(null))} disabled={!text.trim()}>
              Use this text
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setText(null)}>
              Discard
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}

export function ProblemSolvingStep({ state, save, footer, errors }: StepFormProps<'problem-solving'>) {
  const form = useStepForm('problem-solving', { problem: state.answers['problem-solving']?.problem ?? '' });
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="Problems you solve" footer={footer} errors={errors}>
      <TextArea label="The problem you solve" placeholder="What pain do your customers come to you with?" error={form.formState.errors.problem?.message} {...form.register('problem')} />
      <AiDraft state={state} section="problem" label="Problem" onAccept={(t) => form.setValue('problem', t, { shouldValidate: true })} />
    </StepFormShell>
  );
}

export function SolutionStep({ state, save, footer, errors }: StepFormProps<'solution'>) {
  const saved = state.answers.solution;
  const form = useStepForm('solution', { offering_name: saved?.offering_name ?? '', solution: saved?.solution ?? '' });
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="Your solution" footer={footer} errors={errors}>
      <Field label="Product or service name" error={form.formState.errors.offering_name?.message} {...form.register('offering_name')} />
      <TextArea label="Your solution" placeholder="How do you solve it?" error={form.formState.errors.solution?.message} {...form.register('solution')} />
      <AiDraft state={state} section="solution" label="Solution" onAccept={(t) => form.setValue('solution', t, { shouldValidate: true })} />
    </StepFormShell>
  );
}

export function DifferentStep({ state, save, footer, errors }: StepFormProps<'different'>) {
  const form = useStepForm('different', { different: state.answers.different?.different ?? '' });
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="What makes you different" footer={footer} errors={errors}>
      <TextArea label="What sets you apart" placeholder="Why do buyers choose you over the alternatives?" error={form.formState.errors.different?.message} {...form.register('different')} />
      <AiDraft state={state} section="differentiators" label="Differentiators" onAccept={(t) => form.setValue('different', t, { shouldValidate: true })} />
    </StepFormShell>
  );
}

// ---------------------------------------------------------------- potential-customers

const TITLE_SUGGESTIONS = ['CEO', 'Founder', 'VP Sales', 'Head of Marketing', 'CTO', 'CFO', 'Head of Operations'];
const INDUSTRY_SUGGESTIONS = ['Software', 'Financial Services', 'Marketing & Advertising', 'Healthcare', 'Manufacturing', 'E-commerce'];

export function PotentialCustomersStep({ state, save, footer, errors }: StepFormProps<'potential-customers'>) {
  const saved = state.answers['potential-customers'];
  const form = useStepForm('potential-customers', {
    persona_name: saved?.persona_name ?? '',
    job_titles: saved?.job_titles ?? [],
    industries: saved?.industries ?? [],
    company_sizes: saved?.company_sizes ?? [],
    locations: saved?.locations ?? [],
  });
  const e = form.formState.errors;
  return (
    <StepFormShell form={form} save={(v) => save(v as OnboardingStepInput<'potential-customers'>)} label="Potential customers" footer={footer} errors={errors}>
      <Field label="Audience name" placeholder="e.g. SaaS sales leaders" hint="Becomes your first persona." error={e.persona_name?.message} {...form.register('persona_name')} />
      <Controller
        control={form.control}
        name="job_titles"
        render={({ field }) => <ChipsInput label="Job titles" value={field.value} onChange={field.onChange} placeholder="Add a job title" suggestions={TITLE_SUGGESTIONS} error={e.job_titles?.message ?? e.job_titles?.root?.message} />}
      />
      <Controller
        control={form.control}
        name="industries"
        render={({ field }) => <ChipsInput label="Industries" value={field.value} onChange={field.onChange} placeholder="Add an industry" suggestions={INDUSTRY_SUGGESTIONS} error={e.industries?.message} />}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-fg">Company sizes (employees)</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {COMPANY_SIZES.map((s) => (
            <label key={s.value} className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm text-fg has-[:checked]:border-accent">
              <input type="checkbox" value={s.value} className="accent-[var(--accent)]" {...form.register('company_sizes')} />
              {s.name}
            </label>
          ))}
        </div>
      </fieldset>
      <Controller
        control={form.control}
        name="locations"
        render={({ field }) => <ChipsInput label="Locations" value={field.value} onChange={field.onChange} placeholder="Country, region or city" error={e.locations?.message} />}
      />
    </StepFormShell>
  );
}

// ---------------------------------------------------------------- price, expectations, meeting-link

const PERIOD_LABELS: Record<(typeof PRICE_PERIODS)[number], string> = {
  one_time: 'One-time',
  month: 'Per month',
  year: 'Per year',
  user_month: 'Per user per month',
  user_year: 'Per user per year',
};

export function PriceStep({ state, save, footer, errors }: StepFormProps<'price'>) {
  const saved = state.answers.price;
  const form = useStepForm('price', {
    price_min: saved?.price_min ?? null,
    price_max: saved?.price_max ?? null,
    currency: saved?.currency ?? 'USD',
    price_period: saved?.price_period ?? 'month',
  });
  const e = form.formState.errors;
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="Price" footer={footer} errors={errors}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="From" type="number" min={0} step="any" error={e.price_min?.message} {...form.register('price_min', { setValueAs: numberOrNull })} />
        <Field label="To" type="number" min={0} step="any" error={e.price_max?.message} {...form.register('price_max', { setValueAs: numberOrNull })} />
        <div className="space-y-1.5">
          <Label htmlFor="price-currency">Currency</Label>
          <select id="price-currency" className={selectClass} {...form.register('currency')}>
            {CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="price-period">Billing period</Label>
          <select id="price-period" className={selectClass} {...form.register('price_period')}>
            {PRICE_PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_LABELS[p]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </StepFormShell>
  );
}

export function ExpectationsStep({ state, save, footer, errors }: StepFormProps<'expectations'>) {
  const saved = state.answers.expectations;
  const form = useStepForm('expectations', { meetings_per_month: saved?.meetings_per_month ?? null, markets: saved?.markets ?? [] });
  const e = form.formState.errors;
  return (
    <StepFormShell form={form} save={(v) => save(v as OnboardingStepInput<'expectations'>)} label="Expectations" footer={footer} errors={errors}>
      <Field label="Meetings per month" type="number" min={1} step={1} error={e.meetings_per_month?.message} {...form.register('meetings_per_month', { setValueAs: numberOrNull })} />
      <Controller
        control={form.control}
        name="markets"
        render={({ field }) => <ChipsInput label="Markets" value={field.value} onChange={field.onChange} placeholder="e.g. North America" error={e.markets?.message ?? e.markets?.root?.message} />}
      />
    </StepFormShell>
  );
}

export function MeetingLinkStep({ state, save, footer, errors }: StepFormProps<'meeting-link'>) {
  const form = useStepForm('meeting-link', { meeting_link: state.answers['meeting-link']?.meeting_link ?? '' });
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="Meeting link" footer={footer} errors={errors}>
      <Field label="Meeting link" type="url" placeholder="calendly.com/you/30min" hint="Used in your call to action." error={form.formState.errors.meeting_link?.message} {...form.register('meeting_link')} />
    </StepFormShell>
  );
}

// ---------------------------------------------------------------- phone-number

export function PhoneNumberStep({ state, save, footer, errors, clearErrors }: StepFormProps<'phone-number'>) {
  const form = useStepForm('phone-number', { phone: state.answers['phone-number']?.phone ?? state.prefill.phone ?? '' });
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<PhoneCodeSent | null>(null);
  const phone = form.watch('phone') ?? '';
  const normalized = normalizePhone(phone);
  const verified = (state.prefill.phone_verified && state.prefill.phone === normalized) || (verify.data?.phone_verified && verify.data.phone === normalized);
  const sendCode = async () => {
    if (!(await form.trigger('phone'))) return;
    send.mutate(normalized, { onSuccess: (s) => (setSent(s), setCode(''), verify.reset()) });
  };
  // A refused Next ("verify this number first") no longer holds once it is verified.
  const checkCode = () => verify.mutate(code, { onSuccess: () => clearErrors() });
  const codeLabel = sent?.channel === 'email' ? 'Code from the email' : 'Code from the SMS';
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="Phone number" footer={footer} errors={errors}>
      <div className="flex items-end gap-2">
        <Field className="flex-1" label="Phone number" type="tel" autoComplete="tel" placeholder="+14155550123" error={form.formState.errors.phone?.message} {...form.register('phone')} />
        {verified ? null : (
          <Button type="button" variant="secondary" onClick={() => void sendCode()} pending={send.isPending}>
            {sent ? 'Send a new code' : 'Send code'}
          </Button>
        )}
      </div>
      {send.isError ? <ServerErrors messages={apiErrorMessages(send.error)} /> : null}
      {verified ? (
        <p role="status" className="flex items-center gap-2 text-sm text-success">
          <CircleCheck className="h-4 w-4" aria-hidden /> Phone number verified
        </p>
      ) : sent ? (
        <div className="space-y-2">
          <p className="text-sm text-muted">
            {sent.channel === 'email' ? (
              <>
                We emailed a 6-digit code to <span className="font-medium text-fg">{sent.sent_to}</span>.
              </>
            ) : (
              <>
                We texted a 6-digit code to <span className="font-medium text-fg">{sent.sent_to}</span>.
              </>
            )}
          </p>
          <div className="flex items-end gap-2">
            <Field className="flex-1" label={codeLabel} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
            <Button type="button" onClick={checkCode} pending={verify.isPending} disabled={code.length !== 6}>
              Verify
            </Button>
          </div>
          {verify.isError ? <ServerErrors messages={apiErrorMessages(verify.error)} /> : null}
        </div>
      ) : null}
    </StepFormShell>
  );
}

// ---------------------------------------------------------------- notifications-list

export function NotificationsListStep({ state, save, footer, errors }: StepFormProps<'notifications-list'>) {
  const saved = state.answers['notifications-list'];
  const form = useStepForm('notifications-list', { events: saved?.events ?? DEFAULT_ONBOARDING_NOTIFICATION_EVENTS });
  return (
    <StepFormShell form={form} save={(v) => save(v as OnboardingStepInput<'notifications-list'>)} label="Notifications" footer={footer} errors={errors}>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-fg">Tell me when</legend>
        {ONBOARDING_NOTIFICATION_EVENTS.map((ev) => (
          <label key={ev.value} className="flex items-center gap-3 rounded-lg border border-border px-4 py-3 text-sm text-fg has-[:checked]:border-accent">
            <input type="checkbox" value={ev.value} className="accent-[var(--accent)]" {...form.register('events')} />
            {ev.label}
          </label>
        ))}
      </fieldset>
    </StepFormShell>
  );
}

export const STEP_FORMS: { [S in OnboardingStepSlug]: (props: StepFormProps<S>) => ReactNode } = {
  'choose-user-profile': ChooseUserProfileStep,
  'your-website': YourWebsiteStep,
  'your-position': YourPositionStep,
  'job-title': JobTitleStep,
  'problem-solving': ProblemSolvingStep,
  solution: SolutionStep,
  different: DifferentStep,
  'potential-customers': PotentialCustomersStep,
  price: PriceStep,
  expectations: ExpectationsStep,
  'meeting-link': MeetingLinkStep,
  'phone-number': PhoneNumberStep,
  'notifications-list': NotificationsListStep,
};
