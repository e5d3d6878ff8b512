import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { updateMessagingSettingBodySchema, type MessagingSetting } from '@shared/schemas/messaging';
import { Label } from '@web/components/ui/label';
import { useSettingSave } from '../hooks/use-setting-save';
import { SaveBar } from './save-bar';

/** The string fields of a messaging setting that one page edits alone. */
export type StringSettingField = 'tone_voice' | 'language' | 'call_to_action' | 'message_guidelines' | 'instructions_script' | 'signature';

export type FieldInputProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  invalid: boolean;
  describedBy: string | undefined;
};

const DEFAULTS: Record<StringSettingField, string> = {
  tone_voice: '',
  language: 'en',
  call_to_action: '',
  message_guidelines: '',
  instructions_script: '',
  signature: '',
};

/**
 * One field of the current messaging setting: validated with the shared update schema (just that
 * field), saved with PUT (or POST for the first save), "Saved at …" and server errors under it.
 */
export function SettingFieldForm({
  setting,
  field,
  label,
  hint,
  labelFor = true,
  children,
}: {
  setting: MessagingSetting | null;
  field: StringSettingField;
  label: string;
  hint?: ReactNode;
  /** False for inputs that label themselves (the rich-text editor names its own editable area). */
  labelFor?: boolean;
  children: (props: FieldInputProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const schema = updateMessagingSettingBodySchema.pick({ [field]: true } as Record<StringSettingField, true>);
  const { submit, savedAt, pending, error } = useSettingSave(setting);
  type Values = Record<string, string>;
  const form = useForm<Values>({
    resolver: zodResolver(schema) as unknown as Resolver<Values>,
    defaultValues: { [field]: setting?.[field] ?? DEFAULTS[field] },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await submit({ [field]: values[field] });
    if (saved) form.reset({ [field]: saved[field] });
  });
  const fieldError = form.formState.errors[field]?.message;
  const describedBy = [fieldError ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="space-y-1.5">
        {labelFor ? <Label htmlFor={id}>{label}</Label> : <p className="text-sm font-medium text-fg">{label}</p>}
        <Controller
          control={form.control}
          name={field}
          render={({ field: f }) => (
            <>
              {children({ id, value: f.value ?? '', onChange: f.onChange, onBlur: f.onBlur, invalid: Boolean(fieldError), describedBy })}
            </>
          )}
        />
        {hint && !fieldError ? (
          <p id={hintId} className="text-xs text-muted">
            {hint}
          </p>
        ) : null}
        {fieldError ? (
          <p id={errorId} className="text-xs text-danger">
            {fieldError}
          </p>
        ) : null}
      </div>
      <SaveBar pending={pending} savedAt={savedAt} error={error} />
    </form>
  );
}
