import { textareaClassOf } from '@web/components/ui/styles';
import { MessagingSection } from '../../components/section';
import { SettingFieldForm } from '../../components/setting-field-form';

export function CallToActionRoute() {
  return (
    <MessagingSection slug="call-to-action">
      {(setting) => (
        <SettingFieldForm
          setting={setting}
          field="call_to_action"
          label="Call to action"
          hint="What the prospect should do next, e.g. “Book a 15-minute call: https://cal.example.com/you”."
        >
          {({ id, value, onChange, onBlur, invalid, describedBy }) => (
            <textarea
              id={id}
              className={textareaClassOf('min-h-28')}
              value={value}
              onChange={(e) => onChange(e.target.value)}
              onBlur={onBlur}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
            />
          )}
        </SettingFieldForm>
      )}
    </MessagingSection>
  );
}
