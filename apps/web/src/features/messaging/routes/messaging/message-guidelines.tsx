import { MessagingSection } from '../../components/section';
import { RichTextSettingForm } from '../../components/rich-text-setting-form';

export function MessageGuidelinesRoute() {
  return (
    <MessagingSection slug="message-guidelines">
      {(setting) => (
        <RichTextSettingForm
          setting={setting}
          field="message_guidelines"
          label="Message guidelines"
          hint="The rules every message follows. Paste from a document: formatting your toolbar cannot make is cleaned up."
        />
      )}
    </MessagingSection>
  );
}
