import { Plus, Trash2 } from 'lucide-react';
import { SEQUENCE_MAX_STEPS, STEP_DELAY_MAX_DAYS, STEP_KIND_LABELS, stepKindsFor, type SequenceStepInput, type StepKind } from '@shared/schemas/campaigns';
import { Button } from '@web/components/ui/button';
import { controlClass, selectClass } from '@web/components/ui/styles';
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
                <select id={`step-${i}-kind`} className={selectClass} value={step.kind} onChange={(e) => set(i, { kind: e.target.value as StepKind })}>
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
