import { zodResolver } from '@hookform/resolvers/zod';
import { BookOpen, Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { updateMessagingSettingBodySchema, type MessagingSetting } from '@shared/schemas/messaging';
import { EmptyState } from '@web/components/page-frame';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { textareaClassOf } from '@web/components/ui/styles';
import { SaveBar } from '../../components/save-bar';
import { MessagingSection } from '../../components/section';
import { useSettingSave } from '../../hooks/use-setting-save';

const schema = updateMessagingSettingBodySchema.pick({ case_studies: true });
type Values = { case_studies: { title: string; summary: string; url: string }[] };
const MAX = 20;

const toValues = (setting: MessagingSetting | null): Values => ({
  case_studies: (setting?.case_studies ?? []).map((c) => ({ title: c.title, summary: c.summary, url: c.url ?? '' })),
});

function CaseStudiesForm({ setting }: { setting: MessagingSetting | null }) {
  const { submit, savedAt, pending, error } = useSettingSave(setting);
  const form = useForm<Values>({ resolver: zodResolver(schema) as unknown as Resolver<Values>, defaultValues: toValues(setting) });
  const list = useFieldArray({ control: form.control, name: 'case_studies' });
  const errors = form.formState.errors.case_studies;
  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await submit({ case_studies: values.case_studies.map((c) => ({ title: c.title, summary: c.summary, url: c.url || null })) });
    if (saved) form.reset(toValues(saved));
  });
  const add = () => list.append({ title: '', summary: '', url: '' }, { shouldFocus: true });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {list.fields.length === 0 ? (
        <EmptyState
          icon={BookOpen}
          title="No case studies yet"
          action={
            <Button type="button" variant="secondary" onClick={add}>
              <Plus className="h-4 w-4" aria-hidden /> Add case study
            </Button>
          }
        >
          A short customer story (who, what changed, by how much) gives the agent proof to cite.
        </EmptyState>
      ) : (
        <ol className="space-y-3">
          {list.fields.map((item, index) => {
            const e = errors?.[index];
            const n = index + 1;
            return (
              <li key={item.id}>
                <Card className="space-y-3 p-4" role="group" aria-label={`Case study ${n}`}>
                  <div className="flex items-center justify-between">
                    <h3 className="text-sm font-semibold text-fg">Case study {n}</h3>
                    <Button type="button" size="sm" variant="ghost" onClick={() => list.remove(index)} aria-label={`Remove case study ${n}`}>
                      <Trash2 className="h-4 w-4" aria-hidden /> Remove
                    </Button>
                  </div>
                  <Field label="Title" error={e?.title?.message} {...form.register(`case_studies.${index}.title`)} />
                  <div className="space-y-1.5">
                    <Label htmlFor={`case-summary-${item.id}`}>Summary</Label>
                    <textarea
                      id={`case-summary-${item.id}`}
                      className={textareaClassOf('min-h-28')}
                      aria-invalid={e?.summary ? true : undefined}
                      {...form.register(`case_studies.${index}.summary`)}
                    />
                    {e?.summary ? <p className="text-xs text-danger">{e.summary.message}</p> : null}
                  </div>
                  <Field label="Link" type="url" placeholder="https://" error={e?.url?.message} {...form.register(`case_studies.${index}.url`)} />
                </Card>
              </li>
            );
          })}
        </ol>
      )}
      {errors?.root?.message || errors?.message ? <p className="text-xs text-danger">{errors?.root?.message ?? errors?.message}</p> : null}
      {list.fields.length > 0 ? (
        <Button type="button" variant="secondary" size="sm" onClick={add} disabled={list.fields.length >= MAX}>
          <Plus className="h-4 w-4" aria-hidden /> Add case study
        </Button>
      ) : null}
      <SaveBar pending={pending} savedAt={savedAt} error={error} disabled={!form.formState.isDirty && list.fields.length === 0} />
    </form>
  );
}

export function CaseStudiesRoute() {
  return <MessagingSection slug="case-studies">{(setting) => <CaseStudiesForm setting={setting} />}</MessagingSection>;
}
