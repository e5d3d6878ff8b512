import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, RefreshCw, Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  createMessageInstructionBodySchema,
  MESSAGE_CATEGORIES,
  MESSAGE_CATEGORY_LABELS,
  type MessageCategory,
  type MessageInstruction,
  type MessagingSetting,
} from '@shared/schemas/messaging';
import { RichTextEditor } from '@web/components/rich-text';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import { useGenerateCategoryExampleText } from '../api/generate-category-example-text';
import { useMessageInstructions } from '../api/list-message-instructions';
import { useSaveMessageInstruction } from '../api/save-message-instruction';
import { GeneratedExample, generationErrorText } from './generated-example';
import { SaveBar } from './save-bar';
import { LoadError } from '@web/components/ui/load-error';

/** The instructions field of the shared create schema: the editor's HTML, within the field's length. */
const formSchema = createMessageInstructionBodySchema.pick({ instructions: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** One category's instruction: the editor, Save (POST first, PUT after) and Generate example. */
function CategoryForm({
  category,
  instruction,
  setting,
}: {
  category: MessageCategory;
  instruction: MessageInstruction | null;
  setting: MessagingSetting | null;
}) {
  const label = MESSAGE_CATEGORY_LABELS[category];
  const id = useId();
  const errorId = `${id}-error`;
  const save = useSaveMessageInstruction(instruction?.id ?? null);
  const generate = useGenerateCategoryExampleText();
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { instructions: instruction?.instructions ?? '' },
  });
  const onSave = form.handleSubmit(async ({ instructions }) => {
    setSavedAt(null);
    try {
      const saved = await save.mutateAsync({ category, instructions });
      setSavedAt(new Date());
      form.reset({ instructions: saved.instructions });
    } catch {
      /* shown by the save bar */
    }
  });
  const onGenerate = form.handleSubmit(({ instructions }) => {
    generate.mutate({
      category,
      instructions,
      ...(instruction ? { message_instruction_id: instruction.id } : {}),
      ...(setting ? { messaging_setting_id: setting.id } : {}),
    });
  });
  const fieldError = form.formState.errors.instructions?.message;
  return (
    <div className="space-y-4">
      <form onSubmit={onSave} noValidate className="space-y-4">
        <div className="space-y-1.5">
          <Controller
            control={form.control}
            name="instructions"
            render={({ field }) => (
              <RichTextEditor
                field="instructions"
                label={`${label} instructions`}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={Boolean(fieldError)}
                describedBy={fieldError ? errorId : undefined}
              />
            )}
          />
          {fieldError ? (
            <p id={errorId} className="text-xs text-danger">
              {fieldError}
            </p>
          ) : null}
        </div>
        <SaveBar pending={save.isPending} savedAt={savedAt} error={save.error} />
      </form>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="secondary" pending={generate.isPending} onClick={() => void onGenerate()}>
          {generate.data ? <RefreshCw className="h-4 w-4" aria-hidden /> : <Sparkles className="h-4 w-4" aria-hidden />} Generate example
        </Button>
        {generate.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted">
            <Spinner className="h-4 w-4" /> Writing the example…
          </p>
        ) : null}
      </div>
      {generate.isError ? (
        <Alert>
          <p>{generationErrorText(generate.error)}</p>
        </Alert>
      ) : null}
      {generate.data ? <GeneratedExample result={generate.data} label={`${label} example`} /> : null}
    </div>
  );
}

/** A collapsible card; its form mounts on first open and keeps its edits while collapsed. */
function CategoryCard({
  category,
  instruction,
  setting,
}: {
  category: MessageCategory;
  instruction: MessageInstruction | null;
  setting: MessagingSetting | null;
}) {
  const panelId = useId();
  const buttonId = `${panelId}-button`;
  const statusId = `${panelId}-status`;
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const label = MESSAGE_CATEGORY_LABELS[category];
  return (
    <Card className="p-0">
      <h4 className="m-0">
        <button
          id={buttonId}
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          aria-describedby={statusId}
          className="flex w-full cursor-pointer items-center justify-between gap-3 rounded-xl px-4 py-3 text-left text-sm font-medium text-fg hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
          onClick={() => {
            setOpen((o) => !o);
            setOpened(true);
          }}
        >
          <span>{label}</span>
          <span className="flex items-center gap-2 text-xs font-normal text-muted">
            <span id={statusId} aria-hidden>
              {instruction ? 'Written' : 'Not written yet'}
            </span>
            <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
          </span>
        </button>
      </h4>
      <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!open} className="border-t border-border p-4">
        {opened ? <CategoryForm category={category} instruction={instruction} setting={setting} /> : null}
      </div>
    </Card>
  );
}

/** Message instructions by categories: one card per category, each saved and tried on its own. */
export function CategoryInstructions({ setting }: { setting: MessagingSetting | null }) {
  const query = useMessageInstructions();
  let body;
  if (query.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted">
        <Spinner className="h-4 w-4" /> Loading your instructions…
      </p>
    );
  } else if (query.isError) {
    body = (
      <LoadError what="your instructions by category" error={query.error} onRetry={() => query.refetch()} />
    );
  } else {
    body = (
      <div className="space-y-2">
        {query.data.length === 0 ? <p className="text-sm text-muted">No instructions yet: open a category to write its first one.</p> : null}
        {MESSAGE_CATEGORIES.map((category) => (
          <CategoryCard
            key={category}
            category={category}
            instruction={query.data.find((i) => i.category === category) ?? null}
            setting={setting}
          />
        ))}
      </div>
    );
  }
  return (
    <section aria-labelledby="category-instructions-title" className="space-y-3">
      <div>
        <h3 id="category-instructions-title" className="text-base font-semibold text-fg">
          Instructions by category
        </h3>
        <p className="text-sm text-muted">How the agent writes each kind of message: a cold email, a follow-up, a LinkedIn invitation, …</p>
      </div>
      {body}
    </section>
  );
}
