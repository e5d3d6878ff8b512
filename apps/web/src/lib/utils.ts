import { clsx, type ClassValue } from 'clsx';

type Merge = (classes: string) => string;

/*
 * tailwind-merge (a later class wins over a conflicting earlier one) is installed by the data layer
 * (app/data-provider.tsx), so the light auth pages paint without it: their class lists have no
 * conflicts, which lib/__tests__/light-pages-classes.test.tsx proves by rendering them against it
 * (docs/decisions.md, "The sign-in page paints light").
 */
let merge: Merge = (classes) => classes;

export function installClassMerge(fn: Merge): void {
  merge = fn;
}

export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
