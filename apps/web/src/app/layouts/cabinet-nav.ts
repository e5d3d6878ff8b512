import {
  Bot,
  Briefcase,
  Ban,
  Bell,
  ChartNoAxesCombined,
  Inbox,
  KanbanSquare,
  LayoutDashboard,
  Mail,
  Megaphone,
  Package,
  PanelsTopLeft,
  Plug,
  type LucideIcon,
} from 'lucide-react';
import type { FeatureFlag, HolderConfig } from '@shared/brands';
import { paths } from '@web/config/paths';

export type NavItem = { label: string; href: string; icon: LucideIcon; flag?: FeatureFlag; end?: boolean };

export const CABINET_NAV: readonly NavItem[] = [
  { label: 'Dashboard', href: paths.cabinet.dashboard.path, icon: LayoutDashboard, end: true },
  { label: 'Inbox', href: paths.cabinet.inbox.path, icon: Inbox },
  { label: 'Pipeline', href: paths.cabinet.pipeline.path, icon: KanbanSquare },
  { label: 'Insights', href: paths.cabinet.insights.path, icon: ChartNoAxesCombined },
  { label: 'Brand awareness', href: paths.cabinet.brandAwareness.path, icon: Megaphone, flag: 'brand_awareness' },
  { label: 'Mailboxes', href: paths.cabinet.mailboxes.path, icon: Mail },
  { label: 'Integrations', href: paths.cabinet.integrations.path, icon: Plug, flag: 'integrations' },
  { label: 'Blacklist', href: paths.cabinet.blacklist.path, icon: Ban },
  { label: 'Landing page', href: paths.cabinet.landingPage.path, icon: PanelsTopLeft },
  { label: 'My products', href: paths.cabinet.myProducts.path, icon: Package },
  { label: 'Agents', href: paths.cabinet.agents.path, icon: Bot },
  { label: 'Notifications', href: paths.cabinet.notifications.path, icon: Bell },
  { label: 'Business information', href: paths.businessInformation.personas.path, icon: Briefcase },
];

/** The cabinet navigation without what the brand's feature flags switch off. */
export function cabinetNavItems(brand: HolderConfig): NavItem[] {
  return CABINET_NAV.filter((item) => !item.flag || brand.feature_flags[item.flag]);
}
