import { ArrowRight, Network, Mail, Phone, ShieldCheck, Sparkles, Target } from 'lucide-react';
import { PreloadLink } from '@web/components/preload-link';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';
import { useBrand } from '@web/stores/brand';

export function LandingRoute() {
  const brand = useBrand();
  const flags = brand.feature_flags;
  const channels = [
    {
      icon: Mail,
      title: 'Email',
      text: 'Writes a first message for each prospect from your offering and their profile, follows up on schedule, and stops the moment they reply.',
      on: true,
    },
    {
      icon: Network,
      title: 'LinkedIn',
      text: 'Reads the profiles you capture with the browser extension and adds a personal line that shows you did your homework.',
      on: flags.linkedin,
    },
    {
      icon: Phone,
      title: 'Phone',
      text: 'Calls warm prospects with your script and hands the conversation to you when they want to talk to a person.',
      on: flags.phone_calls,
    },
  ].filter((c) => c.on);

  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 -top-32 h-[28rem] bg-[radial-gradient(ellipse_at_center,var(--accent)_0%,transparent_60%)] opacity-25"
        />
        <div className="relative mx-auto max-w-4xl px-6 pt-20 pb-16 text-center sm:pt-28">
          <p className="mx-auto mb-5 inline-flex items-center gap-2 rounded-full border border-border bg-surface px-3 py-1 text-xs text-muted">
            <Sparkles className="h-3.5 w-3.5 text-accent" aria-hidden /> AI sales agents for outbound
          </p>
          <h1 className="text-4xl font-semibold tracking-tight text-fg sm:text-6xl">{brand.company_head_title}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted">
            {brand.company_name} researches your prospects, writes to each one like a person would, follows up, and books the
            meetings into your calendar. You review the replies that matter.
          </p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <PreloadLink to={paths.auth.signup.path}>
                Start free <ArrowRight className="h-4 w-4" aria-hidden />
              </PreloadLink>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <PreloadLink to={paths.auth.signin.path}>Sign in</PreloadLink>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="channels" className="mx-auto max-w-6xl px-6 py-16">
        <h2 id="channels" className="text-center text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
          One agent, every channel your buyers answer
        </h2>
        <div className={`mt-10 grid gap-4 ${channels.length === 3 ? 'md:grid-cols-3' : channels.length === 2 ? 'md:grid-cols-2' : ''}`}>
          {channels.map((c) => (
            <Card key={c.title} className="p-6">
              <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-accent/15 text-accent">
                <c.icon className="h-5 w-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-fg">{c.title}</h3>
              <p className="mt-2 text-sm text-muted">{c.text}</p>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="how" className="mx-auto max-w-6xl px-6 py-16">
        <h2 id="how" className="text-center text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
          How it works
        </h2>
        <ol className="mt-10 grid gap-4 md:grid-cols-3">
          {[
            { icon: Target, title: 'Describe who you sell to', text: 'Personas with job titles, industries, company size and locations.' },
            { icon: Sparkles, title: 'Tell the agent what you offer', text: 'Your offering, tone of voice, case studies and call to action.' },
            { icon: ShieldCheck, title: 'Approve and let it run', text: 'It sends within safe limits, respects your blacklist and hands you every reply.' },
          ].map((step, i) => (
            <li key={step.title} className="rounded-xl border border-border bg-surface/60 p-6">
              <span className="text-sm font-semibold text-accent">Step {i + 1}</span>
              <h3 className="mt-2 flex items-center gap-2 text-base font-semibold text-fg">
                <step.icon className="h-4 w-4 text-muted" aria-hidden /> {step.title}
              </h3>
              <p className="mt-2 text-sm text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mx-auto max-w-4xl px-6 pt-8 pb-24">
        <Card className="flex flex-col items-center gap-4 p-10 text-center">
          <h2 className="text-2xl font-semibold tracking-tight text-fg">Ready to fill your calendar?</h2>
          <p className="max-w-xl text-muted">Set up takes about ten minutes. Your agent starts writing as soon as you approve the first persona.</p>
          <Button asChild size="lg">
            <PreloadLink to={paths.auth.signup.path}>Create your account</PreloadLink>
          </Button>
        </Card>
      </section>
    </>
  );
}
