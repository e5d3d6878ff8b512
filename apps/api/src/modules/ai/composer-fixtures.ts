import type { CompositionContext } from './provider';

/**
 * Prospect / offering / persona / messaging combinations the built-in composer is tested over
 * (compose-message.test.ts) and docs/samples.md is written from (the first `SAMPLE_COUNT`, realistic
 * ones). Sparse and odd ones follow: no first name, no company, no offering, no case studies, long
 * fields, odd capitalisation, placeholders, other languages.
 */

type Fixture = { name: string; context: CompositionContext; followups: number };

const forecastly: NonNullable<CompositionContext['offering']> = {
  name: 'Forecastly Pipeline',
  description: 'AI revenue forecasting that reads your CRM and flags risky deals. Setup takes a day.',
  priceMin: 500,
  priceMax: 2000,
  currency: 'USD',
  pricePeriod: 'month',
  url: 'https://forecastly.example/pipeline',
};
const northwind: NonNullable<CompositionContext['offering']> = {
  name: 'Northwind Pipeline Intelligence',
  description: 'Sales teams lose deals they never see slipping. Northwind Pipeline Intelligence watches every open deal and warns your reps a week before a deal goes cold.',
  priceMin: null,
  priceMax: null,
  currency: 'USD',
  pricePeriod: 'year',
  url: null,
};
const pipelane: NonNullable<CompositionContext['offering']> = {
  name: 'Pipelane Pro',
  description: 'Problem: Sales teams waste hours updating the CRM.\n\nSolution: Pipelane Pro logs calls and emails to the CRM automatically.',
  priceMin: null,
  priceMax: null,
  currency: 'USD',
  pricePeriod: 'month',
  url: 'https://acme.io',
};
const shiftly: NonNullable<CompositionContext['offering']> = {
  name: 'Shiftly',
  description: 'Shiftly builds next week\'s staff rota in minutes and cuts overtime by 20% on average. Managers approve swaps from their phone.',
  priceMin: 4,
  priceMax: null,
  currency: 'EUR',
  pricePeriod: 'user_month',
  url: 'https://shiftly.example',
};
const ledgerbot: NonNullable<CompositionContext['offering']> = {
  name: 'LedgerBot',
  description: 'Finance teams spend days on month-end close. LedgerBot matches bank lines to invoices automatically, so the close takes hours instead of days. It works with Xero, QuickBooks and NetSuite.',
  priceMin: 300,
  priceMax: 900,
  currency: 'GBP',
  pricePeriod: 'month',
  url: 'https://ledgerbot.example',
};
const secureDesk: NonNullable<CompositionContext['offering']> = {
  name: 'SecureDesk',
  description: 'Managed endpoint security for firms of 20 to 500 people, with a 15-minute response time around the clock.',
  priceMin: null,
  priceMax: null,
  currency: 'USD',
  pricePeriod: 'year',
  url: null,
};

const setting = (over: Partial<CompositionContext['setting']> = {}): CompositionContext['setting'] => ({
  toneVoice: 'Professional',
  language: 'en',
  callToAction: 'Would a 20-minute call next week make sense?',
  caseStudies: [],
  messageGuidelines: '',
  instructionsScript: '',
  signatureText: '',
  ...over,
});
const prospect = (over: Partial<CompositionContext['prospect']> = {}): CompositionContext['prospect'] => ({
  fullName: null,
  firstName: null,
  title: null,
  company: null,
  location: null,
  headline: null,
  industry: null,
  signal: null,
  ...over,
});
const ctx = (over: Partial<CompositionContext>): CompositionContext => ({
  kind: 'example_message',
  company: { name: 'Forecastly', senderName: 'Sam Carter' },
  offering: forecastly,
  persona: { name: 'Revenue leaders', description: 'Sales and RevOps leaders at 50–500 person SaaS companies' },
  prospect: prospect({ fullName: 'Priya Raman', firstName: 'Priya', title: 'VP Revenue Operations', company: 'Ledgerly', industry: 'Software' }),
  setting: setting(),
  ...over,
});

/** How many of the first fixtures are realistic enough for docs/samples.md. */
export const SAMPLE_COUNT = 10;

export const COMPOSER_FIXTURES: Fixture[] = [
  // ---- realistic (the samples)
  {
    name: 'SaaS forecasting to a RevOps VP, friendly, with case study and funding signal',
    followups: 3,
    context: ctx({
      prospect: prospect({ fullName: 'Priya Raman', firstName: 'Priya', title: 'VP Revenue Operations', company: 'Ledgerly', industry: 'Financial Services', signal: { kind: 'funding', round: 'Series B' } }),
      setting: setting({
        toneVoice: 'Friendly',
        callToAction: 'Can I show you a 20-minute demo on Thursday?',
        caseStudies: [{ title: 'Acme cut forecast error by 38%', summary: 'Acme replaced its forecasting spreadsheets in two weeks and now calls the quarter within 3%.', url: null }],
        signatureText: 'Sam Carter\nAccount Executive, Forecastly',
      }),
    }),
  },
  {
    name: 'The issue example: pipeline intelligence with a problem-first description',
    followups: 3,
    context: ctx({
      company: { name: 'Northwind Labs', senderName: 'Jane Doe' },
      offering: northwind,
      prospect: prospect({ fullName: 'Marcus Lee', firstName: 'Marcus', title: 'Head of Sales', company: 'Brightwave', industry: 'Marketing & Advertising' }),
      setting: setting({ callToAction: 'Open to a quick call next week? Pick a time that suits you: https://cal.example.org/jane/20min', signatureText: 'Jane Doe\nNorthwind Labs' }),
    }),
  },
  {
    name: 'Onboarding-era offering with labels, professional tone, hiring signal',
    followups: 3,
    context: ctx({
      company: { name: 'Acme Inc', senderName: 'Jane Doe' },
      offering: pipelane,
      prospect: prospect({ fullName: 'Alex Morgan', firstName: 'Alex', title: 'VP Sales', company: 'Northwind Traders', signal: { kind: 'hiring' } }),
      setting: setting({ callToAction: 'Would you be open to a short call? Pick a time that suits you: https://calendly.com/jane', signatureText: 'Jane Doe\nHead of Sales, Acme Inc\nacme.io' }),
    }),
  },
  {
    name: 'Workforce scheduling to a retail ops director, formal, two case studies',
    followups: 4,
    context: ctx({
      company: { name: 'Shiftly GmbH', senderName: 'Lena Vogt' },
      offering: shiftly,
      prospect: prospect({ fullName: 'Daniel Okafor', firstName: 'Daniel', title: 'Director of Store Operations', company: 'Harbor Foods', industry: 'Retail' }),
      setting: setting({
        toneVoice: 'Formal',
        callToAction: 'Would you have 15 minutes for a call next week?',
        caseStudies: [
          { title: 'Greenleaf Markets cut overtime by 24% in one quarter', summary: 'Forty stores moved to Shiftly in six weeks.', url: 'https://shiftly.example/greenleaf' },
          { title: 'City Bakeries fills open shifts within an hour', summary: '', url: null },
        ],
        signatureText: 'Lena Vogt\nShiftly GmbH',
      }),
    }),
  },
  {
    name: 'Finance automation to a CFO, direct tone, technology signal',
    followups: 3,
    context: ctx({
      company: { name: 'LedgerBot Ltd', senderName: 'Tom Hughes' },
      offering: ledgerbot,
      prospect: prospect({ fullName: 'Grace Whitfield', firstName: 'Grace', title: 'CFO', company: 'Parcelwise', industry: 'Logistics', signal: { kind: 'technology', name: 'Xero' } }),
      setting: setting({ toneVoice: 'Direct', callToAction: 'Worth a 15-minute look next week?', signatureText: 'Tom Hughes | LedgerBot' }),
    }),
  },
  {
    name: 'Security service, no description sentence with a verb, enthusiastic',
    followups: 2,
    context: ctx({
      company: { name: 'SecureDesk', senderName: 'Ravi Patel' },
      offering: secureDesk,
      prospect: prospect({ fullName: 'Emma Schultz', firstName: 'Emma', title: 'IT Manager', company: 'Baker & Lowe LLP', industry: 'Law Practice' }),
      setting: setting({ toneVoice: 'Enthusiastic', callToAction: 'Could we find 15 minutes this week?', caseStudies: [{ title: 'Hale Partners passed its ISO 27001 audit first time', summary: 'With SecureDesk running its endpoints since 2022.', url: null }] }),
    }),
  },
  {
    name: 'German setting: formal, Sie',
    followups: 3,
    context: ctx({
      company: { name: 'Shiftly GmbH', senderName: 'Lena Vogt' },
      offering: { ...shiftly, description: 'Shiftly erstellt den Dienstplan der nächsten Woche in Minuten und senkt Überstunden im Schnitt um 20 %.' },
      prospect: prospect({ fullName: 'Jonas Becker', firstName: 'Jonas', title: 'Leiter Filialbetrieb', company: 'Frischmarkt AG', industry: 'Einzelhandel' }),
      setting: setting({ language: 'de', toneVoice: 'Formal', callToAction: 'Hätten Sie nächste Woche 15 Minuten für ein Gespräch?', caseStudies: [{ title: 'Greenleaf Markets senkte die Überstunden um 24 %', summary: '', url: null }], signatureText: 'Lena Vogt\nShiftly GmbH' }),
    }),
  },
  {
    name: 'French setting: professional',
    followups: 2,
    context: ctx({
      company: { name: 'LedgerBot', senderName: 'Claire Martin' },
      offering: { ...ledgerbot, description: 'LedgerBot rapproche automatiquement vos relevés bancaires et vos factures, et la clôture prend quelques heures au lieu de plusieurs jours.' },
      prospect: prospect({ fullName: 'Julien Moreau', firstName: 'Julien', title: 'Directeur financier', company: 'Transports Lemoine' }),
      setting: setting({ language: 'fr', callToAction: 'Seriez-vous disponible pour un échange de 20 minutes jeudi ?', signatureText: 'Claire Martin\nLedgerBot' }),
    }),
  },
  {
    name: 'No first name: a neutral greeting',
    followups: 3,
    context: ctx({
      prospect: prospect({ fullName: null, firstName: null, title: 'Head of Revenue Operations', company: 'Quantify', industry: 'Software' }),
      setting: setting({ callToAction: 'Who would be the right person to talk to about forecasting?' }),
    }),
  },
  {
    name: 'Spanish setting with a funding signal',
    followups: 2,
    context: ctx({
      offering: { ...forecastly, description: 'Forecastly Pipeline lee su CRM y avisa de los acuerdos en riesgo antes de que se pierdan.' },
      prospect: prospect({ fullName: 'Lucía Fernández', firstName: 'Lucía', title: 'Directora Comercial', company: 'Nubeplus', signal: { kind: 'funding', round: 'Series A' } }),
      setting: setting({ language: 'es', callToAction: '¿Le viene bien una llamada de 20 minutos el jueves?', signatureText: 'Sam Carter\nForecastly' }),
    }),
  },
  // ---- sparse and odd
  { name: 'No company', followups: 3, context: ctx({ prospect: prospect({ fullName: 'Nora Ellis', firstName: 'Nora', title: 'Sales Director' }) }) },
  { name: 'No title, no company', followups: 3, context: ctx({ prospect: prospect({ fullName: 'Ben Ortiz', firstName: 'Ben' }) }) },
  { name: 'Nothing about the prospect', followups: 3, context: ctx({ prospect: prospect() }) },
  { name: 'No offering at all', followups: 3, context: ctx({ offering: null }) },
  { name: 'No offering and no sender company', followups: 2, context: ctx({ offering: null, company: { name: null, senderName: null } }) },
  { name: 'Offering with an empty description', followups: 3, context: ctx({ offering: { ...forecastly, description: '' } }) },
  { name: 'No call to action (the default one)', followups: 2, context: ctx({ setting: setting({ callToAction: '' }) }) },
  {
    name: 'Long fields everywhere',
    followups: 4,
    context: ctx({
      offering: {
        ...forecastly,
        description:
          'Our platform, which was designed over many years together with hundreds of revenue leaders across North America, Europe and Asia-Pacific, combines machine learning, deal inspection, pipeline hygiene scoring, rep coaching insights, automated CRM updates, call transcription and board-ready reporting into one single pane of glass that every stakeholder in the revenue organisation can use every day without any training at all. '.repeat(3),
      },
      prospect: prospect({
        fullName: 'Maximilian Alexander von Hohenberg-Wittelsbach',
        firstName: 'Maximilian',
        title: 'Senior Vice President of Global Revenue Operations, Strategy, Enablement and Sales Excellence | Board Advisor | Speaker',
        company: 'The International Consolidated Holdings Group of Advanced Manufacturing and Logistics Companies Limited',
      }),
      setting: setting({
        callToAction:
          'I would love to find some time in the next couple of weeks to walk you through a tailored demonstration of the platform, ideally with your operations team present as well, so that we can discuss your current forecasting process in depth, identify the main gaps and agree on a concrete pilot plan with success criteria. Would that work for you?',
        caseStudies: [{ title: 'A global manufacturer improved its forecast accuracy by a remarkable margin after rolling out the platform across all of its regional sales teams in record time', summary: 'x '.repeat(300), url: null }],
      }),
    }),
  },
  {
    name: 'Odd capitalisation',
    followups: 3,
    context: ctx({ prospect: prospect({ fullName: 'jOHN SMITH', firstName: 'jOHN', title: 'HEAD OF SALES', company: 'acme', industry: 'COMPUTER SOFTWARE' }) }),
  },
  { name: 'All lower case', followups: 2, context: ctx({ prospect: prospect({ fullName: 'maria garcia', firstName: 'maria', title: 'vp of marketing', company: 'globex corporation' }) }) },
  { name: 'Placeholder first name', followups: 2, context: ctx({ prospect: prospect({ fullName: '{{first_name}} {{last_name}}', firstName: '{{first_name}}', title: 'CEO', company: 'Initech' }) }) },
  { name: '"undefined" and "null" values', followups: 3, context: ctx({ prospect: prospect({ fullName: 'undefined', firstName: 'null', title: 'undefined', company: 'null', industry: 'N/A' }) }) },
  { name: "The prospect has the sender's own name", followups: 2, context: ctx({ prospect: prospect({ fullName: 'Sam Carter', firstName: 'Sam', title: 'VP Sales', company: 'Contoso' }) }) },
  { name: 'Only a full name', followups: 2, context: ctx({ prospect: prospect({ fullName: 'Chen Wei', firstName: null, title: 'COO', company: 'Lotus Freight' }) }) },
  {
    name: 'Labels and braces in the data',
    followups: 3,
    context: ctx({
      offering: { ...forecastly, description: 'pain_points: Forecasts are wrong every quarter.\nOffering: Forecastly Pipeline predicts the quarter from live CRM data.\n{benefit}' },
      setting: setting({ callToAction: 'CTA: Would a 20-minute call next week make sense?', caseStudies: [{ title: 'Case study: Acme cut forecast error by 38%', summary: 'Summary: {{summary}}', url: null }] }),
    }),
  },
  { name: 'Guidelines ask for 60 words', followups: 3, context: ctx({ setting: setting({ messageGuidelines: 'Keep every email under 60 words. No exclamation marks.' }) }) },
  { name: 'Formal tone, full name', followups: 3, context: ctx({ setting: setting({ toneVoice: 'Formal and respectful' }) }) },
  { name: 'Casual tone with an offering URL', followups: 5, context: ctx({ setting: setting({ toneVoice: 'Casual' }) }) },
  { name: 'Ten follow-ups with no case studies', followups: 10, context: ctx({ offering: secureDesk }) },
  { name: 'Ten follow-ups with three case studies', followups: 10, context: ctx({ setting: setting({ caseStudies: [{ title: 'Acme cut forecast error by 38%', summary: 'In two weeks.', url: null }, { title: 'Globex called the quarter within 2%', summary: '', url: 'https://forecastly.example/globex' }, { title: 'Initech saved 6 hours a week per manager', summary: 'Managers stopped building spreadsheets.', url: null }] }) }) },
  { name: 'One follow-up only', followups: 1, context: ctx({ setting: setting({ caseStudies: [{ title: 'Acme cut forecast error by 38%', summary: '', url: null }] }) }) },
  { name: 'No follow-ups', followups: 0, context: ctx({}) },
  { name: 'Polish setting (no built-in wording: English, reported)', followups: 2, context: ctx({ setting: setting({ language: 'pl' }) }) },
  {
    name: 'Italian setting, friendly',
    followups: 3,
    context: ctx({
      offering: { ...forecastly, description: 'Forecastly Pipeline legge il Suo CRM e segnala le trattative a rischio prima che si perdano.' },
      prospect: prospect({ fullName: 'Giulia Rossi', firstName: 'Giulia', title: 'Direttrice Vendite', company: 'Rossi Logistica' }),
      setting: setting({ language: 'it', toneVoice: 'Friendly', callToAction: 'Le andrebbe una chiamata di 20 minuti giovedì?', caseStudies: [{ title: 'Acme ha ridotto del 38% gli errori di previsione', summary: '', url: null }] }),
    }),
  },
  { name: 'Portuguese setting, formal, hiring signal', followups: 2, context: ctx({ prospect: prospect({ fullName: 'João Silva', firstName: 'João', title: 'Diretor Comercial', company: 'Vendas Brasil', signal: { kind: 'hiring' } }), setting: setting({ language: 'pt', toneVoice: 'Formal', callToAction: 'Podemos conversar 20 minutos na quinta-feira?' }) }) },
  { name: 'Swedish setting, friendly, case study', followups: 3, context: ctx({ prospect: prospect({ fullName: 'Elin Lindqvist', firstName: 'Elin', title: 'Försäljningschef', company: 'Nordvik AB' }), setting: setting({ language: 'sv', toneVoice: 'Friendly', callToAction: '', caseStudies: [{ title: 'Acme minskade prognosfelen med 38 %', summary: '', url: null }] }) }) },
  { name: 'Dutch setting, no company', followups: 2, context: ctx({ prospect: prospect({ fullName: 'Daan de Vries', firstName: 'Daan', title: 'Sales Manager' }), setting: setting({ language: 'nl', callToAction: '' }) }) },
  { name: 'German, friendly, sparse', followups: 2, context: ctx({ offering: null, prospect: prospect({ firstName: 'Anna' }), setting: setting({ language: 'de', toneVoice: 'Freundlich', callToAction: '' }) }) },
  { name: 'French, no name, no company', followups: 2, context: ctx({ prospect: prospect({ title: 'Responsable des ventes' }), setting: setting({ language: 'fr', toneVoice: 'Formal', callToAction: '' }) }) },
  { name: 'Spanish, direct, no offering description', followups: 3, context: ctx({ offering: { ...shiftly, description: '' }, prospect: prospect({ firstName: 'Pablo', company: 'Mercado Sol' }), setting: setting({ language: 'es', toneVoice: 'Direct', callToAction: '' }) }) },
  { name: 'Prospect company equals the sender company', followups: 2, context: ctx({ prospect: prospect({ fullName: 'Ola Nordmann', firstName: 'Ola', title: 'CRO', company: 'Forecastly' }) }) },
  { name: 'Signature without the sender name', followups: 2, context: ctx({ setting: setting({ signatureText: 'The Forecastly team\nforecastly.example' }) }) },
  { name: 'Emoji and symbols in fields', followups: 2, context: ctx({ prospect: prospect({ fullName: 'Zoë Ångström', firstName: 'Zoë', title: 'Head of Growth 🚀', company: 'Fjord & Co' }) }) },
];
