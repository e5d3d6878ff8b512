/** The capture's public surface (also used by the lead's bench: parse a Document, time it). */
export { parseProfile, type ParseResult } from './parse-profile';
export { startCaptureWatcher, topCardSignature, type Watcher, type WatcherOptions, type CaptureOutbound } from './watcher';
