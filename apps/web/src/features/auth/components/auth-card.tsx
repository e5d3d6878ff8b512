import type { ReactNode } from 'react';

export function AuthCard({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    // The card look with a deeper shadow, written out: the light pages build no conflicting classes (lib/utils.ts).
    <div className="rounded-xl border border-border bg-surface p-6 shadow-xl shadow-black/20 sm:p-8">
      <div className="mb-6 space-y-1.5">
        <h1 className="text-xl font-semibold tracking-tight text-fg">{title}</h1>
        {description ? <p className="text-sm text-muted">{description}</p> : null}
      </div>
      {children}
      {footer ? <div className="mt-6 border-t border-border pt-5 text-center text-sm text-muted">{footer}</div> : null}
    </div>
  );
}
