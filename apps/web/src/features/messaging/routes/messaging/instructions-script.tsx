import { CategoryInstructions } from '../../components/category-instructions';
import { MessagingSection } from '../../components/section';
import { RichTextSettingForm } from '../../components/rich-text-setting-form';
import { TestCall } from '../../components/test-call';

export function InstructionsScriptRoute() {
  return (
    <MessagingSection slug="instructions-script">
      {(setting) => (
        <div className="space-y-6">
          <RichTextSettingForm
            setting={setting}
            field="instructions_script"
            label="Instructions script"
            hint="What the agent says on a call and how it handles objections."
          />
          <TestCall />
          <CategoryInstructions setting={setting} />
        </div>
      )}
    </MessagingSection>
  );
}
