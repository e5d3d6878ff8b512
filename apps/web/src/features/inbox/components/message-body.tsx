import { ImageOff } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { EmailThreadMessage } from '@shared/schemas/email-threads';
import { Button } from '@web/components/ui/button';
import { blockRemoteImages, frameDocument, splitQuotedHtml, splitQuotedText } from '../lib/message-body';

function QuotedToggle({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  return (
    <Button type="button" variant="link" size="sm" className="h-auto px-0" aria-expanded={open} onClick={onToggle}>
      {open ? 'Hide quoted text' : 'Show quoted text'}
    </Button>
  );
}

/**
 * An HTML body in a sandboxed frame (sandbox="": no script, no same origin, no forms, no top navigation),
 * remote images held back until "Show images", quoted history folded.
 */
function HtmlBody({ html, subject }: { html: string; subject: string }) {
  const [showQuoted, setShowQuoted] = useState(false);
  const [showImages, setShowImages] = useState(false);
  const split = useMemo(() => splitQuotedHtml(html), [html]);
  const shown = showQuoted || !split.quoted ? html : split.main;
  const blocked = useMemo(() => blockRemoteImages(shown), [shown]);
  const doc = frameDocument(showImages ? shown : blocked.html);
  // The frame has no same-origin access to measure its content: a height from the text's length.
  const textLength = shown.replace(/<[^>]*>/g, '').length;
  const height = Math.min(640, Math.max(120, Math.ceil(textLength / 70) * 22 + 40));
  return (
    <div className="space-y-2">
      {blocked.blocked > 0 && !showImages ? (
        <div className="flex flex-wrap items-center gap-2 rounded-lg bg-surface-2 px-3 py-2 text-xs text-muted" role="note">
          <ImageOff className="h-4 w-4" aria-hidden />
          <span>Remote images are hidden to protect your privacy (they can tell the sender you opened the email).</span>
          <Button type="button" size="sm" variant="secondary" onClick={() => setShowImages(true)}>
            Show images
          </Button>
        </div>
      ) : null}
      <iframe title={`Message: ${subject}`} sandbox="" srcDoc={doc} className="w-full rounded-lg border border-border bg-white" style={{ height }} />
      {split.quoted ? <QuotedToggle open={showQuoted} onToggle={() => setShowQuoted((v) => !v)} /> : null}
    </div>
  );
}

function TextBody({ text }: { text: string }) {
  const [showQuoted, setShowQuoted] = useState(false);
  const split = useMemo(() => splitQuotedText(text), [text]);
  return (
    <div className="space-y-2">
      <p className="text-sm break-words whitespace-pre-wrap text-fg">{split.main}</p>
      {split.quoted ? (
        <>
          <QuotedToggle open={showQuoted} onToggle={() => setShowQuoted((v) => !v)} />
          {showQuoted ? <p className="border-l-2 border-border pl-3 text-sm break-words whitespace-pre-wrap text-muted">{split.quoted}</p> : null}
        </>
      ) : null}
    </div>
  );
}

export function MessageBody({ message }: { message: EmailThreadMessage }) {
  return message.html ? <HtmlBody html={message.html} subject={message.subject} /> : <TextBody text={message.text} />;
}
