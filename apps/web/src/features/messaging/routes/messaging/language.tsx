import { MESSAGE_LANGUAGES } from '@shared/schemas/messaging';
import { selectClass } from '@web/components/ui/styles';
import { MessagingSection } from '../../components/section';
import { SettingFieldForm } from '../../components/setting-field-form';

const names = new Intl.DisplayNames(['en'], { type: 'language' });
const languageName = (code: string) => names.of(code) ?? code;

export function LanguageRoute() {
  return (
    <MessagingSection slug="language">
      {(setting) => (
        <SettingFieldForm setting={setting} field="language" label="Language" hint="Messages to these personas are written in this language.">
          {({ id, value, onChange, onBlur, invalid, describedBy }) => (
            <select
              id={id}
              className={`${selectClass} max-w-xs`}
              value={value}
              onChange={(e) => onChange(e.target.value)}
              onBlur={onBlur}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
            >
              {MESSAGE_LANGUAGES.map((code) => (
                <option key={code} value={code}>
                  {languageName(code)}
                </option>
              ))}
            </select>
          )}
        </SettingFieldForm>
      )}
    </MessagingSection>
  );
}
