/**
 * Text helpers of the reply classifier: what a reply says new (without the quoted history and the
 * signature), and a folded form of text for matching wording in several languages.
 */

/** Lowercase, accents removed from Latin letters (é → e, ü → u, ł → l), typographic quotes made plain, spaces collapsed. */
export function fold(s: string): string {
  return s
    // Accents off Latin letters only: Cyrillic й and Japanese kana with dakuten (が) keep theirs.
    .replace(/[\u00c0-\u024f\u1e00-\u1eff]/g, (c) => c.normalize('NFD').replace(/\p{M}/gu, ''))
    .replace(/[\u0300-\u036f]/g, '')
    // Letters NFD does not take apart (Polish ł, Danish and Norwegian ø, æ).
    .replace(/[łŁ]/g, 'l')
    .replace(/[øØ]/g, 'o')
    .replace(/[æÆ]/g, 'ae')
    // Turkish dotless ı (NFD leaves it whole): "dışında" reads as "disinda".
    .replace(/ı/g, 'i')
    // C1 controls where a windows-1252 text was decoded as Latin-1 (0x91–0x94 are its curly quotes).
    .replace(/[’‘`´\u0091\u0092]/g, "'")
    .replace(/[\u0093\u0094]/g, '"')
    .replace(/[“”«»„]/g, '"')
    .replace(/\u00a0/g, ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** "… wrote:" in the languages mail clients write it, ending the attribution line (German puts the name after: "schrieb Anna <…>:"). */
const WROTE = /(\b(wrote|writes|schrieb|a ecrit|escribio|escreveu|ha scritto|schreef|napisal|napisala|skrev|kirjoitti|pisze|napsal|napsala|yazdi|yazdı)\b|написал|написала|пишет|のメッセージ|書きました).{0,150}[:：]\s*$/;
/** Clients that write no verb (Russian and Japanese Gmail: "ср, 18 июн. 2025 г. в 10:22, Name <a@b>:"): a date, a time and an address, ending in a colon. */
const DATED_ADDRESS_COLON = /\d.{0,60}\d{1,2}:\d{2}.{0,120}<[^<>\s]+@[^<>\s]+>\s*[:：]\s*$/;
/** An attribution line starts with "On", "Am", "Le", "El", "Em", "Il", "Op" or names an address. */
const ATTRIBUTION_START = /^(on|am|le|el|em|il|il giorno|op|w dniu|den|dne|d\.|\d)|@|\b\d{1,2}[:.]\d{2}\b/;

/** Separators that start the original message (Outlook, Thunderbird, Apple Mail, forwards). */
const SEPARATOR =
  /^(-{2,}\s*(original message|ursprungliche nachricht|originalnachricht|message d'origine|message original|mensaje original|mensagem original|messaggio originale|oorspronkelijk bericht|ursprungligt meddelande|oprindelig meddelelse|wiadomosc oryginalna|oryginalna wiadomosc|исходное сообщение|forwarded message|weitergeleitete nachricht|message transfere|mensaje reenviado|mensagem encaminhada|messaggio inoltrato|doorgestuurd bericht|vidarebefordrat meddelande)\s*-{2,}|_{10,}|-{10,}|begin forwarded message:)$/;

/** Outlook's header block of the quoted message: "From:" followed within a few lines by "Sent:" or "Date:". */
const OUTLOOK_FROM = /^\*?(from|von|de|da|van|od|fran|fra|kimden|lahettaja|от|差出人)\s*[:：]\*?/;
const OUTLOOK_SENT = /^\*?(sent|date|gesendet|datum|envoye|date d'envoi|enviado|enviada|enviado el|fecha|inviato|data|verzonden|verstuurd|wyslano|wyslane|skickat|sendt|odeslano|gonderildi|gonderilme tarihi|lahetetty|отправлено|дата|送信日時|日時)\s*[:：]\*?/;

/** Legal disclaimers under a signature: they talk of deleting emails and recipients, never the prospect's intent. */
const DISCLAIMER =
  /^(confidentiality notice|confidentiality|disclaimer|legal disclaimer|this (e-?mail|message|communication)( and any (attachments|files))? (is|are|contains|may contain) (confidential|intended)|the information (contained )?in this (e-?mail|message)|diese (e-?mail|nachricht) (enthalt|ist) (vertrauliche|vertraulich)|ce (message|courriel|mail)( et (toutes )?les pieces jointes)? (est|sont|peut|contient) (confidenti|destine|strictement)|este (mensaje|correo)( y sus anexos)? (es|son|contiene|puede contener) (confidencial|informacion confidencial)|aviso legal|avis de confidentialite|le informazioni contenute in questa|questa (e-?mail|comunicazione) (e|contiene|puo contenere)|deze (e-?mail|e-mail|mail|boodschap) (is|kan) vertrouwelijk|esta mensagem (e|pode conter|contem) (confidencial|informacao)|detta (e-?post|e-postmeddelande|meddelande) (ar|kan innehalla) konfidentiell|(ta|niniejsza) wiadomosc (jest|moze zawierac|zawiera) (poufn|informacje poufne)|denne e-?mail (kan indeholde|indeholder|er) fortrolig|このメールには機密情報|информация в этом сообщении (является )?конфиденциальн|tresc (tej|niniejszej) wiadomosci (jest|moze byc) poufn|aviso de confidencialidad|clausula de confidencialidad|tento e-?mail (je|muze obsahovat) (duvern|urcen)|bu e-?posta (gizli|ve ekleri)|denne e-?post(en)? (er|kan inneholde) konfidensiel|tama (sahkoposti|viesti) (on|voi sisaltaa) luottamuksellis|if you (are not|have received this) (the intended recipient|in error))/;
/** A disclaimer that starts some other way ("NOTICE: …", "Hinweis: …"): it speaks of a message received in error and of deleting it or telling the sender. */
const RECEIVED_IN_ERROR = /\b(in error|by mistake|wrongly|por error|per errore|por engano|irrtumlich|falschlicherweise|par erreur|per abuis|abusievelijk|przez pomylke|omylkowo|av misstag|ved en fejl|ved en feil|virheellisesti|omylem|yanlislikla|ошибочно|по ошибке|誤って)/;
const DELETE_OR_NOTIFY = /\b(delete|destroy|notify|inform|remove (it|this|the message)|elimin|cancell|apague|apagar|losch|vernicht|benachrichtig|supprim|detrui|avert|verwijder|informeer|usun|powiadom|radera|meddela|slet|underret|poista|ilmoita|smazat|smazte|informujte|sil|bildir|удалит|сообщит|削除|ご連絡)/;
/** The writer speaking of their own address ("you wrote to me by mistake, delete my address") is no disclaimer. */
const FIRST_PERSON = /\b(i|my|me|mich|mir|mein|meine|meinen|moi|mon|ma|mes|mis|mij|mijn|mnie|moje|moj|mig|mina|min|meu|minha)\b/;
const isDisclaimer = (folded: string) => DISCLAIMER.test(folded) || (folded.length > 60 && RECEIVED_IN_ERROR.test(folded) && DELETE_OR_NOTIFY.test(folded) && !FIRST_PERSON.test(folded));

/**
 * Footers the sender's own mail system adds below a signature (a newsletter's, a marketing footer's): they speak of
 * unsubscribing from *their* list, never the prospect's intent.
 */
const OWN_FOOTER = /^(you('re| are) receiving this|(jetzt )?(unseren )?newsletter abonnieren|to unsubscribe from (our|the|this) newsletter|get our (monthly |weekly )?([a-z]+ )?newsletter|subscribe to our newsletter|newsletter abonnieren|unseren newsletter|abonnez-vous a notre|suscribete a nuestro)|\bnewsletter\b.{0,80}\b(unsubscribe|abbestellen|abmelden|abmeldung|desinscri\w*|darse de baja|afmelden|uitschrijven|disiscriviti|cancellati|descadastr\w*|avregistrera|afmeld|wypisz|odhlasit)\b/;

/** A line ending in a company's legal form ("Sp. z o.o.", "Ltd.", "a.s.", "S.p.A."): a signature line, not a sentence. */
const COMPANY_FORM_END = /\b(sp\. z o\.o|o\.o|ltd|inc|corp|co|a\.s|s\.a|s\.l|s\.r\.l|s\.p\.a|b\.v|n\.v|plc|llc|gmbh|ag|kg|ab|oy|as|aps|srl|spa)\.$/i;

/** Lines that end a message and start its signature. */
const MOBILE_SIGNATURE =
  /^(sent from (my|mail|outlook|yahoo)|sent via|get outlook for|von meinem .{1,30} gesendet|gesendet von (meinem|mobil)|envoye de (mon|ma|l'application)|enviado desde (mi|outlook)|enviado do (meu|outlook)|inviato da|verzonden (vanaf|met) mijn|verstuurd (vanaf|met) mijn|wyslane z|skickat fran min|sendt fra min|lahetetty (iphonesta|mobiilista)|odeslano z|iphone'umdan gonderildi|отправлено с|iphoneから送信)/;
const SIGN_OFF =
  /^(best|best regards|best wishes|kind regards|warm regards|warmest regards|regards|many thanks|thanks|thanks again|thank you|thx|cheers|sincerely|yours sincerely|yours truly|all the best|br|mit freundlichen grußen|mit freundlichem gruß|freundliche gruße|viele gruße|beste gruße|liebe gruße|herzliche gruße|schone gruße|gruß|gruße|lg|vg|mfg|cordialement|bien cordialement|tres cordialement|bien a vous|salutations|sinceres salutations|bonne journee|merci|merci beaucoup|saludos|un saludo|saludos cordiales|atentamente|un abrazo|abraco|abracos|atenciosamente|cordiali saluti|distinti saluti|saluti|met vriendelijke groet|vriendelijke groet|groeten|groet|groetjes|hartelijke groet|mvg|med vanlig halsning|vanliga halsningar|halsningar|mvh|hilsen|venlig hilsen|med venlig hilsen|pozdrawiam|pozdrawiam serdecznie|serdecznie pozdrawiam|z powazaniem|pozdrowienia|s pozdravem|dekuji|saygilarimla|saygılarımla|iyi calismalar|ystavallisin terveisin|terveisin|vennlig hilsen|med vennlig hilsen|cdlt|belle journee|buona giornata|buen dia|cumprimentos|abs|obrigado|obrigada|grazie|cordialmente|gracias|muchas gracias|mil gracias|danke|vielen dank|danke schon|tack|tack sa mycket|tak|kiitos|dziekuje|bedankt|dank je|dank u|bedste hilsner|hilsner|teşekkurler|tesekkurler|hezky den|att|un saluto|buona serata|всего доброго|всего хорошего|с наилучшими пожеланиями|(以上、)?よろしくお願い(いた)?します|(以上、)?よろしくお願いいたします)[,.!。]*$/;

/**
 * The new text of a reply: the quoted history ("On … wrote:", "Am … schrieb …:", "Le … a écrit :",
 * "El … escribió:", "-----Original Message-----", Outlook's "From: … Sent: …" block, "> " lines) and the
 * signature ("-- ", "Sent from my iPhone", a closing such as "Best regards," and what follows it) removed.
 * Falls back to the text without "> " lines when nothing would be left (a reply written below the quote).
 */
export function stripQuotedAndSignature(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const quoted = (l: string) => l.trimStart().startsWith('>');
  const kept: string[] = [];
  let separated = false;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (quoted(raw)) continue;
    const line = fold(raw);
    if (isAttribution(line, lines[i + 1], lines[i + 2])) break;
    if (SEPARATOR.test(line) || isOutlookBlock(lines, i)) {
      separated = true;
      break;
    }
    kept.push(raw);
  }
  const body = cutTrailingName(cutSignature(kept)).join('\n').trim();
  if (body) return body.replace(/\n{3,}/g, '\n\n');
  // A forward or an Outlook quote with nothing written above it: nothing of the writer's own (not the quoted text).
  if (separated) return '';
  // Written below the quote: the lines that are neither quoted nor an attribution.
  const below = lines.filter((l, i) => !quoted(l) && !isAttribution(fold(l), lines[i + 1], lines[i + 2]));
  return cutTrailingName(cutSignature(below)).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

/** A name signed alone under the text after a blank line ("STOP\n\nLaura", "Kein Bedarf.\n\nJörg Weißmann"): the signature, not the reply. */
const SIGNED_NAME = /^(\p{Lu}[\p{Ll}'’-]+|\p{Lu}\.)( (\p{Lu}[\p{Ll}'’-]+|\p{Lu}\.|van|de|der|den|von|da|di|du)){0,3}$|^\p{Script=Han}{1,4}( \p{Script=Han}{1,4})?$/u;
/** One-word answers that look like a name on their own line. */
const ANSWER_WORD = /^(yes|no|nope|ok|okay|sure|interested|stop|remove|unsubscribe|thanks|please|ja|nein|oui|non|si|sim|nee|nej|tak|nie|gerne|volontiers|claro|danke|merci|gracias|grazie|bedankt|tack|abmelden|austragen|baja|sair|afmelden|avregistrera|stopp|basta|cancellami)$/;
function cutTrailingName(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && !lines[end - 1]!.trim()) end--;
  if (end < 3 || lines[end - 2]!.trim()) return lines;
  const last = lines[end - 1]!.trim();
  if (!SIGNED_NAME.test(last) || ANSWER_WORD.test(fold(last))) return lines;
  // Something of the writer's own above it, more than a greeting ("Hi Tom,").
  const before = lines.slice(0, end - 2).filter((l) => l.trim());
  if (!before.length || before.every((l) => /,\s*$/.test(l))) return lines;
  return lines.slice(0, end - 1);
}

/** The attribution may wrap over up to three lines ("On Tue, 3 Dec 2024 at 10:00, Anna Berg <\nanna@x.io> wrote:"). */
function isAttribution(line: string, next: string | undefined, after: string | undefined): boolean {
  if (!ATTRIBUTION_START.test(line) || line.length > 300) return false;
  if (WROTE.test(line) || DATED_ADDRESS_COLON.test(line)) return true;
  // A wrapped attribution runs on without a blank line, and its first part is no finished sentence: a
  // sentence of the reply that names an address ("please contact jane@acme.com instead.") above the
  // real "On … wrote:" is the reply, not the start of its quote.
  if (!next?.trim() || /[.!?]$/.test(line)) return false;
  const two = `${line} ${fold(next)}`;
  if (WROTE.test(two)) return true;
  if (!after?.trim()) return false;
  return WROTE.test(`${two} ${fold(after)}`);
}

function isOutlookBlock(lines: string[], i: number): boolean {
  if (!OUTLOOK_FROM.test(fold(lines[i]!))) return false;
  for (let j = i + 1; j < Math.min(lines.length, i + 5); j++) if (OUTLOOK_SENT.test(fold(lines[j]!))) return true;
  return false;
}

function cutSignature(lines: string[]): string[] {
  const hasTextBefore = (i: number) => lines.slice(0, i).some((l) => l.trim());
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    const line = fold(raw);
    if ((raw === '-- ' || raw.trim() === '--' || raw.trim() === '—') && hasTextBefore(i)) return lines.slice(0, i);
    if (MOBILE_SIGNATURE.test(line) || DISCLAIMER.test(line) || (isDisclaimer(line) && hasTextBefore(i)) || (OWN_FOOTER.test(line) && hasTextBefore(i))) return lines.slice(0, i);
    if (hasTextBefore(i) && isSignOff(raw) && looksLikeSignatureBlock(lines.slice(i + 1))) return lines.slice(0, i);
  }
  return lines;
}

/** "Best regards," alone, or followed by one capitalised name ("Thanks, Tom", "LG Sabine"). */
function isSignOff(raw: string): boolean {
  const line = fold(raw);
  if (SIGN_OFF.test(line)) return true;
  const m = /^(.*?)[,\s]+(\S+)$/.exec(raw.trim());
  return !!m && /^\p{Lu}/u.test(m[2]!) && SIGN_OFF.test(fold(m[1]!));
}

/** What follows a closing is a signature when it is a few short lines, none a sentence of its own. */
function looksLikeSignatureBlock(rest: string[]): boolean {
  // A disclaimer or the sender's own footer below the signature ends it (they are cut anyway).
  const end = rest.findIndex((l) => isDisclaimer(fold(l)) || OWN_FOOTER.test(fold(l)));
  const filled = (end < 0 ? rest : rest.slice(0, end)).filter((l) => l.trim());
  if (filled.length > 12) return false;
  // A title and company ("Główna Księgowa | Zielona Dolina Sp. z o.o.") is no sentence, whatever its full stop.
  const sentence = (l: string) => /[.?!]$/.test(l) && l.split(/\s+/).length >= 6 && !/\s[|•·]\s/.test(l) && !COMPANY_FORM_END.test(l);
  return filled.every((l) => !sentence(l.trim()));
}

/** The separators of a forwarded message (not a reply's quote). */
const FORWARD_SEPARATOR = /^(-{2,}\s*(forwarded message|weitergeleitete nachricht|message transfere|mensaje reenviado|mensagem encaminhada|messaggio inoltrato|doorgestuurd bericht|vidarebefordrat meddelande|videresendt (meddelelse|melding)|przekazana wiadomosc|valitetty viesti|preposlana zprava|пересылаемое сообщение)\s*-{2,}|begin forwarded message:)$/;
const FORWARD_SUBJECT = /^(fwd?|wg|tr|rv|enc|i|vb|vs|pd|vl|ilt|fw)\s*:/;
const GREETING = /^(hi|hello|hey|dear|hallo|liebe|lieber|bonjour|salut|hola|ciao|ola|oi|hoi|hej|hei|moi|czesc|dzien dobry|ahoj|merhaba)\s+/;

/**
 * A note forwarding our email to someone else ("Maria, can you handle this?" above "---------- Forwarded message
 * ---------"): the name the note is addressed to, when it is not the name of whoever wrote the forwarded email (us).
 */
export function forwardedToSomeoneElse(text: string, subject: string): string | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const sep = lines.findIndex((l) => FORWARD_SEPARATOR.test(fold(l)));
  const outlook = sep < 0 && FORWARD_SUBJECT.test(fold(subject)) ? lines.findIndex((l, i) => OUTLOOK_FROM.test(fold(l)) && isOutlookBlock(lines, i)) : -1;
  const at = sep >= 0 ? sep : outlook;
  if (at < 1) return null;
  const from = lines.slice(at, at + 6).map((l) => fold(l)).find((l) => OUTLOOK_FROM.test(l));
  const sender = from?.replace(OUTLOOK_FROM, '').trim().split(/[\s<"]+/).filter(Boolean)[0];
  const note = lines.slice(0, at).map((l) => l.trim()).find((l) => l);
  if (!note || !sender) return null;
  const m = /^(\p{Lu}[\p{Ll}]+)\s*([,:–—-]|$)/u.exec(note.replace(GREETING_RAW, ''));
  const name = m?.[1] ? fold(m[1]) : null;
  if (!name || name === sender || GREETING.test(`${name} `)) return null;
  return name;
}
const GREETING_RAW = /^(hi|hello|hey|dear|hallo|liebe|lieber|bonjour|salut|hola|ciao|ol[aá]|oi|hoi|hej|hei|moi|cze[sś][cć]|dzie[nń] dobry|ahoj|merhaba)\s+/i;
