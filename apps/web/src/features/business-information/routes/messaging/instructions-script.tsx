import { RichTextEditor } from '@web/components/rich-text';
import { CategoryInstructions } from '../../components/category-instructions';
import { MessagingSection } from '../../components/section';
import { SettingFieldForm } from '../../components/setting-field-form';
import { TestCall } from '../../components/test-call';

export function InstructionsScriptRoute() {
  return (
    <MessagingSection slug="instructions-script">
      {(setting) => (
        <div className="space-y-6">
          <SettingFieldForm
           
            setting={setting}
            field="instructions_script"
            label="Instructions script"
            labelFor={false}
            hint="What the agent says on a call and how it handles objections."
          >
            {({ value, onChange, onBlur, invalid, describedBy }) => (
              <RichTextEditor
                field="instructions_script"
                label="Instructions script"
                value={value}
                onChange={onChange}
                onBlur={onBlur}
                invalid={invalid}
                describedBy={describedBy}
              />
            )}
          </SettingFieldForm>
          <TestCall />
          <CategoryInstructions setting={setting} />
        </div>
      )}
    </MessagingSection>
  );
}
