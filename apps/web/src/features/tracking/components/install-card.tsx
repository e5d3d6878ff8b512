import { Check, Copy, RefreshCw, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { apiErrorMessages } from '@shared/api';
import { GTM_CONTAINER_ID_ERROR, GTM_CONTAINER_ID_PATTERN, type TrackingCheck, type TrackingCode } from '@shared/schemas/tracking';
import { Alert, ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Field } from '@web/components/ui/field';
import { formatDate } from '@web/components/ui/styles';
import { notify } from '@web/lib/notify';
import { cn } from '@web/lib/utils';
import { useCheckWebsite, useUpdateTrackingCode } from '../api/tracking';

/** Copies text and says so; a browser without clipboard access says that instead. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      onClick={() =>
        navigator.clipboard
          .writeText(text)
          .then(() => {
            setCopied(true);
            notify.success(`${label} copied`);
            setTimeout(() => setCopied(false), 2000);
          })
          .catch(() => notify.error('Your browser did not allow copying: select the text and copy it by hand.'))
      }
    >
      {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
      {copied ? 'Copied' : `Copy ${label.toLowerCase()}`}
    </Button>
  );
}

function CodeBlock({ code, label, prose = false }: { code: string; label: string; prose?: boolean }) {
  return (
    <div className="space-y-2">
      <pre aria-label={label} className={cn('overflow-x-auto rounded-lg border border-border bg-surface-2 p-3 whitespace-pre-wrap text-fg', prose ? 'font-sans text-sm break-words' : 'font-mono text-xs break-all')}>
        {code}
      </pre>
      <CopyButton text={code} label={label} />
    </div>
  );
}

/** The last check, in words: found or not, where it looked, when. */
function CheckResult({ check }: { check: TrackingCheck }) {
  return (
    <Alert tone={check.installed ? 'success' : check.error ? 'error' : 'warning'}>
      <p>{check.message}</p>
      <p className="mt-1 text-xs opacity-80">
        Looked at {check.final_url ?? check.url}
        {check.status !== null ? ` (HTTP ${check.status})` : ''} on <time dateTime={check.checked_at}>{formatDate(check.checked_at)}</time>.
      </p>
    </Alert>
  );
}

/** Install: the snippet or the GTM tag, the website to check, and the check. */
export function InstallCard({ code }: { code: TrackingCode }) {
  const update = useUpdateTrackingCode();
  const check = useCheckWebsite();
  const [website, setWebsite] = useState(code.website_url ?? code.default_website_url ?? '');
  const [gtm, setGtm] = useState(code.gtm_container_id ?? '');
  const [gtmError, setGtmError] = useState<string | null>(null);
  const [mode, setMode] = useState<'snippet' | 'gtm'>(code.gtm_container_id ? 'gtm' : 'snippet');
  const last = check.data ?? code.last_check;

  const save = (e: FormEvent) => {
    e.preventDefault();
    const id = gtm.trim();
    if (mode === 'gtm' && id && !GTM_CONTAINER_ID_PATTERN.test(id)) {
      setGtmError(GTM_CONTAINER_ID_ERROR);
      return;
    }
    setGtmError(null);
    update.mutate(
      { website_url: website.trim(), ...(mode === 'gtm' ? { gtm_container_id: id } : {}) },
      { onSuccess: () => notify.success('Saved') },
    );
  };

  return (
    <Card className="space-y-5 p-5">
      <div>
        <h2 className="text-base font-semibold text-fg">1. Add the tracking code to your website</h2>
        <p className="mt-1 text-sm text-muted">
          A small first-party script served by us ({code.script_url.replace(/^https?:\/\//, '').split('/')[0]}): it loads asynchronously, never blocks your page, sets no cookie and sends nothing when the visitor’s browser asks not to be tracked.
        </p>
      </div>
      <div role="radiogroup" aria-label="How to install" className="flex flex-wrap gap-2">
        {(['snippet', 'gtm'] as const).map((m) => (
          <Button key={m} type="button" role="radio" aria-checked={mode === m} variant={mode === m ? 'primary' : 'secondary'} size="sm" onClick={() => setMode(m)}>
            {m === 'snippet' ? 'Paste the snippet' : 'Google Tag Manager'}
          </Button>
        ))}
      </div>
      {mode === 'snippet' ? (
        <div className="space-y-2">
          <p className="text-sm text-muted">Paste this before the closing &lt;/head&gt; tag of every page (or in your site builder’s “custom code” setting).</p>
          <CodeBlock code={code.snippet} label="Snippet" />
        </div>
      ) : (
        <div className="space-y-2">
          <p className="text-sm text-muted">In Google Tag Manager, add a Custom HTML tag with this content, trigger it on All Pages, and publish the container. Give your container id below so the check can find it.</p>
          <CodeBlock code={code.gtm_tag} label="GTM tag" />
        </div>
      )}
      <form onSubmit={save} className="grid gap-4 sm:grid-cols-2" noValidate>
        <Field label="Your website" type="url" placeholder="https://www.example.com" value={website} onChange={(e) => setWebsite(e.target.value)} hint="The page the check fetches." />
        {mode === 'gtm' ? (
          <Field
            label="GTM container id"
            placeholder="GTM-AB12CD3"
            value={gtm}
            onChange={(e) => {
              setGtm(e.target.value.toUpperCase());
              setGtmError(null);
            }}
            error={gtmError ?? undefined}
            hint="GTM- followed by uppercase letters or digits."
          />
        ) : null}
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
          <Button type="submit" pending={update.isPending}>
            Save
          </Button>
          <Button type="button" variant="secondary" pending={check.isPending} onClick={() => check.mutate(undefined, { onError: (e) => notify.error(apiErrorMessages(e)[0] ?? 'The check failed') })}>
            <RefreshCw className="h-4 w-4" aria-hidden />
            Check installation
          </Button>
        </div>
        {update.isError ? (
          <div className="sm:col-span-2">
            <ServerErrors messages={apiErrorMessages(update.error)} />
          </div>
        ) : null}
      </form>
      {last ? <CheckResult check={last} /> : <p className="text-sm text-muted">Not checked yet: save your website and press “Check installation”.</p>}
    </Card>
  );
}

/** The privacy paragraph to paste into the policy, and the credits the resolution data asks for. */
export function PrivacyCard({ code }: { code: TrackingCode }) {
  return (
    <Card className="space-y-4 p-5">
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-accent" aria-hidden />
        <div>
          <h2 className="text-base font-semibold text-fg">2. Tell your visitors</h2>
          <p className="mt-1 text-sm text-muted">
            Companies are recognised from the network a visit comes from, on the basis of legitimate interest. Paste this paragraph into your privacy policy.
          </p>
        </div>
      </div>
      <CodeBlock code={code.privacy_paragraph} label="Privacy paragraph" prose />
      <p className="text-xs text-muted">
        Company look-ups use data from{' '}
        {code.attributions.map((a, i) => (
          <span key={a.url}>
            {i > 0 ? (i === code.attributions.length - 1 ? ' and ' : ', ') : ''}
            <a href={a.url} target="_blank" rel="noreferrer" className="underline hover:text-fg">
              {a.name}
            </a>{' '}
            ({a.licence})
          </span>
        ))}
        .
      </p>
    </Card>
  );
}
