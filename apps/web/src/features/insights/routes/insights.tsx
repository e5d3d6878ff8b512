import { useSearchParams } from 'react-router';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '@shared/schemas/dashboard';
import { STATISTIC_NAMES, type StatisticName } from '@shared/schemas/insights';
import { PageFrame } from '@web/components/page-frame';
import { PeriodSwitcher } from '@web/components/period-switcher';
import { TabPanel, Tabs } from '@web/components/ui/tabs';
import { AudienceTab } from '../components/audience-tab';
import { DeliverabilityTab } from '../components/deliverability-tab';
import { PerformanceTab } from '../components/performance-tab';

const TABS = [
  { key: 'deliverability', label: 'Deliverability' },
  { key: 'performance', label: 'Performance' },
  { key: 'audience', label: 'Target audience' },
] as const;
type Tab = (typeof TABS)[number]['key'];

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T => ((allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback);

/** /cabinet/insights: deliverability, performance and target audience, each from what the engine really sent and received. The tab, period and statistic live in the URL. */
export function InsightsRoute() {
  const [params, setParams] = useSearchParams();
  const tab = pick<Tab>(params.get('tab'), TABS.map((t) => t.key), 'deliverability');
  const period = pick<DashboardPeriod>(params.get('period'), DASHBOARD_PERIODS, 'month');
  const statistic = pick<StatisticName>(params.get('statistic'), STATISTIC_NAMES, 'persona');
  const campaign = /^[1-9]\d{0,9}$/.test(params.get('campaign') ?? '') ? Number(params.get('campaign')) : null;
  const set = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  return (
    <PageFrame title="Insights" description="Deliverability and performance: which personas, messages and channels bring replies." actions={<PeriodSwitcher value={period} onChange={(p) => set('period', p)} />}>
      <Tabs id="insights" label="Insights" tabs={TABS} value={tab} onChange={(k) => set('tab', k)} />
      <TabPanel id="insights" tab={tab}>
        {tab === 'deliverability' ? <DeliverabilityTab period={period} campaignId={campaign} onCampaign={(id) => set('campaign', id === null ? null : String(id))} /> : tab === 'performance' ? <PerformanceTab period={period} /> : <AudienceTab period={period} statistic={statistic} onStatistic={(s) => set('statistic', s)} />}
      </TabPanel>
    </PageFrame>
  );
}
