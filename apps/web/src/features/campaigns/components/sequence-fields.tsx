import { Plus, Trash2 } from 'lucide-react';
import {
  SEQUENCE_MAX_STEPS,
  STEP_DELAY_MAX_DAYS,
  STEP_KIND_LABELS,
  stepKindsFor,
  VARIANT_BODY_MAX,
  VARIANT_FIELDS,
  VARIANT_MAX,
  VARIANT_MIN,
  VARIANT_SUBJECT_MAX,
  variantLetter,
  type SequenceStepInput,
  type StepKind,
  type StepVariantInput,
} from '@shared/schemas/campaigns';
import { Button } from '@web/components/ui/button';
import { controlClass, selectClass, textareaClassOf } from '@web/components/ui/styles';
import { useBrand } from '@web/stores/brand';

/** null: the sequence of the follow-up settings (emails only). */
export type SequenceValue = SequenceStepInput[] | null;

/**
 * The campaign's steps: emails, and where the brand has them LinkedIn steps (the user performs them from
 * the Tasks page) and calls. A kind the brand does not offer is not offered here (the server refuses it too).
 */
export function SequenceFields({ value, onChange, alwaysCustom = false }: { value: SequenceValue; onChange: (value: SequenceValue) => void; alwaysCustom?: boolean }) {
  const kinds = stepKindsFor(useBrand().feature_flags);
  const custom = value !== null;
  const set = (i: number, step: Partial<SequenceStepInput>) => onChange(value!.map((s, j) => (j === i ? { ...s, ...step } : s)));
  // Only email steps test variants: a step turned into another kind drops them.
  const setKind = (i: number, kind: StepKind) => set(i, kind === 'email' ? { kind } : { kind, variants: undefined });
  const firstEmail = value ? value.findIndex((s) => s.kind === 'email') : -1;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-fg">Sequence</legend>
      {alwaysCustom ? null : (
        <label className="flex items-center gap-2 text-sm text-fg">
          <input type="checkbox" checked={custom} onChange={(e) => onChange(e.target.checked ? [{ kind: 'email', delay_days: 0 }] : null)} />
          Choose the steps{kinds.length > 1 ? ' (email, LinkedIn, calls)' : ''}
        </label>
      )}
      {!custom ? <p className="text-xs text-muted">Otherwise: the first email and the follow-ups of your follow-up settings.</p> : null}
      {custom ? (
        <ol className="space-y-2">
          {value.map((step, i) => (
            <li key={i} className="flex flex-wrap items-end gap-2">
              <div className="min-w-48 flex-1 space-y-1">
                <label htmlFor={`step-${i}-kind`} className="text-xs text-muted">
                  Step {i + 1}
                </label>
                <select id={`step-${i}-kind`} className={selectClass} value={step.kind} onChange={(e) => setKind(i, e.target.value as StepKind)}>
                  {(kinds.includes(step.kind) ? kinds : [step.kind, ...kinds]).map((k) => (
                    <option key={k} value={k}>
                      {STEP_KIND_LABELS[k]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="space-y-1">
                <label htmlFor={`step-${i}-delay`} className="text-xs text-muted">
                  {i === 0 ? 'Days after enrolment' : 'Days after the step before'}
                </label>
                <input
                  id={`step-${i}-delay`}
                  type="number"
                  min={0}
                  max={STEP_DELAY_MAX_DAYS}
                  className={`h-10 w-20 ${controlClass}`}
                  value={step.delay_days}
                  onChange={(e) => set(i, { delay_days: Math.max(0, Math.min(STEP_DELAY_MAX_DAYS, Math.trunc(Number(e.target.value) || 0))) })}
                />
              </div>
              <Button type="button" size="icon" variant="ghost" aria-label={`Remove step ${i + 1}`} disabled={value.length === 1} onClick={() => onChange(value.filter((_, j) => j !== i))}>
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
              {step.kind === 'email' ? <VariantFields step={i} firstEmail={i === firstEmail} variants={step.variants ?? []} onChange={(variants) => set(i, { variants: variants.length ? variants : undefined })} /> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {custom && value.length < SEQUENCE_MAX_STEPS ? (
        <Button type="button" size="sm" variant="secondary" onClick={() => onChange([...value, { kind: 'email', delay_days: 3 }])}>
          <Plus className="h-4 w-4" aria-hidden /> Add step
        </Button>
      ) : null}
    </fieldset>
  );
}

const FIELD_LIST = Object.keys(VARIANT_FIELDS)
  .map((f) => `{{${f}}}`)
  .join(', ');

/**
 * An email step's A/B variants: none (the agent writes each email) or two to four texts the step's emails rotate
 * through evenly. The subject is asked on the first email step only: a follow-up answers in its thread.
 */
function VariantFields({ step, firstEmail, variants, onChange }: { step: number; firstEmail: boolean; variants: StepVariantInput[]; onChange: (v: StepVariantInput[]) => void }) {
  const id = (i: number, field: string) => `step-${step}-variant-${i}-${field}`;
  const setOne = (i: number, v: Partial<StepVariantInput>) => onChange(variants.map((x, j) => (j === i ? { ...x, ...v } : x)));
  const blank = (): StepVariantInput => (firstEmail ? { subject: '', body: '' } : { body: '' });
  if (variants.length === 0)
    return (
      <div className="w-full">
        <Button type="button" size="sm" variant="ghost" onClick={() => onChange(Array.from({ length: VARIANT_MIN }, blank))}>
          <Plus className="h-4 w-4" aria-hidden /> Test variants (A/B) for step {step + 1}
        </Button>
      </div>
    );
  return (
    <fieldset className="w-full space-y-3 rounded-lg border border-border p-3">
      <legend className="px-1 text-xs font-medium text-fg">Step {step + 1} variants</legend>
      <p className="text-xs text-muted">
        The step’s emails rotate evenly through these texts instead of being written by the agent. Fields: {FIELD_LIST}.
        {firstEmail ? '' : ' A follow-up answers in the first email’s thread, so it keeps that subject.'}
      </p>
      {variants.map((v, i) => (
        <div key={i} className="space-y-1.5">
          <div className="flex items-center justify-between gap-2">
            <span className="text-sm font-medium text-fg">Variant {variantLetter(i)}</span>
            <Button type="button" size="sm" variant="ghost" aria-label={`Remove variant ${variantLetter(i)} of step ${step + 1}`} disabled={variants.length <= VARIANT_MIN} onClick={() => onChange(variants.filter((_, j) => j !== i))}>
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          </div>
          {firstEmail ? (
            <div className="space-y-1">
              <label htmlFor={id(i, 'subject')} className="text-xs text-muted">
                Variant {variantLetter(i)} subject
              </label>
              <input id={id(i, 'subject')} className={`h-10 w-full ${controlClass}`} maxLength={VARIANT_SUBJECT_MAX} value={v.subject ?? ''} onChange={(e) => setOne(i, { subject: e.target.value })} />
            </div>
          ) : null}
          <div className="space-y-1">
            <label htmlFor={id(i, 'body')} className="text-xs text-muted">
              Variant {variantLetter(i)} body
            </label>
            <textarea id={id(i, 'body')} className={textareaClassOf('min-h-28')} maxLength={VARIANT_BODY_MAX} value={v.body} onChange={(e) => setOne(i, { body: e.target.value })} />
          </div>
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        {variants.length < VARIANT_MAX ? (
          <Button type="button" size="sm" variant="secondary" onClick={() => onChange([...variants, blank()])}>
            <Plus className="h-4 w-4" aria-hidden /> Add variant {variantLetter(variants.length)}
          </Button>
        ) : null}
        <Button type="button" size="sm" variant="ghost" onClick={() => onChange([])}>
          Stop testing variants on step {step + 1}
        </Button>
      </div>
    </fieldset>
  );
}
