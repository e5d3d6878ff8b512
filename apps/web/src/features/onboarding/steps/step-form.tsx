/** What every onboarding step form shares: its props, the typed drafts kept across Back, the form and its shell, and the AI draft. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Sparkles } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { apiErrorMessages } from '@shared/api';
import {
  canDraftOnboardingSection,
  ONBOARDING_DRAFT_NEEDS,
  onboardingDraftSourceOf,
  onboardingStepSchemas,
  type OnboardingDraftSection,
  type OnboardingState,
  type OnboardingStepInput,
  type OnboardingStepSlug,
} from '@shared/schemas/onboarding';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { textareaClassOf } from '@web/components/ui/styles';
import { useGenerateInfo } from '../api/onboarding';

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

export function useStepForm<S extends OnboardingStepSlug, V extends FieldValues>(slug: S, defaultValues: V): UseFormReturn<V> {
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

export function StepFormShell<V extends FieldValues>({
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

export function TextArea({ label, error, id, ...props }: React.ComponentProps<'textarea'> & { label: string; error?: string }) {
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

export const numberOrNull = (v: unknown) => (v === '' || v == null || Number.isNaN(Number(v)) ? null : Number(v));

/**
 * "Draft with AI": the server drafts from the answers so far; the user edits the suggestion, then uses
 * it. With nothing yet to draft this part from, it says what to answer first instead.
 */
export function AiDraft({ state, section, label, onAccept }: { state: OnboardingState; section: OnboardingDraftSection; label: string; onAccept: (text: string) => void }) {
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
