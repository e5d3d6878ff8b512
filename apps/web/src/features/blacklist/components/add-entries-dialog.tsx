import { Plus, Upload } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { apiErrorMessages } from '@shared/api';
import { BLACKLIST_BULK_MAX, type BlacklistItemError } from '@shared/schemas/blacklist';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { textareaClass } from '@web/components/ui/styles';
import { counted } from '@web/lib/counted';
import { readFileText } from '@web/lib/download';
import { notify } from '@web/lib/notify';
import { useAddToBlacklist, type BlacklistKind } from '../api/blacklist';
import { parseCsvFile, parsePasted } from '../lib/parse-entries';

const WORDS = {
  emails: { one: 'email', title: 'Add emails to the blacklist', example: 'ann@acme.com\nbob@rival.io, carl@partner.com' },
  domains: { one: 'domain', title: 'Add domains to the blacklist', example: 'rival.io\n@partner.com, www.customer.com' },
} as const;

type Outcome = { added: number; duplicates: number; errors: BlacklistItemError[] };

/** "Add emails" / "Add domains": paste many (or pick a CSV file), each invalid one is listed with its reason. */
export function AddEntriesButton({ kind }: { kind: BlacklistKind }) {
  const words = WORDS[kind];
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [empty, setEmpty] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const add = useAddToBlacklist(kind);
  const fileInput = useRef<HTMLInputElement>(null);
  const textId = useId();
  const hintId = useId();

  const reset = () => {
    setText('');
    setEmpty(false);
    setOutcome(null);
    setFileName(null);
    add.reset();
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const items = parseCsvFile(await readFileText(file), kind);
    setFileName(file.name);
    setText(items.join('\n'));
    setEmpty(items.length === 0);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const items = parsePasted(text);
    if (items.length === 0) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    const total: Outcome = { added: 0, duplicates: 0, errors: [] };
    try {
      // The server takes BLACKLIST_BULK_MAX at a time: a longer paste goes in parts.
      for (let i = 0; i < items.length; i += BLACKLIST_BULK_MAX) {
        const result = await add.mutateAsync(items.slice(i, i + BLACKLIST_BULK_MAX));
        total.added += result.added.length;
        total.duplicates += result.duplicates;
        total.errors.push(...result.errors);
      }
    } catch {
      return; // shown from add.error
    }
    const summary = [counted(total.added, words.one) + ' added', total.duplicates ? `${total.duplicates} already on the list` : null].filter(Boolean).join(', ');
    if (total.errors.length === 0) {
      notify.success(summary);
      setOpen(false);
      reset();
      return;
    }
    // Keep what could not be added in the box, to correct and send again.
    setOutcome(total);
    setText(total.errors.map((x) => x.value).join('\n'));
  };

  return (
    <>
      <Button
        type="button"
        onClick={() => {
          reset();
          setOpen(true);
        }}
      >
        <Plus className="h-4 w-4" aria-hidden />
        Add {kind}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={words.title} description={`Paste one ${words.one} per line (or separated by commas), or choose a CSV file.`}>
        <form onSubmit={(e) => void submit(e)} className="space-y-4" aria-label={words.title} noValidate>
          {outcome ? (
            <Alert tone={outcome.added > 0 ? 'success' : 'error'}>
              <p>
                {counted(outcome.added, words.one)} added{outcome.duplicates ? `, ${outcome.duplicates} already on the list` : ''}.{' '}
                {counted(outcome.errors.length, `${words.one} was`, `${words.one}s were`)} not added:
              </p>
              <ul className="list-disc pl-5">
                {outcome.errors.slice(0, 20).map((x, i) => (
                  <li key={`${x.value}-${i}`}>
                    <span className="font-medium break-all">{x.value}</span>: {x.error}
                  </li>
                ))}
                {outcome.errors.length > 20 ? <li>and {outcome.errors.length - 20} more</li> : null}
              </ul>
            </Alert>
          ) : null}
          <div className="space-y-1.5">
            <Label htmlFor={textId}>{kind === 'emails' ? 'Emails' : 'Domains'}</Label>
            <textarea
              id={textId}
              className={`${textareaClass} min-h-40 font-mono`}
              placeholder={words.example}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={empty || undefined}
              aria-describedby={hintId}
            />
            <p id={hintId} className={empty ? 'text-sm text-danger' : 'text-xs text-muted'}>
              {empty
                ? `Paste at least one ${words.one}${fileName ? ` (no ${kind} found in ${fileName})` : ''}.`
                : kind === 'domains'
                  ? 'A domain also covers its subdomains: rival.io blocks sales@eu.rival.io.'
                  : 'Letter case does not matter.'}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <input
              ref={fileInput}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              className="sr-only"
              aria-label="CSV file"
              tabIndex={-1}
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
            <Button type="button" variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
              <Upload className="h-4 w-4" aria-hidden />
              Choose a CSV file
            </Button>
            {fileName ? <span className="text-sm text-muted">{fileName}</span> : null}
          </div>
          <ServerErrors messages={add.isError ? apiErrorMessages(add.error) : null} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" pending={add.isPending}>
              Add to blacklist
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
