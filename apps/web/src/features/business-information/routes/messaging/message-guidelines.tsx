import { RichTextEditor } from '@web/components/rich-text';
import { MessagingSection } from '../../components/section';
import { SettingFieldForm } from '../../components/setting-field-form';

export function MessageGuidelinesRoute() {
  return (
    <MessagingSection slug="message-guidelines">
      {(setting) => (
        <SettingFieldForm
         
          setting={setting}
          field="message_guidelines"
          label="Message guidelines"
          labelFor={false}
          hint="The rules every message follows. Paste from a document: formatting your toolbar cannot make is cleaned up."
        >
          {({ value, onChange, onBlur, invalid, describedBy }) => (
            <RichTextEditor
              field="message_guidelines"
              label="Message guidelines"
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
