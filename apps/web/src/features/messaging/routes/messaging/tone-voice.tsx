import { TONE_VOICE_SUGGESTIONS } from '@shared/schemas/messaging';
import { Button } from '@web/components/ui/button';
import { textareaClassOf } from '@web/components/ui/styles';
import { MessagingSection } from '../../components/section';
import { SettingFieldForm } from '../../components/setting-field-form';

export function ToneVoiceRoute() {
  return (
    <MessagingSection slug="tone-voice">
      {(setting) => (
        <SettingFieldForm
          setting={setting}
          field="tone_voice"
          label="Tone of voice"
          hint="Pick a suggestion or describe the tone in your own words (up to 500 characters)."
        >
          {({ id, value, onChange, onBlur, invalid, describedBy }) => (
            <div className="space-y-2">
              <div className="flex flex-wrap gap-2" role="group" aria-label="Suggested tones">
                {TONE_VOICE_SUGGESTIONS.map((tone) => (
                  <Button key={tone} type="button" size="sm" variant={value === tone ? 'primary' : 'secondary'} aria-pressed={value === tone} onClick={() => onChange(tone)}>
                    {tone}
                  </Button>
                ))}
              </div>
              <textarea
                id={id}
                className={textareaClassOf('min-h-28')}
                value={value}
                onChange={(e) => onChange(e.target.value)}
                onBlur={onBlur}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                placeholder="e.g. Friendly and direct, no jargon, short sentences"
              />
            </div>
          )}
        </SettingFieldForm>
      )}
    </MessagingSection>
  );
}
