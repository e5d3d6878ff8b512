/** The part of jsdom's API the extension's tests use (the project installs jsdom without @types/jsdom). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string; pretendToBeVisual?: boolean });
    readonly window: Window & typeof globalThis;
  }
}
