/**
 * A fake `chrome.runtime` for the page → extension bridge: each sendMessage calls the handler and
 * answers through the callback asynchronously, as Chrome does. Return a `LastError` to answer the
 * way Chrome does when the extension is missing or disabled (callback(undefined) with
 * chrome.runtime.lastError set during the callback), or a never-settling promise for no answer.
 */
export class LastError {
  constructor(readonly message = 'Could not establish connection. Receiving end does not exist.') {}
}

export type FakeExtensionHandler = (message: { type: string }, extensionId: string) => unknown;

type Runtime = {
  lastError: { message: string } | undefined;
  sendMessage: (id: string, message: unknown, callback: (reply: unknown) => void) => void;
};

export function installFakeChrome(handler: FakeExtensionHandler) {
  const calls: { id: string; message: { type: string } }[] = [];
  const runtime: Runtime = {
    lastError: undefined,
    sendMessage(id, message, callback) {
      const msg = message as { type: string };
      calls.push({ id, message: msg });
      void Promise.resolve()
        .then(() => handler(msg, id))
        .then((reply) => {
          if (reply instanceof LastError) {
            runtime.lastError = { message: reply.message };
            try {
              callback(undefined);
            } finally {
              runtime.lastError = undefined;
            }
          } else callback(reply);
        });
    },
  };
  const g = globalThis as { chrome?: unknown };
  const previous = g.chrome;
  g.chrome = { runtime };
  return {
    calls,
    runtime,
    uninstall() {
      g.chrome = previous;
    },
  };
}

/** No extension: the page has no chrome.runtime (other browsers, or an origin the extension does not allow). */
export function removeChrome() {
  const g = globalThis as { chrome?: unknown };
  const previous = g.chrome;
  delete g.chrome;
  return () => {
    g.chrome = previous;
  };
}

/** Sets document.hidden and fires visibilitychange, as switching tabs does. */
export function setDocumentHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  document.dispatchEvent(new Event('visibilitychange'));
}
