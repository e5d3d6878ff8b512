/** The messaging settings sections (children of /business-information/messaging). */
export const MESSAGING_SECTIONS = [
  { slug: '', label: 'Overview', description: 'How your agents write: the instructions every message follows, section by section.' },
  { slug: 'offering', label: 'Offering', description: 'What you offer each persona, and the value it brings them.' },
  { slug: 'persons', label: 'Personas', description: 'Which personas these messaging instructions apply to.' },
  { slug: 'tone-voice', label: 'Tone of voice', description: 'Formal or casual, short or detailed: how your messages sound.' },
  { slug: 'language', label: 'Language', description: 'The language the agent writes in for each persona.' },
  { slug: 'message-guidelines', label: 'Message guidelines', description: 'Rules every message follows: length, what to mention, what to avoid.' },
  { slug: 'call-to-action', label: 'Call to action', description: 'What you ask the prospect to do: book a call, reply, visit a page.' },
  { slug: 'case-studies', label: 'Case studies', description: 'Customer stories the agent may cite as proof.' },
  { slug: 'instructions-script', label: 'Call script', description: 'Instructions and script for phone calls.' },
  { slug: 'signature', label: 'Signature', description: 'The signature under every email.' },
  { slug: 'example', label: 'Example', description: 'A generated example message from the current settings.' },
] as const;
