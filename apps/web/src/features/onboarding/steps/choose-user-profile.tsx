import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Field } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Spinner } from '@web/components/ui/spinner';
import { useSearchUsers } from '../api/onboarding';
import { StepFormShell, useStepForm, type StepFormProps } from './step-form';

export function ChooseUserProfileStep({ state, save, footer, errors }: StepFormProps<'choose-user-profile'>) {
  const saved = state.answers['choose-user-profile'];
  const form = useStepForm('choose-user-profile', {
    skipped: false,
    name: (saved && !saved.skipped ? saved.name : null) ?? state.prefill.name ?? '',
    photo_url: (saved && !saved.skipped ? saved.photo_url : null) ?? state.prefill.photo_url ?? '',
    title: (saved && !saved.skipped ? saved.title : null) ?? '',
    profile_url: (saved && !saved.skipped ? saved.profile_url : null) ?? '',
  });
  const [query, setQuery] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setDebounced(query), 250);
    return () => clearTimeout(t);
  }, [query]);
  const results = useSearchUsers(debounced);
  const photo = form.watch('photo_url');
  const title = form.watch('title');
  const name = form.watch('name');
  return (
    <StepFormShell form={form} save={(v) => save(v)} label="Choose your profile" footer={footer} errors={errors}>
      <div className="space-y-1.5">
        <Label htmlFor="profile-search">Search for your profile</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-muted" aria-hidden />
          <Input
            id="profile-search"
            className="pl-9"
            role="combobox"
            aria-expanded={!!results.data?.length}
            aria-controls="profile-results"
            autoComplete="off"
            placeholder="Your name, headline or LinkedIn URL"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        {results.isFetching ? <Spinner label="Searching" className="h-4 w-4" /> : null}
        {results.data && debounced.trim().length >= 2 ? (
          results.data.length ? (
            <ul id="profile-results" role="listbox" aria-label="Profiles found" className="divide-y divide-border rounded-lg border border-border">
              {results.data.map((r) => (
                <li
                  key={`${r.source}-${r.profile_url ?? r.name}`}
                  role="option"
                  aria-selected={name === r.name}
                  tabIndex={0}
                  className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-surface-2 focus-visible:bg-surface-2 focus-visible:outline-none"
                  onClick={() => pick(r)}
                  onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), pick(r))}
                >
                  {r.photo ? <img src={r.photo} alt="" className="h-8 w-8 rounded-full object-cover" /> : <span className="h-8 w-8 rounded-full bg-surface-2" aria-hidden />}
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium text-fg">{r.name}</span>
                    {r.title ? <span className="block truncate text-xs text-muted">{r.title}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted">No profile found. Type your details below, or skip this step.</p>
          )
        ) : null}
      </div>
      <div className="flex items-start gap-4">
        {photo ? <img src={photo} alt="Your photo" className="h-14 w-14 rounded-full object-cover" /> : null}
        <div className="grid flex-1 gap-4 sm:grid-cols-2">
          <Field label="Your name" autoComplete="name" error={form.formState.errors.name?.message} {...form.register('name')} />
          <Field label="Your headline" error={form.formState.errors.title?.message} {...form.register('title')} />
        </div>
      </div>
      {title && photo ? <p className="sr-only">Profile picked</p> : null}
    </StepFormShell>
  );

  function pick(r: { name: string; photo: string | null; title: string | null; profile_url: string | null }) {
    form.setValue('name', r.name, { shouldValidate: true });
    form.setValue('photo_url', r.photo ?? '');
    form.setValue('title', r.title ?? '');
    form.setValue('profile_url', r.profile_url ?? '');
    setQuery('');
    setDebounced('');
  }
}
