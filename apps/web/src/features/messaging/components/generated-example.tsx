import DOMPurify from 'dompurify';
import { apiErrorMessages } from '@shared/api';
import { GenerationFailedError } from '@shared/api/endpoints/generation';
import type { GeneratedText } from '@shared/schemas/messaging';
import { Card } from '@web/components/ui/card';

/** A failed generation's message: the job's error, or the server's errors for the request. */
export function generationErrorText(error: unknown): string {
  if (error instanceof GenerationFailedError) return error.message;
  return apiErrorMessages(error).join(' ');
}

/** A generated message in a labelled region; the server's HTML is sanitised again before it is shown. */
export function GeneratedExample({ result, label }: { result: GeneratedText; label: string }) {
  const html = DOMPurify.sanitize(result.html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'], FORBID_ATTR: ['style'] });
  return (
    <Card role="region" aria-label={label} className="space-y-3 p-5">
      {result.subject ? (
        <p className="text-sm">
          <span className="text-muted">Subject: </span>
          <span className="font-medium text-fg">{result.subject}</span>
        </p>
      ) : null}
      <div className="prose-example space-y-3 text-sm leading-relaxed text-fg [&_a]:text-accent [&_a]:underline" dangerouslySetInnerHTML={{ __html: html }} />
      <p className="text-xs text-muted">Written by {result.provider === 'composer' ? 'the built-in composer' : 'the AI model'}.</p>
    </Card>
  );
}
