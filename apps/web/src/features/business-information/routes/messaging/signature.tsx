import { RichTextEditor } from '@web/components/rich-text';
import { MessagingSection } from '../../components/section';
import { SettingFieldForm } from '../../components/setting-field-form';

export function SignatureRoute() {
  return (
    <MessagingSection slug="signature">
      {(setting) => (
        <SettingFieldForm
         
          setting={setting}
          field="signature"
          label="Signature"
          labelFor={false}
          hint="Added under every email. Bold, italic, links, a logo image and colours; no headings or lists."
        >
          {({ value, onChange, onBlur, invalid, describedBy }) => (
            <RichTextEditor
              field="signature"
              label="Signature"
              value={value}
              onChange={onChange}
              onBlur={onBlur}
              invalid={invalid}
              describedBy={describedBy}
            />
          )}
        </SettingFieldForm>
      )}
    </MessagingSection>
  );
}
