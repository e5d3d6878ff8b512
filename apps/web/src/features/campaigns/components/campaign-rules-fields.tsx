/**
 * The campaign's two rules about other prospects (POST/PUT campaigns: allow_overlap, stop_company_on_reply),
 * each a checkbox with what it does in plain words (docs/decisions.md: "Stop the company on a reply",
 * "Enrolment: one active campaign per prospect").
 */
export type CampaignRules = { allow_overlap: boolean; stop_company_on_reply: boolean };

function Rule({ id, checked, onChange, label, children }: { id: string; checked: boolean; onChange: (v: boolean) => void; label: string; children: string }) {
  return (
    <div className="flex gap-2">
      <input id={id} type="checkbox" className="mt-1 shrink-0" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} aria-describedby={`${id}-help`} />
      <div className="min-w-0 space-y-0.5">
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        <p id={`${id}-help`} className="text-xs text-muted">
          {children}
        </p>
      </div>
    </div>
  );
}

export function CampaignRulesFields({ idPrefix, value, onChange }: { idPrefix: string; value: CampaignRules; onChange: (next: CampaignRules) => void }) {
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-fg">When prospects overlap</legend>
      <Rule
        id={`${idPrefix}-stop-company`}
        checked={value.stop_company_on_reply}
        onChange={(v) => onChange({ ...value, stop_company_on_reply: v })}
        label="Stop the whole company when one person replies"
      >
        When someone replies, this campaign also stops writing to its other prospects at the same email domain (everyone else at acme.com when a person at acme.com answers), so a company hears from you once. Free-mail addresses such as gmail.com never count as one company, and other campaigns are not affected. Off: only the person who replied is stopped.
      </Rule>
      <Rule
        id={`${idPrefix}-overlap`}
        checked={value.allow_overlap}
        onChange={(v) => onChange({ ...value, allow_overlap: v })}
        label="Write to prospects who are in another campaign too"
      >
        Off: a prospect already in another running campaign is left out until that one ends with them. On: this campaign writes to them as well and does not hold them back from other campaigns.
      </Rule>
    </fieldset>
  );
}
