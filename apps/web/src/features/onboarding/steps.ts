import type { OnboardingStepSlug } from '@web/config/paths';

/** What each onboarding step asks (its answers' fields come with the onboarding issue). */
export const STEP_QUESTIONS: Record<OnboardingStepSlug, { question: string; description: string }> = {
  'choose-user-profile': {
    question: 'Which describes you best?',
    description: 'Founder, sales lead, agency or consultant: the agent writes differently for each.',
  },
  'your-position': { question: 'What is your role in the company?', description: 'The agent signs messages in your name and role.' },
  'job-title': { question: 'What is your job title?', description: 'Shown in your signature and used to set the tone.' },
  'your-website': { question: 'What is your company website?', description: 'We read it to draft your offering and case studies.' },
  solution: { question: 'What do you sell?', description: 'Your product or service in a sentence or two.' },
  'problem-solving': { question: 'Which problems do you solve?', description: 'The pains your customers come to you with.' },
  different: { question: 'What makes you different?', description: 'Why buyers choose you over the alternatives.' },
  'potential-customers': { question: 'Who are your potential customers?', description: 'Industries, company sizes and job titles to target.' },
  price: { question: 'What does it cost?', description: 'A price range helps the agent qualify prospects.' },
  expectations: { question: 'What do you expect from outbound?', description: 'Meetings, demos, trials: what counts as a win.' },
  'meeting-link': { question: 'Where should prospects book a meeting?', description: 'Your calendar link, used in calls to action.' },
  'phone-number': { question: 'Which phone number can prospects call?', description: 'Used in your signature and for call follow-ups.' },
  'notifications-list': { question: 'How should we notify you?', description: 'Choose which events reach you by email.' },
};
