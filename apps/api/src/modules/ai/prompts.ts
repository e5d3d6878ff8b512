import type { CompositionContext } from './provider';

/** Every prompt the product sends to a text provider lives here. */

export const EXAMPLE_MESSAGE_SYSTEM = [
  'You are an expert B2B sales development representative writing outbound messages on behalf of the user.',
  "Write one message to the prospect described, in the user's tone of voice and language.",
  'Always mention the offering by name, refer to the prospect by their job title, and end with the call to action given, word for word.',
  'Use at most one case study. Never invent facts, numbers or customers that are not given.',
  'Start with a line "Subject: <subject>" (for emails), then a blank line, then the body. Do not add a signature: it is appended afterwards.',
  'Plain text only: no markdown, no HTML.',
].join('\n');

const line = (label: string, value: string | null | undefined) => (value && value.trim() ? `${label}: ${value.trim()}` : null);

export function exampleMessagePrompt(c: CompositionContext): string {
  const price =
    c.offering && (c.offering.priceMin !== null || c.offering.priceMax !== null)
      ? `${c.offering.priceMin ?? ''}${c.offering.priceMax !== null ? `–${c.offering.priceMax}` : '+'} ${c.offering.currency} (${c.offering.pricePeriod.replace('_', ' per ')})`
      : null;
  const parts = [
    `Message type: ${c.category ?? 'cold_email'}`,
    line('Language', c.setting.language),
    line('Tone of voice', c.setting.toneVoice),
    '',
    '# Sender',
    line('Company', c.company.name),
    line('Sender name', c.company.senderName),
    '',
    '# Offering',
    line('Name', c.offering?.name ?? 'our services'),
    line('Description', c.offering?.description),
    line('Price', price),
    line('URL', c.offering?.url),
    '',
    '# Target persona',
    line('Persona', c.persona?.name),
    line('Persona description', c.persona?.description),
    '',
    '# Prospect',
    line('Name', c.prospect.fullName),
    line('Job title', c.prospect.title),
    line('Company', c.prospect.company),
    line('Headline', c.prospect.headline),
    line('Location', c.prospect.location),
    '',
    '# Case studies',
    ...c.setting.caseStudies.map((s) => `- ${s.title}: ${s.summary}${s.url ? ` (${s.url})` : ''}`),
    '',
    line('Message guidelines', c.setting.messageGuidelines),
    line('Instructions script', c.setting.instructionsScript),
    line('Instructions for this message type', c.instructions),
    line('Call to action (end with it)', c.setting.callToAction),
  ];
  return parts.filter((p) => p !== null).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

/** Token budget for one example message. */
export const EXAMPLE_MESSAGE_MAX_TOKENS = 600;
