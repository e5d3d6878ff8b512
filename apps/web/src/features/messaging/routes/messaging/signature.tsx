import { MessagingSection } from '../../components/section';
import { RichTextSettingForm } from '../../components/rich-text-setting-form';

export function SignatureRoute() {
  return (
    <MessagingSection slug="signature">
      {(setting) => (
        <RichTextSettingForm
          setting={setting}
          field="signature"
          label="Signature"
          hint="Added under every email. Bold, italic, links, a logo image and colours; no headings or lists."
        />
      )}
    </MessagingSection>
  );
}
