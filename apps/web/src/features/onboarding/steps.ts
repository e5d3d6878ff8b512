import type { OnboardingStepSlug } from '@web/config/paths';

/** What each onboarding step asks; the answers' fields are the shared step schemas (packages/shared/src/schemas/onboarding.ts). */
export const STEP_QUESTIONS: Record<OnboardingStepSlug, { question: string; description: string }> = {
  'choose-user-profile': {
    question: 'Is this you?',
    description: 'Find your profile to fill in your name, photo and headline. You can also type them, or skip this step.',
  },
  'your-website': { question: 'What is your company website?', description: 'We read its title, description and logo; check them, or type your own.' },
  'your-position': { question: 'Which describes your role best?', description: 'Founder, sales lead, agency or consultant: the agent writes differently for each.' },
  'job-title': { question: 'What is your job title?', description: 'Shown in your signature and used to set the tone.' },
  'problem-solving': { question: 'Which problem do you solve?', description: 'The pain your customers come to you with.' },
  solution: { question: 'What do you sell?', description: 'Your product or service and how it solves the problem.' },
  different: { question: 'What makes you different?', description: 'Why buyers choose you over the alternatives.' },
  'potential-customers': { question: 'Who are your potential customers?', description: 'Job titles, industries, company sizes and locations: your first persona.' },
  price: { question: 'What does it cost?', description: 'The price range of your offering helps the agent qualify prospects.' },
  expectations: { question: 'What do you expect from outbound?', description: 'How many meetings a month, and in which markets.' },
  'meeting-link': { question: 'Where should prospects book a meeting?', description: 'Your scheduling link, used in your call to action.' },
  'phone-number': {
    question: 'Which phone number is yours?',
    description: 'We verify it with a 6-digit code; it goes in your signature and receives test calls. You can skip this and add it later.',
  },
  'notifications-list': { question: 'What should we tell you about?', description: 'Choose the events you want to hear about. You can change this later.' },
};

/** Where the brand has no phone calls, the phone step says nothing about test calls. */
const PHONE_WITHOUT_CALLS = 'We verify it with a 6-digit code; it goes in your email signature. You can skip this and add it later.';

/** The step's question and description for this brand. */
export function stepQuestion(slug: OnboardingStepSlug, features: { phone_calls: boolean }): { question: string; description: string } {
  const q = STEP_QUESTIONS[slug];
  return slug === 'phone-number' && !features.phone_calls ? { ...q, description: PHONE_WITHOUT_CALLS } : q;
}
