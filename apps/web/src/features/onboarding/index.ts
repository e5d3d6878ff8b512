/** Public surface of the onboarding feature. */
export { STEP_QUESTIONS } from './steps';
