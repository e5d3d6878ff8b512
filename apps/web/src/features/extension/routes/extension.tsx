import { Puzzle, Network, ShieldCheck } from 'lucide-react';
import { PageFrame } from '@web/components/page-frame';
import { Card } from '@web/components/ui/card';
import { useBrand } from '@web/stores/brand';

export function ExtensionRoute() {
  const brand = useBrand();
  return (
    <PageFrame
      title="Browser extension"
      description={`The ${brand.company_name} extension reads the LinkedIn profile you are looking at and sends it to your agent, so messages start from what the prospect actually does.`}
    >
      <div className="grid gap-4 md:grid-cols-3">
        {[
          { icon: Puzzle, title: 'Install', text: 'Add the extension to Chrome. It only runs on LinkedIn profile pages.' },
          { icon: Network, title: 'Open a profile', text: 'Open a LinkedIn profile in this browser; the extension captures the public details.' },
          { icon: ShieldCheck, title: 'Stay in control', text: 'Nothing is sent until you are signed in here, and only to your own account.' },
        ].map((s) => (
          <Card key={s.title} className="p-5">
            <s.icon className="h-5 w-5 text-accent" aria-hidden />
            <h2 className="mt-3 font-semibold text-fg">{s.title}</h2>
            <p className="mt-1 text-sm text-muted">{s.text}</p>
          </Card>
        ))}
      </div>
      <Card className="p-5" role="status" aria-live="polite">
        <h2 className="font-semibold text-fg">Extension status</h2>
        <p className="mt-1 text-sm text-muted">
          Not detected in this browser. Detection and the LinkedIn profile hand-off switch on with the extension release; once
          installed, this card shows its state.
        </p>
      </Card>
    </PageFrame>
  );
}
