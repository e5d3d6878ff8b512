import type { ReactNode } from 'react';
import type { MessagingSetting } from '@shared/schemas/messaging';
import { RichTextEditor } from '@web/components/rich-text';
import { SettingFieldForm } from './setting-field-form';

/** A rich-text field of the messaging setting: its own editor (toolbar and paste rules by field), saved alone. */
export function RichTextSettingForm({
  setting,
  field,
  label,
  hint,
}: {
  setting: MessagingSetting | null;
  field: 'message_guidelines' | 'instructions_script' | 'signature';
  label: string;
  hint: ReactNode;
}) {
  return (
    <SettingFieldForm setting={setting} field={field} label={label} labelFor={false} hint={hint}>
      {({ value, onChange, onBlur, invalid, describedBy }) => (
        <RichTextEditor
          field={field}
          label={label}
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          invalid={invalid}
          describedBy={describedBy}
        />
      )}
    </SettingFieldForm>
  );
}
