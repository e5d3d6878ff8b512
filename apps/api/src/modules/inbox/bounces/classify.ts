/**
 * Why a delivery failed (a reason, named as Sisimai names them) and what that means for us (a class), from the
 * enhanced status code AND the words of the diagnostic: MTAs often write 5.0.0 or 4.x.x with telling text, or
 * 5.1.1 over a "mailbox full". The words decide first, the status code's subject/detail second, its class last.
 * Classes:
 * - permanent: the address is dead (no such user/domain, moved, disabled, does not accept mail) → suppress;
 * - temporary: it may work later (4.x.x, delays, mailbox full, expired, network and system trouble) → record;
 * - policy: refused for the sender's or the message's sake (5.7.x, block lists, reputation, spam, content,
 *   authentication, relaying, size) → counted against the sending mailbox/domain, never the address;
 * - success: delivered/relayed/expanded notices; complaint: a feedback-loop report (ARF).
 */

export type BounceReason =
  | 'userunknown'
  | 'hostunknown'
  | 'hasmoved'
  | 'notaccept'
  | 'suspend'
  | 'mailboxfull'
  | 'mesgtoobig'
  | 'filtered'
  | 'blocked'
  | 'spamdetected'
  | 'virusdetected'
  | 'policyviolation'
  | 'securityerror'
  | 'authfailure'
  | 'requireptr'
  | 'badreputation'
  | 'norelaying'
  | 'rejected'
  | 'ratelimited'
  | 'toomanyconn'
  | 'expired'
  | 'networkerror'
  | 'systemerror'
  | 'systemfull'
  | 'contenterror'
  | 'notcompliantrfc'
  | 'syntaxerror'
  | 'mailererror'
  | 'onhold'
  | 'delivered'
  | 'feedback'
  | 'vacation'
  | 'undefined';

export type BounceClass = 'permanent' | 'temporary' | 'policy' | 'success' | 'complaint';

/** Reasons whose failure says the address itself is dead. */
export const PERMANENT_REASONS: ReadonlySet<BounceReason> = new Set(['userunknown', 'hostunknown', 'hasmoved', 'notaccept', 'suspend']);
/** Reasons that blame the sender, the sending host or the message (never the address). */
export const POLICY_REASONS: ReadonlySet<BounceReason> = new Set([
  'mesgtoobig',
  'filtered',
  'blocked',
  'spamdetected',
  'virusdetected',
  'policyviolation',
  'securityerror',
  'authfailure',
  'requireptr',
  'badreputation',
  'norelaying',
  'rejected',
  'ratelimited',
  'contenterror',
  'notcompliantrfc',
  'syntaxerror',
]);

/** A rule: its reason, its words, and whether it is weak (a specific status code outranks weak words). */
type Rule = [BounceReason, RegExp, 'weak'?];

/**
 * Wording rules, most specific first. Each is a family of phrasings (many MTAs, many languages where common), never
 * one message's sentence.
 */
const WORDING: Rule[] = [
  [
    'hasmoved',
    /\bhas moved\b|\bmoved (to|permanently)\b|\bno longer (with|at|employed|works)\b|\buser has (been )?(moved|changed)|\baddress (has )?changed\b|\bforwarding address\b/,
  ],
  [
    'mailboxfull',
    /\bmail ?box (is |was )?(full|over ?quota|exceeded|too large)|\b(inbox|mailbox|account)\b.{0,20}\b(is )?(full|out of (storage|disk )?space)|\bout of (storage|disk) space\b|\bover ?quota\b|\bquota (exceeded|limit|full|violation)|exceed(s|ed)? (the |its |their )?(storage|quota|mailbox (size|limit))|\binsufficient (disk |storage )?(space|storage)\b|\b(disk|storage) (quota|space) (exceeded|full)|\bmailbox size limit\b|\bnot enough (space|storage)|\bmailbox (has )?exceeded\b|\bfull mailbox\b|\bmailbox.{0,20}\bis full\b|\buser.{0,20}\bis over (the )?(quota|limit)|\bboîte (aux lettres )?pleine|postfach (ist )?voll/,
  ],
  [
    'mesgtoobig',
    /\bmessage (size |length )?(exceeds|is too (large|big)|too (large|big))|\bsize (limit|exceeds)|\bexceeds? (the )?(maximum|size|message size)|\b(message|mail) (is )?(too large|too big)|\btoo big for\b|\bmessage length exceeds\b|\bsize of (the )?message\b.{0,30}\b(exceed|limit)/,
  ],
  [
    'suspend',
    /\b(account|mailbox|user|address|recipient)\b.{0,40}\b(is |has been |was )?(disabled|deactivated|suspended|inactive|locked|frozen|closed|expired|discontinued|terminated|blocked by the (owner|user))\b|\b(disabled|suspended|inactive|deactivated|closed) (account|mailbox|user)|\bnot (an )?active (account|user|mailbox)\b|\bmailbox (is )?(not active|unavailable due to inactivity)|\bmailbox (is )?(currently )?suspended/,
  ],
  ['networkerror', /\bname service error\b.{0,100}\b(try again|malformed|unexpected|timed out|server failure|servfail)|\b(temporary|transient) (dns|lookup|name server) (failure|error)/],
  [
    'hostunknown',
    /\bhost (is )?unknown\b|\bhost \S+ not found\b|\b[a-z0-9-]+(\.[a-z0-9-]+)+ does not exist\b|\bdomain (is )?not reachable\b|\bunknown (host|domain)\b|\bdomain (name )?(not found|does not exist|doesn't exist|is not (valid|registered))|\bno such (domain|host)\b|\bhost (or domain name )?not found\b|\bunrout(e)?able (mail )?(address|domain)\b|\bname or service not known\b|\bnxdomain\b|\bdomain (lookup|resolution) failed|\bno (mx|mail exchanger|valid mx)\b.{0,40}\b(found|record|for)|\bcould(n't| not) find (any host|a mail exchanger)|\bmx (record|lookup)s? (not found|failed)|\bnon-?existent hosts?\b|\bnot a valid (mail )?domain\b|\binvalid domain\b|\bdomain (is )?unknown\b|\bhost not found\b|\bhost ?name lookup fail(ed|ure)\b|\brecipient domain\b.{0,30}\b(does not exist|not found|invalid)|\bunknown mail domain\b|\bdns (error|lookup)\b.{0,40}\bdomain (name )?not found/,
  ],
  [
    'notaccept',
    /\bdoes not accept (e-?)?mail\b(?! from)|\b(domain|host) (does not|doesn't) (accept|receive) mail\b|\bnull mx\b|\bnot accepting (any |network )?(e-?mail|mail|messages)\b(?! from)|\baccepts no mail\b|\bno mail (is )?accepted\b/,
  ],
  [
    'userunknown',
    /\brecipient address rejected: access denied\b|\baddress (couldn't|could not|can't|cannot) be found\b|\b(recipient|e-?mail) address is (possibly |probably )?(incorrect|wrong|invalid)\b|\bcheck (if|that|whether) (the )?(e-?mail |recipient'?s? )?address is (correct|valid|spelled)|\binvalid (final delivery )?user ?(id|name)\b|\bno valid recipients?\b|\bno such user\b|ディレクトリ.{0,12}(見つかりません|ありません)|存在しません|宛先(が)?(不明|見つかりません)|не существует|нет такого (пользователя|адреса|ящика)|пользователь не найден|(benutzer|empfänger|adresse|postfach).{0,30}(unbekannt|existiert nicht|nicht gefunden)|(utilisateur|destinataire|adresse).{0,30}(inconnu|n'existe pas|introuvable)|(usuario|destinatario|dirección).{0,30}(desconocido|no existe)|\b(user|recipient|mailbox|address|account|addressee|local[- ]?part|rcpt|name)( address| name)?\s*(is |was )?(unknown|not (found|known|exist|existent|valid|recognized|recognised|listed|registered|available|local)|does ?n[o']t exist|doesn't have|invalid|nonexistent|non-existent|unavailable)\b|\bunknown (user|recipient|mailbox|address|account|local[- ]?part|alias|addressee)\b|\bno (such|valid) (user|recipient|mailbox|address|account|person|local user|addressee)\b|\binvalid (recipient|mailbox|user|address|e-?mail address|account)\b|\bnot a (known|valid) (user|recipient|mailbox)\b|\b(user|recipient|mailbox|account)\b.{0,30}\bdoes not exist\b|\bno mailbox (here|by that name|for)\b|\bthere is no (one|user|mailbox) (at|by|with)\b|\baddress (rejected|unknown)\b.{0,20}\b(user|mailbox|unknown|not exist)|\bno (one|user) (at|by) this address\b|\bmailbox (not found|unavailable|does not exist|doesn't exist)\b|\bunrouteable address\b|\baddress does not exist\b|\bdoesn't have an? .{0,30}account\b|\bthis user doesn't have\b|\brecipient (address )?rejected: (user unknown|unknown user|undeliverable address)|\bundeliverable address\b|\buser (is )?not found\b|\bbad (destination )?(mailbox|recipient)( address)?\b|\bnot our customer\b|\bno such recipient\b|\bunknown or illegal alias\b|\bisn't a valid (mailbox|recipient)|\bdestination (address|mailbox) (unavailable|not found)|\bcould not be found in the (organization|directory)\b|\bnot listed in (domino|the) directory\b|\bentry not found\b|\bnot a valid recipient\b|\bno longer (active|valid|in use|available)\b|\bresolver\.adr\.recipnotfound\b|\bunknown account\b|\bdoes not have an account\b/,
  ],
  [
    'authfailure',
    /\b(spf|dkim|dmarc)\b.{0,60}\b(fail|failed|failure|invalid|reject|not (pass|valid|aligned)|policy|check|alignment|unauthenticated)|\b(fail|failed|failing)\b.{0,30}\b(spf|dkim|dmarc)\b|\bunauthenticated (mail|email|sender)\b|\bsender (is )?not authenticated\b|\bauthentication (required|failed)\b.{0,40}\bsender|\bnot authorized to send\b|\b5\.7\.(23|25|26|27|509|515)\b/,
  ],
  [
    'requireptr',
    /\breverse (dns|lookup|mapping|hostname)\b|\bptr (record|lookup|check)|\bno ptr\b|\b(rdns|fcrdns)\b|\bnot have (a )?ptr\b|\bcannot find your hostname\b|\bclient (host|hostname) .{0,40}\b(unknown|does not resolve|not resolve)|\bhostname .{0,30}\bnot resolve|\bhelo\b.{0,50}\b(invalid|not (valid|resolve|allowed)|rejected)|\bresolve your (address|ip)\b|\bno reverse\b|\bmissing (a )?ptr\b/,
  ],
  [
    'badreputation',
    /\breputation\b|\btemporarily (deferred|rate limited) due to\b.{0,40}\b(user complaints|reputation)|\bsender score\b/,
  ],
  [
    'blocked',
    /\bblock ?list(ed)?\b|\bblack ?list(ed)?\b|\bdeny ?list(ed)?\b|\b(spamhaus|spamcop|sorbs|barracudacentral|uceprotect|dnsbl|rbl|cbl|psbl|mailspike|spamrats|senderbase|cloudmark)\b|\blisted (on|in|at|by) (a |the |our |an )?\S*\s?(list|bl|dnsbl|rbl|database)?|\bclient host (\[[^\]]*\] )?(rejected|blocked)|\b(blocked|banned) (ip|host|sender|domain|network)|\bpoor reputation\b|\bdynamic (ip|address|pool)|\bresidential ip\b|\bnot accepting (mail|messages) from (you|your)/,
  ],
  [
    'blocked',
    /\b(your |the |sending )?(ip|ip address|host|client|server|network|mail server|connection)\b.{0,40}\b(is |has been |was )?(blocked|banned|not allowed|denied|refused)|\baccess denied\b|\bconnection (refused|rejected) (from|by|due)|\bmessages from .{0,60} (temporarily )?(deferred|blocked|rejected)/,
    'weak',
  ],
  ['virusdetected', /\bvirus\b|\bmalware\b|\binfected\b|\bmalicious (content|attachment|url)\b/],
  [
    'spamdetected',
    /\bspam\b|\bjunk\b|\bunsolicited\b|\bbulk (mail|e-?mail)\b|\buce\b|\bcontent (rejected|filter|policy)|\bmessage (content )?(looks|appears|considered|classified|identified|detected) (like|as|to be)\b|\bscore(d)? (too high|of)|\bsuspicious\b|\bphish(ing)?\b/,
  ],
  ['norelaying', /\brelay(ing)? (access )?(denied|not (permitted|allowed)|prohibited)|\brelay(ing)?\b.{0,40}\b(denied|not (permitted|allowed)|prohibited|refused)\b|\bnot (permitted|allowed|authori[sz]ed) to relay\b|\bunable to relay\b|\bno relaying\b|\bwe do not relay\b|\brelay(ing)? (is )?(denied|not permitted)|\bnot in my list of allowed rcpthosts\b|\bcannot relay\b/],
  [
    'policyviolation',
    /\bpolic(y|ies)\b|\bprohibited\b|\bnot (allowed|permitted) by\b|\bviolat(es|ion|ed)\b|\bterms of (service|use)\b|\bcompliance\b|\bdisallowed\b|\b(attachment|file type)s? (not allowed|blocked|rejected)|\bforbidden\b/, 'weak'
  ],
  ['ratelimited', /\brate ?limit(ed|ing)?\b|\btoo many (messages|mails|emails) (from|in|sent)|\bsending rate\b|\bthrottl(ed|ing)\b|\bexceeded (the )?(hourly|daily|sending) (limit|quota)|\bslow down\b|\bsending too (fast|much)/],
  ['toomanyconn', /\btoo many (connections|concurrent|simultaneous|recipients|sessions|hops)|\bconnection limit\b|\bmaximum (number of )?(connections|recipients)\b/, 'weak'],
  [
    'rejected',
    /\bsender (address |domain )?(rejected|refused|denied|blocked|invalid|unknown|verify failed)|\b(sender|from|envelope[- ]from|mail from|return[- ]path)\b.{0,40}\b(rejected|refused|invalid|not (allowed|accepted|permitted)|unknown|unverif)|\bdomain of sender address\b|\bbad sender\b|\binvalid sender\b|\bsender verification\b|\bnot (allowed|permitted) to send (to|from)\b|\bmember(s)? (of|only)\b.{0,40}\b(post|send)|\byou (do not have|don't have) permission\b|\bonly (accepts|allows) (mail|messages) from\b|\bdoes not accept (mail|messages) from (you|your|external)|\bcannot (post|send) (messages )?to this (group|list)\b|\brejected your message\b/, 'weak'
  ],
  [
    'expired',
    /\b(delivery|retry|message|queue|send)\b.{0,20}\b(time|period|timeout)?\s*(expired|exceeded|timed? ?out)|\bhas been (delayed|queued) (for|more than|over)|\bgiving up\b|\bgave up\b|\bcould not be delivered (within|for|in) \d|\bdelivery (attempts? )?(will continue|has been delayed|delayed|was delayed|is delayed)|\bstill (trying|pending|undelivered)|\bwill (retry|keep trying|try again)|\bnot (yet )?been delivered\b|\btoo long in (the )?queue|\bexpired\b|\bretry timeout\b|\btimeout exceeded\b|\bmaximum (time|queue|retry)|\bhas not been able to deliver\b.{0,40}\b(for|within|days|hours)/,
  ],
  ['systemfull', /\b(system|disk|server|spool|queue)( storage)? (is )?(full|out of (space|storage))|\binsufficient system (storage|resources)|\bout of (disk )?space\b|\bno space left\b/, 'weak'],
  [
    'networkerror',
    /\bconnection (refused|timed? ?out|reset|lost|closed|dropped|failed)|\b(could|can)(n't| not) connect\b|\bnetwork (is )?unreachable\b|\bno route to host\b|\blost connection\b|\bunable to (connect|reach|establish)\b|\bconnect(ion)? to .{0,60} failed\b|\b(temporary )?dns (failure|error|timeout|lookup)\b|\bhost (is )?(down|unreachable)\b|\btimed out\b|\btimeout\b|\bmail loop\b|\blooping\b|\btoo many hops\b|\bloops? back to (myself|itself)\b|\brouting loop\b/, 'weak'
  ],
  ['systemerror', /\b(system|server|internal|local|temporary|remote) (error|failure|problem|malfunction)|\btemporar(y|ily)\b|\btry (again )?later\b|\bservice (is )?(not available|unavailable|temporarily)|\bplease try again\b|\bresources? (temporarily )?unavailable\b/, 'weak'],
  ['contenterror', /\b(mime|header|content|encoding|charset|character set)\b.{0,30}\b(error|invalid|malformed|illegal|not (allowed|supported)|syntax)|\binvalid (mime|header|content)/, 'weak'],
  ['notcompliantrfc', /\brfc ?(5322|2822|822|5321|2821)\b(?!;)|\bnot (rfc[- ]?)?compliant\b|\bduplicate header\b|\bmultiple (from|date|subject|to) headers?\b|\bmissing (required )?(header|message-id|date)/, 'weak'],
  // The SMTP replies of RFC 5321 §4.2.2 for a command the server refused (500 syntax error, 502 command not
  // implemented, 503 bad sequence of commands), as bounces quote them: a real reason class, matched in the report's words.
  ['syntaxerror', /\bsyntax error\b|\bcommand (not )?(recognized|unrecognized|implemented)\b|\bbad sequence of commands\b|\bunrecognized command\b/, 'weak'],
  ['filtered', /\bfiltered\b|\bfilter\b|\brejected by (the )?(recipient|user|mailbox owner)|\bnot accept(ing)? mail from\b|\brefused by (the )?recipient|\bmail (is )?rejected\b/, 'weak'],
  // Last: success wording counts only when no failure wording does.
  ['delivered', /(?<!\b(not|n't|never|cannot|unable to)( be| been)? )\b(delivered|relayed) (successfully|to the recipient)|\bsuccessfully (delivered|relayed)|\bdelivery (succeeded|successful)\b/],
];

/** Reason from the enhanced status code's subject.detail when the words say nothing. */
function reasonOfStatus(status: string): BounceReason | null {
  const [cls, subject, detail] = status.split('.').map(Number) as [number, number, number];
  const sd = `${subject}.${detail}`;
  const bySd: Record<string, BounceReason> = {
    '1.1': 'userunknown',
    '1.0': 'userunknown',
    '1.2': 'hostunknown',
    '1.3': 'userunknown',
    '1.4': 'userunknown',
    '1.6': 'hasmoved',
    '1.7': 'rejected',
    '1.8': 'rejected',
    '1.10': 'userunknown',
    '2.0': 'filtered',
    '2.1': 'suspend',
    '2.2': 'mailboxfull',
    '2.3': 'mesgtoobig',
    '2.4': 'systemerror',
    '3.0': 'systemerror',
    '3.1': 'systemfull',
    '3.2': 'systemerror',
    '3.3': 'systemerror',
    '3.4': 'mesgtoobig',
    '3.5': 'systemerror',
    '4.0': 'networkerror',
    '4.1': 'networkerror',
    '4.2': 'networkerror',
    '4.3': 'networkerror',
    '4.4': 'hostunknown',
    '4.5': 'toomanyconn',
    '4.6': 'networkerror',
    '4.7': 'expired',
    '5.0': 'syntaxerror',
    '5.1': 'syntaxerror',
    '5.2': 'syntaxerror',
    '5.3': 'toomanyconn',
    '5.4': 'syntaxerror',
    '6.0': 'contenterror',
    '7.0': 'policyviolation',
    '7.1': 'blocked',
    '7.7': 'contenterror',
    '7.9': 'policyviolation',
    '7.13': 'suspend',
    '7.23': 'authfailure',
    '7.25': 'requireptr',
    '7.26': 'authfailure',
    '7.27': 'notaccept',
  };
  if (bySd[sd]) {
    // 4.4.4 / 5.4.4: no route (host unknown) when permanent, a network failure when temporary.
    if (sd === '4.4' && cls === 4) return 'networkerror';
    return bySd[sd]!;
  }
  if (subject === 1) return 'userunknown';
  if (subject === 2) return 'mailboxfull';
  if (subject === 3) return 'systemerror';
  if (subject === 4) return 'networkerror';
  if (subject === 5) return 'syntaxerror';
  if (subject === 6) return 'contenterror';
  if (subject === 7) return 'securityerror';
  return null;
}

export type Classified = { reason: BounceReason; class: BounceClass; status: string };

/** The words a diagnostic is judged on: lower-cased, the addresses and URLs out (a domain name can say "spam"). */
function wordsOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[\w.+-]+@[\w.-]+/g, ' ')
    .replace(/\s+/g, ' ');
}

/** The reason the words alone give (null: they say nothing we know), and whether the rule that said it is weak. */
export function wordsVerdict(text: string): { reason: BounceReason; weak: boolean } | null {
  const words = wordsOf(text);
  if (!words.trim()) return null;
  for (const [reason, re, weak] of WORDING) if (re.test(words)) return { reason, weak: weak === 'weak' };
  return null;
}

export const reasonOfWords = (text: string): BounceReason | null => wordsVerdict(text)?.reason ?? null;

/** The class of a reason under a status class digit ("5", "4", "2"). */
export function classOf(reason: BounceReason, statusClass: string, delayed: boolean): BounceClass {
  if (reason === 'delivered') return 'success';
  if (reason === 'feedback') return 'complaint';
  if (delayed || statusClass === '4') return POLICY_REASONS.has(reason) ? 'policy' : 'temporary';
  if (PERMANENT_REASONS.has(reason)) return 'permanent';
  if (POLICY_REASONS.has(reason)) return 'policy';
  return 'temporary';
}

/**
 * A failed recipient's reason and class. `status` is the enhanced code the report gives (or ''), `diagnostic` the
 * remote server's words with any text around them, `action` the DSN action.
 */
export function classify(input: { status: string; smtpCode: number | null; diagnostic: string; action: string | null }): Classified {
  const action = (input.action ?? '').toLowerCase();
  let status = /^[245]\.\d{1,3}\.\d{1,3}$/.test(input.status) ? input.status : '';
  if (!status && input.smtpCode && input.smtpCode >= 400) status = `${String(input.smtpCode)[0]}.0.0`;
  if (/^(delivered|relayed|expanded)/.test(action) || status.startsWith('2')) {
    return { reason: 'delivered', class: 'success', status: status || '2.0.0' };
  }
  const delayed = action.startsWith('delay');
  const verdict = wordsVerdict(input.diagnostic);
  // A success wording inside a failure report (a relay that later failed) does not make it a success.
  const byWords = verdict && verdict.reason !== 'delivered' ? verdict : null;
  const specific = status && !/^[245]\.0\.0$/.test(status) ? reasonOfStatus(status) : null;
  // Strong words decide; a specific enhanced code outranks weak words; a generic one (x.0.0) says only its class.
  const reason = (byWords && !byWords.weak ? byWords.reason : null) ?? specific ?? byWords?.reason ?? (status.startsWith('4') || delayed ? 'expired' : 'undefined');
  // Without any code, failure words that usually come permanent count as 5; delay words as 4.
  const statusClass = status ? status[0]! : delayed || ['expired', 'networkerror', 'systemerror', 'toomanyconn', 'systemfull'].includes(reason) ? '4' : '5';
  if (!status) status = statusClass === '4' ? '4.0.0' : '5.0.0';
  return { reason, class: classOf(reason, statusClass, delayed), status };
}
