import type { ReplyStatus } from '@shared/schemas/inbox';

/**
 * Wording rules of the reply classifier, per status, in English, German, French and Spanish (and the
 * commonest phrases in Italian, Portuguese and Dutch). Patterns match folded text (classify-text.ts
 * `fold`: lowercase, no accents, plain quotes), so they are written without accents.
 * A strong pattern settles the status on its own; a weak one is a hint that leaves the confidence low
 * (the AI provider, when configured, has the last word then).
 */
export type WordingRule = { id: string; status: ReplyStatus; strong: boolean; re: RegExp };

const rule = (status: ReplyStatus, strong: boolean, id: string, re: RegExp): WordingRule => ({ id: `${status}:${id}`, status, strong, re });

const MONTHS =
  '(januari|februari|maart|augustus|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre|janeiro|fevereiro|marco|maio|junho|julho|setembro|outubro|novembro|dezembro|januar|februar|marts|augusti|styczen|stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|wrzesnia|wrzesien|pazdziernika|listopada|grudnia|styczniu|lutym|marcu|kwietniu|maju|czerwcu|lipcu|sierpniu|wrzesniu|pazdzierniku|listopadzie|grudniu|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|januar|februar|marz|juni|juli|oktober|dezember|janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)';
const LATER =
  `(q[1-4]|h[12]|next (year|quarter|month|fiscal year|budget cycle)|the new year|new fiscal year|(early|mid|late) (next year|${MONTHS})|${MONTHS}|spring|summer|autumn|fall|winter|fruhjahr|fruhling|sommer|herbst|printemps|ete|automne|hiver|primavera|verano|otono|invierno|a few months|six months|6 months|three months|3 months|after the holidays|in the new year|rentree|estate|zomer|sommaren|sommeren|verao|wakacjach|wakacje|sommerferien|sommerferie|vinteren|hosten|efteraret|natale|pascoa|ferragosto|kerst|jul|julesaesonen|nieuwe jaar|nytt ar|nytar|nowym roku|ano novo|anno nuovo|\\d{4})`;
const WEEKDAYS =
  '(monday|tuesday|wednesday|thursday|friday|montag|dienstag|mittwoch|donnerstag|freitag|lundi|mardi|mercredi|jeudi|vendredi|lunes|martes|miercoles|jueves|viernes|lunedi|martedi|mercoledi|giovedi|venerdi|maandag|dinsdag|woensdag|donderdag|vrijdag|mandag|tisdag|tirsdag|onsdag|torsdag|fredag|segunda|terca|quarta|quinta|sexta|poniedzialek|wtorek|sroda|czwartek|piatek)';

export const WORDING_RULES: WordingRule[] = [
  // ------------------------------------------------------------------ unsubscribe
  rule('unsubscribe', true, 'en-unsubscribe', /\b(unsubscribe|unsubscribing)\b/),
  rule('unsubscribe', true, 'en-remove', /\b(remove|delete|take|drop) (me|us|my (e-?mail|address|contact|details|name|data)|this (e-?mail )?address)\b.{0,30}\b(from|off) (your|the|this|all|any|whatever|every|each) ?(mailing |e-?mail |contact |distribution |marketing )?(list|lists|database|crm|contacts|records|sequence|campaign)/),
  rule('unsubscribe', true, 'en-remove-address', /\b(remove|delete) (this|my) (e-?mail )?address\b/),
  rule('unsubscribe', true, 'stop-sentence', /(^|[.!?] )(stop|remove|remove me|remove us|unsubscribe|unsubscribe me)[.!]+( |$)/),
  rule('unsubscribe', true, 'en-remove-me', /\b(please )?remove me\b/),
  rule('unsubscribe', true, 'en-take-off', /\btake me off\b/),
  rule('unsubscribe', true, 'en-opt-out', /\bopt (me )?out\b/),
  rule('unsubscribe', true, 'en-stop-emailing', /\bstop (e-?mailing|contacting|sending|writing|messaging|spamming)\b/),
  rule('unsubscribe', true, 'en-dont-email', /\b(don'?t|do not|never) (ever )?(e-?mail|contact|write to|message|spam) (me|us|this (e-?mail )?address)\b|\b(don'?t|do not|never) (ever )?(reach out|get in touch|contact|e-?mail|write)( to)?( me| us)? again\b(?! (until|before|in|after|next))/),
  rule('unsubscribe', true, 'en-no-more-emails', /\bno (more|further) (e-?mails|messages)\b/),
  rule('unsubscribe', true, 'stop-alone', /^(please )?(stop|stopp|arret|alto|basta)( (it|please|now))?[.!]*$/),
  rule('unsubscribe', true, 'en-not-contact-further', /\b(not|never) (to )?(contact|email|e-mail|write to|message) (me|us) (again|further|anymore|any more|in future|in the future)\b/),
  rule('unsubscribe', true, 'erase-data', /\b(erase|delete|remove) (all )?(my|our) (personal )?(data|information|details)\b|\b(loschen|loschung) (meiner|unserer) daten\b|\b(supprimer|suppression de) mes donnees\b|\b(borrar|suprimir|eliminar) mis datos\b/),
  rule('unsubscribe', true, 'de-widerspruch', /\b(widerspreche|widerspruch)\b|\bunterlassen sie\b|\bkeine weiteren? (kontaktaufnahmen?|kontakt|zusendungen|anfragen)\b|\bhoren sie auf,? mir\b/),
  rule('unsubscribe', true, 'fr-arretez', /\barretez de (m'envoyer|me contacter|m'ecrire|me solliciter|nous envoyer|nous contacter)\b/),
  rule('unsubscribe', true, 'es-dejen', /\b(deja|dejad|dejen|deje) de (escribirme|enviarme|contactarme|mandarme|escribirnos|enviarnos)\b/),
  rule('unsubscribe', true, 'es-no-vuelva', /\bno (vuelva|vuelvas|vuelvan) a (contactar|escribir|enviar)\w*\b|\bne (me )?recontactez (plus|pas)\b/),
  rule('unsubscribe', true, 'en-spam', /\b(this is|that's|stop the|report(ed|ing)? (this|you) (as|for)) spam\b|\bdo not send (me|us) (anything|any more|anymore|further)\b/),
  rule('unsubscribe', true, 'de-entfernen', /\b(entfernen|loschen|streichen) sie (mich|meine (adresse|e-?mail|daten))\b/),
  rule('unsubscribe', true, 'de-austragen', /\b(austragen|abmelden|abbestellen)\b/),
  rule('unsubscribe', true, 'de-verteiler', /\baus (ihrem|ihrer|dem|der|eurem) (verteiler|liste|mailingliste|datenbank)\b/),
  rule('unsubscribe', true, 'de-nicht-mehr', /\b(kontaktieren|anschreiben|schreiben) sie mich (bitte )?nicht mehr\b|\bnicht mehr (kontaktieren|anschreiben)\b/),
  rule('unsubscribe', true, 'de-keine-mails', /\bkeine (weiteren )?((e-)?mails|nachrichten|werbung)( mehr)?\b/),
  rule('unsubscribe', true, 'de-daten-loeschen', /\bloschen sie (bitte )?meine (daten|adresse|e-?mail)\b/),
  rule('unsubscribe', true, 'fr-desinscrire', /\b(desinscri\w*|desabonn\w*)\b/),
  rule('unsubscribe', true, 'fr-retirer', /\b(retirez|retirer|supprimez|supprimer|enlevez) (moi|mon adresse|mon e-?mail|mes coordonnees)\b|\bretirez-moi\b/),
  rule('unsubscribe', true, 'fr-ne-plus', /\bne (plus|jamais) me (contacter|solliciter|ecrire)\b|\bne me (contactez|sollicitez|ecrivez) plus\b/),
  rule('unsubscribe', true, 'es-baja', /\b(dar(me)?|dame|denme|deme) de baja\b|\bbaja de (su|tu|la) lista\b/),
  rule('unsubscribe', true, 'es-no-mas', /\bno (quiero|deseo) recibir (mas|ningun)\b|\bno me (escriba|escribas|escriban|contacte|contactes|contacten|envie|envies|envien|mande|mandes|manden) mas\b|\bdejen de (escribir|enviar)\w*\b/),
  rule('unsubscribe', true, 'es-eliminar', /\b(eliminen|elimine|eliminar|borren|borrar) (mi|mis) (correo|email|e-mail|datos|direccion)\b/),
  rule('unsubscribe', true, 'pt-remover', /\b(remova|remover|retire|exclua) (o )?(meu|minha) (e-?mail|endereco|contato)\b|\bdescadastr\w*\b|\bnao quero receber\b/),
  rule('unsubscribe', true, 'it-cancellare', /\b(cancellatemi|rimuovetemi|cancellami|rimuovere il mio (indirizzo|contatto))\b|\bnon (voglio|desidero) ricevere\b/),
  rule('unsubscribe', true, 'nl-afmelden', /\b(afmelden|uitschrijven|verwijder mij|verwijder mijn)\b/),
  rule('unsubscribe', true, 'en-unsubscribe-typo', /\b(unsubcribe|unsubscibe|unsuscribe|unsubsribe|unsubscrib|unsub)\b/),
  rule('unsubscribe', true, 'one-word', /^(please )?(remove|remove me|remove us|unsubscribe|baja|de baja|cancella|cancellami|cancellatemi|wypisz|wypisz mnie|avregistrera|avregistrera mig|afmeld|afmeld mig|afmelden|uitschrijven|abmelden|austragen|desinscription|desinscrire|descadastrar|descadastre|desabonner|sair|sair da lista|stopp|fjern|fjern meg|poista|odhlasit|отписаться|отпишите)( me| mich| moi| mig| mnie| meg| minut)?( please| bitte| pls| por favor| svp)?[.!]*$/),
  rule('unsubscribe', true, 'legal-erasure', /\b(erase|delete|remove|destroy)\b.{0,25}\b(personal )?(data|information|details)\b.{0,40}\b(about me|you hold|of mine|of our (employees|staff))\b|\bobject to (any |the )?(further |processing .{0,30}for )?(direct )?marketing\b|\bcease (all )?(further )?(commercial |marketing )?(communications?|contact|e-?mails)\b|\brefrain from (contacting|e-?mailing|sending)\b|\bdo-?not-?contact (list|register)\b|\bdo not contact list\b|\b(no|strict no)-?solicitation\b/),
  rule('unsubscribe', true, 'de-kontaktliste', /\b(adresse|daten|e-?mail(-adresse)?|kontaktdaten)\b.{0,10}\baus (ihrer|ihrem|der|dem|eurer|eurem) \w*(liste|verteiler|datenbank|kartei|system)\b|\bnicht mehr (anzuschreiben|zu kontaktieren|anschreiben|kontaktieren|zu schreiben|zu mailen|mailen)\b|\b(kunftig|zukunftig) (keine|nicht mehr)\b/),
  rule('unsubscribe', true, 'fr-rgpd', /\bme retirer de (votre|vos|la|cette) (liste|fichier|base|mailing)\b|\bm'oppose (au traitement|a toute)\b|\b(effacement|suppression) de (mes|toutes mes) (donnees|coordonnees)\b|\bproceder a leur effacement\b/),
  rule('unsubscribe', true, 'nl-gegevens', /\b(mijn|m'n) (gegevens|adres|e-?mailadres)\b.{0,20}\b(te )?verwijderen\b|\bniet meer (te )?(mailen|benaderen|contacteren|e-?mailen)\b|\bhaal (me|mij) (alsjeblieft |aub |a\.u\.b\. )?(van|uit) (jullie|uw|de|je) (lijst|mailinglijst|bestand)\b|\bniets meer van (jullie )?ontvangen\b|\bgeen (mails|e-?mails) meer\b/),
  rule('unsubscribe', true, 'es-rgpd', /\b(supresion|eliminacion|borrado) de (todos )?(mis|los) datos\b|\bno (vuelva|vuelvan|vuelvas) a (ponerse|ponerte|poneros) en contacto\b|\bsacadme de|\bsaquenme de|\bsaqueme de\b/),
  rule('unsubscribe', true, 'pt-parem', /\b(parem|pare|deixem|deixe) de (me )?(enviar|mandar|contactar|contatar|escrever)\b|\b(exclusao|eliminacao|remocao) (dos )?(meus|de meus) dados\b|\bnao (seja|ser) mais (contatad|contactad)[oa]\b|\bnao me (enviem|mandem|contatem|contactem) mais\b/),
  rule('unsubscribe', true, 'pl-usun', /\b(usuniecie|usunac|usuncie|usun) (mojego|moj|moje|mnie)\b|\bzaprzestanie (wysylania|kontaktu)\b|\busuniecia moich danych\b|\bwypiszcie mnie\b|\bnie (piszcie|wysylajcie|kontaktujcie sie)\b.{0,20}\b(wiecej|juz)\b/),
  rule('unsubscribe', true, 'sv-sluta', /\bsluta (maila|mejla|skicka|kontakta|skriva)\b|\bta bort mig (fran|ur)\b|\bavregistrera mig\b|\bvill inte (ha|fa) (fler|mer) (mejl|mail|utskick)\b/),
  rule('unsubscribe', true, 'da-afmeld', /\bafmeld mig\b|\bonsker ikke at modtage (flere|mere)\b|\bfjern mig fra\b|\bstop med at (sende|skrive)\b/),
  rule('unsubscribe', true, 'it-gdpr', /\bmi oppongo al trattamento\b|\bne chiedo la cancellazione\b|\bnon (contattarmi|contattatemi|scrivetemi|scrivermi) piu\b|\bnon (mi )?(contattate|scrivete) piu\b|\btoglietemi dalla\b/),
  rule('unsubscribe', true, 'ru-otpishite', /отпишите|отписаться|больше не пишите|не пишите мне|удалите (мой|меня)|прекратите (рассылку|присылать)/),
  rule('unsubscribe', true, 'ja-teishi', /配信停止|配信を停止|配信不要|今後.{0,20}(不要|ご遠慮)|送らないで/),
  rule('unsubscribe', true, 'en-dont-want', /\b(don't|do not|no longer) (want|wish|care) to (receive|get) (any |these |your |more |further |such |this )*(e-?mails|emails|messages|mails|newsletters|marketing|offers|communications|spam|stuff)\b|\b(don't|do not|no longer) (want|wish) to (hear from you|be contacted|be emailed)\b|\bleave me alone\b|\bquit (e-?mailing|contacting|writing|messaging|spamming|sending)\b|\b(kindly|please) remove( me| us)?[.!]*$|\bmy (e-?mail|address|email address|data|details)\b.{0,60}\b(delete|remove|erase) (it|them)\b|\b(delete|remove|erase) (my|our) contact (details|data|information|info)\b/),
  rule('unsubscribe', true, 'de-nehmen-sie-mich', /\bnehmen sie (mich|uns|meine adresse)\b.{0,20}\b(von|aus) (ihrer|ihrem|der|dem|eurer)\b|\bmochte (ich )?keine (weiteren )?((e-)?mails|nachrichten|zusendungen)\b/),
  rule('unsubscribe', true, 'fr-ne-plus-recevoir', /\bne (plus|jamais) m'(ecrire|envoyer|contacter)\b|\b(souhaite|veux|desire) (ne )?plus (recevoir|etre contacte)\b|\bne (souhaite|veux|desire) plus (recevoir|etre)\b/),
  rule('unsubscribe', true, 'es-eliminenme', /\b(elimine|eliminen|eliminenme|elimineme|borrenme|borreme|quitenme|quiteme|saquenme|sacadme|eliminadme|borradme|darme de baja)\b|\bno (deseo|quiero) recibir mas\b/),
  rule('unsubscribe', true, 'it-cancellarmi', /\b(cancellarmi|cancellatemi|rimuovermi|rimuovetemi|toglietemi|togliermi)\b|\bcancellate il mio (indirizzo|contatto|nominativo)\b|\bnon (voglio|desidero) (piu )?ricevere (piu )?(e-?mail|email|messaggi|comunicazioni|newsletter|nulla|altro|offerte)\b|\bsmettete di (scrivermi|contattarmi|inviarmi|mandarmi)\b/),
  rule('unsubscribe', true, 'pt-removam-me', /\b(removam-me|remova-me|retirem-me|retire-me|tirem-me|excluam-me|exclua-me)\b|\bretirem o meu (contacto|contato|e-?mail|endereco)\b|\bnao (quero|desejo) (mais )?receber (mais )?(e-?mails|emails|mensagens|comunicacoes|newsletters|nada|ofertas)\b/),
  rule('unsubscribe', true, 'nl-stop-met', /\bstop (met|maar met) (mailen|e-?mailen|sturen|mij te mailen|dit soort)\b|\bwil geen (e-?mails|mails|berichten) meer\b/),
  rule('unsubscribe', true, 'pl-wypisac', /\b(wypisac|wypisz|wypiszcie|wypisanie)\b|\bnie chce (juz )?(otrzymywac|dostawac)\b/),
  rule('unsubscribe', true, 'sv-avsluta', /\bavsluta (prenumerationen|utskicken)\b|\bvill inte (fa|ha) (fler|mer|nagra) (mejl|mail|e-?post|utskick)\b|\bsluta skicka\b/),
  rule('unsubscribe', true, 'da-modtage', /\b(vil|onsker) ikke (at )?modtage (flere|mere)\b|\bafmeld\b/),
  rule('unsubscribe', true, 'ru-ne-prisylajte', /не присылайте|исключ(ить|ите) (мой|меня)|больше не (присылайте|отправляйте|пишите)|удалите (меня|мой адрес)/),
  rule('unsubscribe', true, 'ja-sakujo', /(送信|配信|メール).{0,10}(停止|止め)|リストから削除|アドレスを削除/),
  rule('unsubscribe', true, 'en-get-off-list', /\b(get|be|take) (me |us )?(off|removed from) (your|the|this|these|all) (mailing |e-?mail |contact |marketing )?(list|lists|database)\b|\b(i |we )?(did not|didn't|never) (sign(ed)? up|subscribe[d]?|opt(ed)? in|agree[d]? to (be contacted|receive (this|these|them|your e-?mails)))( for| to)?( (this|these|it|any of this|your (list|e-?mails|newsletter|mailing list|messages)|these (e-?mails|messages)))?(?= ?([.!?,;]|$| and| so| how| why| what| where))|\bmarked (this |it |you |your e-?mails? )?as spam\b|\b(close|delete|remove) (out )?my (record|profile|entry)\b/),
  rule('unsubscribe', true, 'de-hoeren-sie-auf', /\bhoren sie (bitte |endlich |sofort |umgehend )*auf\b|\b(streichen|entfernen|loschen|nehmen) sie (uns|unsere (adresse|daten|e-?mail))\b|\b(mich|uns)\b.{0,20}\baus (ihrer|ihrem|der|dem|eurer|eurem) \w*(liste|verteiler|datenbank|kartei|system)\b|\bnie (eingewilligt|zugestimmt)\b/),
  rule('unsubscribe', true, 'fr-ne-plus-relancer', /\bne (plus|jamais) me (relancer|solliciter|contacter|ecrire|envoyer)\b|\bne me relancez plus\b|\bcessez de (m'|me |nous )/),
  rule('unsubscribe', true, 'es-no-me-vuelvan', /\bno (me|nos) (vuelva|vuelvan|vuelvas) a (contactar|escribir|enviar|llamar|mandar)\b|\bno (quiero|deseo) (que )?(me )?(sigan|vuelvan a) (contactando|escribiendo|enviando)\b/),
  rule('unsubscribe', true, 'it-cancellare-indirizzo', /\b(cancellare|rimuovere|eliminare|togliere) (il mio|i miei) (indirizzo|contatto|nominativo|e-?mail|dati)\b|\bmi oppongo (a|al|ad) .{0,40}trattamento\b|\bcancellazione .{0,25}\b(dei )?miei dati\b|\bbasta (con )?(queste|le|vostre|tutte queste) (e-?mail|mail|email|messaggi|comunicazioni)\b|\bnon vi ho mai dato il (mio )?consenso\b/),
  rule('unsubscribe', true, 'pt-exclusao', /\b(exclusao|eliminacao|remocao|apagar|excluir|remover) (de )?(todos )?(os )?(meus|de meus) dados\b|\bnao (entrem|entre|voltem a entrar|volte a entrar) mais em contato\b|\bnao (entrem|entre) em contato (comigo )?(novamente|de novo)\b/),
  rule('unsubscribe', true, 'pl-nie-zycze', /\bnie zycze sobie (wiecej|dalszych|kolejnych|takich|zadnych)\b|\b(usuncie|usun|prosze usunac) (moje dane|mnie z)\b/),
  rule('unsubscribe', true, 'sv-radera', /\b(radera|raderar|ta bort) (alla )?mina (person)?uppgifter\b|\b(inte|aldrig) kontakta(r)? mig (igen|mer)\b|\bkontakta mig (inte|aldrig) (igen|mer)\b/),
  rule('unsubscribe', true, 'ru-udalit', /удалить (мои|мой|меня)|больше не (присыла|отправля|писа|беспокои)\w*|хватит (слать|присылать|писать|спамить)|не (присылайте|пишите|беспокойте)(?![а-яё])|отпишите|согласия .{0,40}не давал/),
  rule('unsubscribe', true, 'nordic-fi-cs-tr', /\bfjern (meg|mig|oss) fra\b|\bikke kontakt (meg|mig) (igjen|igen)\b|\bpoista(kaa)? (minut|meidat|osoitteeni|tietoni)\b|\b(prestante|prestan) (mi |nam )?(posilat|psat|kontaktovat)\b|\b(vymazte|smazte) (me|moje) (udaje|kontakt|adresu)\b|\bodhlaste me\b|\blisten\w*den (c|ç)[iı]kar\w*\b|\bbeni .{0,30}(c|ç)[iı]kar[iı]n\b|\bbana (e-?posta )?gondermeyi (birak|kesin)\w*\b/),

  // ------------------------------------------------------------------ bounce (a notice without its headers)
  rule('bounce', true, 'dsn-code', /\b(5\.[0-7]\.\d{1,3}|55[0-4]) .{0,80}(user unknown|unknown user|does not exist|doesn't exist|not found|no such user|mailbox (full|unavailable)|rejected|quota|recipient)/),
  rule('bounce', true, 'en-not-delivered', /\b(could not be delivered|couldn't be delivered|wasn't delivered|was not delivered|delivery (has )?failed|undeliverable|permanent error)\b/),
  rule('bounce', true, 'de-unzustellbar', /\b(unzustellbar|konnte nicht zugestellt werden|nicht zugestellt)\b/),
  rule('bounce', true, 'fr-non-remis', /\b(non remis|n'a pas pu etre (remis|distribue)|echec de (la )?remise)\b/),
  rule('bounce', true, 'es-no-entregado', /\b(no (se )?(ha )?(podido|pudo) (ser )?entregar?\w*|no entregado|error de entrega)\b/),

  // ------------------------------------------------------------------ out of office
  rule('out_of_office', true, 'en-out-of-office', /\bout of (the )?office\b|\booo\b/),
  rule('out_of_office', true, 'en-away-until', /\b(i am|i'm|i will be|i'll be|currently) (currently |now )?(away|out|off|travell?ing|on (annual |parental |maternity |paternity |sick |medical |sabbatical |holiday |vacation )?(leave|vacation|holiday|holidays|sabbatical|a business trip|pto))\b/),
  rule('out_of_office', true, 'en-back-on', /\b(i will be back|i'll be back|i will return|i'll return|returning|i return|back in the office|back at my desk)\b.{0,40}\b(on|in|until|by|from|after|monday|tuesday|wednesday|thursday|friday|\d)/),
  rule('out_of_office', true, 'en-limited-access', /\b(limited|no|intermittent) access to (my )?(e-?mail|emails|inbox)\b/),
  rule('out_of_office', true, 'en-upon-return', /\b(upon|on|after) my return\b|\bwhen i('m| am) back\b/),
  rule('out_of_office', true, 'en-leave', /\b(parental|maternity|paternity|sick|medical) leave\b/),
  rule('out_of_office', true, 'en-delayed', /\b(responses?|replies|reply|answers?) (will|may|might) be (delayed|slow|slower)\b|\b(attending|at) (a |the )?([a-z]+ )?(conference|summit|trade ?show|trade fair|offsite|off-site)\b/),
  rule('out_of_office', true, 'en-get-back-after', /\b(i'll|i will) (get back|respond|reply|answer)( to you)? (after|when i return|on my return|upon)\b/),
  rule('out_of_office', true, 'es-me-encuentro-fuera', /\b(me encuentro|estoy|estare|estaremos) (fuera|ausente|de viaje|de vacaciones|de baja)\b|\bfuera hasta\b/),
  rule('out_of_office', true, 'de-abwesend', /\b(abwesend|abwesenheit|abwesenheitsnotiz|nicht im (buro|haus|office)|au(ß|ss)er haus|im urlaub|urlaubsbedingt|in elternzeit|auf dienstreise)\b/),
  rule('out_of_office', true, 'de-zurueck', /\b(ab dem|ab) .{0,30} wieder (im buro|erreichbar|da|zuruck)\b|\bbin (ich )?(ab|bis) .{0,40}(wieder|nicht) (erreichbar|im buro|da)\b|\bkeinen zugriff auf (meine )?e-?mails?\b/),
  rule('out_of_office', true, 'fr-absent', /\b(absente?|en conge|en conges|en vacances|en deplacement|hors du bureau)\b.{0,40}\b(jusqu|du|au|le|retour)\b|\babsente? du bureau\b/),
  rule('out_of_office', true, 'fr-retour', /\b(a|des|apres) mon retour\b|\bde retour (le|au|a partir)\b|\ben vacances\b|\bacces limite\b/),
  rule('out_of_office', true, 'es-fuera', /\b(fuera de la oficina|de vacaciones|ausente|de baja (medica|por maternidad|por paternidad)|de viaje)\b/),
  rule('out_of_office', true, 'es-vuelta', /\b(a mi (vuelta|regreso)|acceso limitado)\b/),
  rule('out_of_office', true, 'it-fuori', /\b(fuori ufficio|fuori sede|in ferie|al mio rientro|assente)\b/),
  rule('out_of_office', true, 'pt-fora', /\b(fora do escritorio|de ferias|ausente|no meu retorno)\b/),
  rule('out_of_office', true, 'nl-afwezig', /\b(afwezig|met vakantie|buiten kantoor|niet op kantoor|niet aanwezig|met verlof)\b/),
  rule('out_of_office', true, 'sv-da-semester', /\b(ar|er) (pa|borta pa) (semester|ferie|barsel|foraldraledighet|tjanstresa|forretningsrejse|kursus)\b|\b(ar|er) (tjanstledig|ledig|borta|fravaerende|bortrest)\b.{0,30}\b(till|til|t\.o\.m|med)\b|\bikke adgang til (min )?mail\b|\bingen tillgang till (min )?(e-?post|mejl|mail)\b/),
  rule('out_of_office', true, 'pl-nieobecny', /\b(jestem|bede) (na urlopie|w delegacji|poza biurem|nieobecn[ay])\b|\bograniczonym dostepem do (poczty|maila|e-?maili)\b|\bpo (moim )?powrocie\b/),
  rule('out_of_office', true, 'it-ferie', /\b(sono|saro) (in ferie|fuori (ufficio|sede)|in trasferta|assente|in maternita)\b|\bal (mio )?rientro\b/),
  rule('out_of_office', true, 'pt-ferias', /\b(estou|estarei) (de ferias|ausente|fora|em viagem|de licenca)\b|\bapos o meu regresso\b|\bno meu regresso\b/),
  rule('out_of_office', true, 'ru-otpusk', /(я |буду )?(в отпуске|в командировке|вне офиса|отсутствую|на больничном)/),
  rule('out_of_office', true, 'ja-kyuka', /(休暇|不在|出張|休業)(を|の|中|期間)|ご不便をおかけ/),
  rule('out_of_office', true, 'en-on-vacation-till', /(^|[.!?] )(currently )?(on (vacation|holiday|holidays|leave|pto|annual leave|a business trip)|away|off sick|out sick)\b.{0,20}\b(till|until|through|thru|til|back on|back in)\b|\bwhen i'?m back\b|\bwhen i get back\b/),
  rule('out_of_office', false, 'en-closed', /\b(our )?(offices?|we) (are|is|will be) (closed|shut)\b|\bwhen we reopen\b|\b(public|bank|national) holiday\b|\bin observance of\b/),
  rule('out_of_office', true, 'es-vuelvo', /\b(vuelvo|volvere|regreso|regresare|me reincorporo|estare de vuelta|estoy de vuelta) (a estar )?(en la oficina|a la oficina|el (lunes|martes|miercoles|jueves|viernes|dia|\d)|a partir)\b|\ba partir del? .{0,30}\b(vuelvo|estare|regreso|me reincorporo)\b|\b(estoy|estare|estaremos) en (el|la) (salon|feria|congreso|conferencia)\b/),
  rule('out_of_office', true, 'it-congedo', /\b(sono|saro) in (congedo|malattia|maternita|paternita)\b|\bin congedo (parentale|di maternita|di paternita|per malattia)\b|\bnon leggo la posta\b/),
  rule('out_of_office', true, 'nl-verlof', /\b(met|op) (zwangerschapsverlof|ouderschapsverlof|vaderschapsverlof|bevallingsverlof|verlof|vakantie|zakenreis)\b/),

  // ------------------------------------------------------------------ wrong person / referral
  rule('wrong_person', true, 'en-not-right-person', /\b(not|no longer) (the|a) (right|correct|best|appropriate|relevant) (person|contact|one)\b|\bwrong (person|contact)\b/),
  rule('wrong_person', true, 'en-not-responsible', /\b(i don't|i do not) (handle|deal with|look after|own|manage|work on) (this|that|these|it)\b|\b(not|isn't|is not) (really |quite |exactly )?(my|in my) (area|department|remit|responsibility|domain|wheelhouse)\b|\bnot responsible for\b/),
  rule('wrong_person', true, 'en-no-longer', /\bno longer works? (at|for|with|here)\b|\b(no longer|not longer) (with|at|working (at|for|with)|employed|part of)\b|\b(left|has left|retired from) (the company|the business|the firm|our company|us)\b/),
  rule('wrong_person', true, 'en-talk-to', /\b(talk|speak|reach out|write|get in touch) (to|with) (my|our) (colleague|boss|manager|head|cto|ceo|cfo|cro|cmo|vp|team|director)\b|\b(my|our) colleague \p{L}+.{0,40}(handles|is responsible|runs|looks after|owns)\b/u),
  rule('wrong_person', false, 'en-please-contact', /\b(please|kindly|you (should|might want to|may want to|could|can)) (contact|reach out to|get in touch with|email|write to|speak (to|with)|talk to) (?!me\b|us\b|you\b)/),
  rule('wrong_person', true, 'en-moved-on', /\b(i've|i have|i) (actually |already |recently |just )?(moved on|left) (from )?\b|\b(took|has taken|taken) over (my|his|her|their) (role|position|job|responsibilities)\b|\b(i'd|i would) (suggest|recommend) (reaching out|contacting|talking|speaking|writing)\b/),
  rule('wrong_person', true, 'en-goes-through', /\b(go|goes|are handled|is handled|should go|must go|need to go|are managed) (through|to|via|by) (our|the) (procurement|purchasing|sales|marketing|it|hr|finance|operations|partnerships|vendor)\b/),
  rule('wrong_person', true, 'not-my-topic', /\bne me concerne pas\b|\bvoyez avec\b|\bbetrifft mich nicht\b|\bno me corresponde\b|\bno (es|entra en) (mi|de mi) (area|competencia|departamento)\b|\b(yo )?no llevo (este|ese) tema\b|\b(te|le) paso (el|su) contacto\b/),
  rule('wrong_person', true, 'en-decisions', /\b(makes|make|handles|owns|takes) (these|those|such|the|all) (decisions|calls|purchases|purchasing decisions)\b|\b(decision[- ]maker|decides on this|is in charge of (this|that))\b|\b(ya no esta|ya no se encuentra) (en|con)\b/),
  rule('wrong_person', true, 'retired', /\b(retired|has retired|est parti a la retraite|est partie a la retraite|ist in rente|im ruhestand|se ha jubilado|se jubilo)\b|\b(runs|manages|heads|leads) the (business|company|team) now\b|\ba la place\b/),
  rule('wrong_person', true, 'en-better-person', /(?<!\bwho (would|is|'s) (be )?the )\b(better|right) person (to|for|would be)\b(?![^.?!]*\?)|\byou('ll| will) want to (talk|speak) (to|with)\b|\b(i've |i have |i )?forwarded (this|your (e-?mail|message)) to (?!me\b|us\b)/),
  rule('wrong_person', true, 'de-nicht-zustaendig', /\bnicht mehr .{0,40}\b(tatig|beschaftigt|angestellt)\b|\bnicht (zustandig|der richtige ansprechpartner|die richtige ansprechpartnerin|die richtige person|mehr (bei|im unternehmen|fur))\b|\b(richtige|richtiger|zustandige|zustandiger) ansprechpartner(in)? (ist|ware)\b/),
  rule('wrong_person', true, 'de-wenden-sie-sich', /\b(leite|leiten|gebe|geben) (das|dies|es|ihre (anfrage|e-?mail|nachricht)) .{0,40}\bweiter\b|\b(der|die) (entscheidet|ist dafur zustandig)\b|\bwenden sie sich (bitte )?an (?!mich)|\bmein(e|en)? kolleg(e|in|en)\b(?![^.!?]*\b(auch|ebenfalls|mit) (dabei|dazu|teilnehmen|kommen)\b)/),
  rule('wrong_person', true, 'fr-pas-la-bonne', /\b(pas la bonne personne|pas le bon interlocuteur|pas la bonne interlocutrice|ne (travaille|fait) plus (chez|partie|dans|pour)|a quitte (la societe|l'entreprise))\b/),
  rule('wrong_person', true, 'fr-contacter', /\b(contacter|contactez|ecrire a|ecrivez a|vous adresser a) (mon|ma|notre) (collegue|responsable|directeur|directrice)\b|\bmon collegue\b/),
  rule('wrong_person', true, 'es-no-soy', /\b(no soy la persona (adecuada|indicada|correcta)|ya no (trabajo|trabaja|forma parte)|dejo la empresa)\b/),
  rule('wrong_person', true, 'es-contacte', /\b(contacte|contacta|contactar|escriba|escribe|hable|habla) (con|a) (mi|nuestro|nuestra) (companero|companera|colega|responsable|director|directora)\b|\b(contacte|contacta) con \p{L}+ .{0,40}@/u),
  rule('wrong_person', false, 'fr-es-vous-pouvez', /\b(vous pouvez (ecrire|vous adresser|contacter)|puede (escribir|contactar))\b/),
  rule('wrong_person', true, 'no-longer-here', /\b(niet meer werkzaam|werkt (hier )?(sinds \w+ )?niet meer|har slutat|arbetar inte (langre|kvar)|ikke laengere ansat|er fratradt|nao trabalha mais|ja nao trabalha|non lavora piu|non fa piu parte|nie pracuje( juz)?|ne travaille plus|n'est plus (chez|dans|en poste|avec nous)|moved on from (the company|the business|us)|is no longer (here|at|with)|has moved on)\b|больше не работает|не работает у нас/),
  rule('wrong_person', true, 'not-the-one', /\b(jeg er ikke den rette|inte ratt person|niet de juiste persoon|nie jestem (wlasciwa|odpowiednia) osoba|non sono la persona giusta|nao sou a pessoa (certa|indicada)|falsche(r)? ansprechpartner(in)?|der falsche|die falsche)\b|\bnon mi occupo io\b|\bi (handle|do|run|look after) [a-z]+,? not\b|\bthe person to (talk|speak|write) to\b|\byou'll want [A-Za-z]+|\b(you'll|you will) want (to talk to |to speak to |to write to )?[a-z]+ [a-z]+,? (our|the|my)\b/),
  rule('wrong_person', true, 'who-handles-it', /\b(zustandig (fur .{0,40})?(ist|sind))\b|\b(scriva|scrivi|scrivete) (alla|al) (mia|mio|nostra|nostro) (collega|responsabile)\b|\bzajmuje sie u nas\b|\bquem cuida\b.{0,60}\b(e|agora e)\b|\b(skriv|skriva|kontakta|kontakt) (til|till|istallet)\b|\bdu skal skrive til\b|\b(neem|neemt) contact op met (?!mij|ons)\b|\bkunt u contact opnemen met\b|\bwendet euch an\b/),
  rule('wrong_person', true, 'ru-ja-not-mine', /не занимаюсь (этим|этими)|обратитесь к|напишите (моему|моей) (коллеге|руководителю)|это не ко мне|担当ではありません|担当外|担当者(に|へ|まで)|にご連絡ください/),
  rule('wrong_person', true, 'took-over', /\b(i've|i have) taken over\b|\bi'm the new contact\b|\bi am the new contact\b|\bsend (things|it|them|everything) to me (from now on|instead)\b|\bik doe nu\b|\bstuur (het|alles)? ?(voortaan )?naar mij\b|\bje reprends (le dossier|ses dossiers)\b|\bc'est moi (qui|le nouveau|la nouvelle)\b/),
  rule('wrong_person', true, 'cc-colleague', /\b(adding|looping in|cc'?ing|cc'?d|copying( in)?|i've added|i have added|i've cc'?d|forwarding this to)\b[^.!?]{0,40}\b(who|she|he|they)\b( now)? (looks after|handles|owns|runs|is responsible|manages|leads|decides|is in charge|takes care)\b(?![^.!?]*\b(calendar|diary|schedule)\b)/),
  rule('wrong_person', true, 'not-me', /(^|[.!?] )not me[,.!;]|\bnot me,? (that's|it's|you want|try|ask)\b|\bdet er ikke mig\b|\bdet ar inte jag\b|\bto nie do mnie\b|\bnon sono io la persona\b|\bce n'est pas moi qui\b|\bno soy yo (quien|el que|la que)\b|\bfel person\b/),
  rule('wrong_person', true, 'no-longer-languages', /\bne (travaille|fais|fait) plus (chez|partie|dans|pour)\b|\b(contacter|contactez|ecrire a) (mon|ma) (remplacant|remplacante|successeur|successeure)\b|\bvoyez (directement )?avec\b|\bje (te|vous) (transfere|fais suivre) (ce|votre|ton|le)\b|\bnon sono (io )?la persona giusta\b|\bnon lavoro piu\b|\bnao trabalho mais\b|\bja nao trabalho\b|\bprosze (napisac|pisac|sie skontaktowac|kontaktowac sie) (do|z)\b/),

  // ------------------------------------------------------------------ not now
  rule('not_now', true, 'en-not-right-now', /\bnot (right )?now\b|\bnot at (the|this) (moment|time|point)\b|\bnot (at|for) (the|this) (moment|time)\b|\bnot (a )?(priority|the right time|a good time)\b/),
  rule('not_now', true, 'en-timing', /\b(timing|time) (isn't|is not|is not quite|isn't quite) (right|great|good|ideal)\b|\bbad timing\b|\bmaybe later\b|\bnot yet\b/),
  rule('not_now', true, 'en-later', new RegExp(`\\b(reach out|contact me|contact us|try (me|us)|follow up|circle back|check back|check in|ping me|come back|get back|revisit|reconnect|touch base|talk)\\b.{0,30}\\b(in|after|early|next|around|until|then|later)\\b.{0,20}\\b${LATER}`)),
  rule('not_now', true, 'en-circle-back', /\b(circle|check|come) back (then|later|in)\b|\bno budget\b|\bdon't have (the )?budget\b|\bbudget (is|was) (frozen|spent|allocated)\b/),
  rule('not_now', true, 'en-drop-line', new RegExp(`\\b(drop me a line|drop me an e-?mail|email me|write to me|try again|get in touch|reach me)\\b.{0,20}\\b(in|after|early|next|around)\\b.{0,20}\\b${LATER}`)),
  rule('not_now', true, 'next-year', /\b(next year|nachstes jahr|nachsten jahr|nachstes quartal|nachsten quartal|le trimestre prochain|el proximo trimestre|el trimestre que viene|l'annee prochaine|l'an prochain|el ano que viene|el proximo ano|l'anno prossimo|ano que vem)\b/),
  rule('not_now', true, 'budget-closed', /\b(presupuesto|budget) (ya )?(esta |is |est |ist )?(cerrado|agotado|closed|frozen|spent|boucle|epuise|ausgeschopft|verplant)\b/),
  rule('not_now', true, 'fr-pas-le-moment', /\b(ce n'est|c'est) pas le (bon )?moment\b|\brevenir vers (moi|nous)\b.{0,30}\b(en|au|dans|apres|a la)\b/),
  rule('not_now', true, 'en-reconnect-once', /\b(reconnect|revisit|talk|chat|circle back|follow up|touch base|pick this up)\b.{0,30}\b(once|when|after) (things|we|it|the|this|our)\b|\bfor now\b.{0,60}\b(later|q[1-4]|next|once|when)\b|\bnothing new is getting approved\b/),
  rule('not_now', true, 'de-momentan-nicht', /\b(momentan|derzeit|aktuell|im moment|zurzeit|zur zeit)\b.{0,40}\b(nicht|kein|keine|leider)\b|\bvielleicht (spater|nachstes jahr)\b/),
  rule('not_now', true, 'de-spaeter', new RegExp(`\\b(melden sie sich|meldet euch|kommen sie|fragen sie)\\b.{0,40}\\b(im|in|nachstes|nach|ab|spater|fruhjahr|sommer|herbst|winter|${MONTHS})\\b`)),
  rule('not_now', true, 'fr-pas-pour-le-moment', /\bpas (pour le moment|pour l'instant|maintenant|en ce moment|cette annee)\b|\bplus tard\b/),
  rule('not_now', true, 'fr-recontactez', new RegExp(`\\b(recontactez|recontacter|revenez|relancez|reecrivez)\\b.{0,30}\\b(en|dans|l'annee|apres|au|${MONTHS})\\b`)),
  rule('not_now', true, 'es-ahora-no', /\b(ahora (mismo )?no(?! (necesit|nos interesa|me interesa))|de momento no|por ahora no|en este momento no|no es (buen|el) momento|mas adelante)\b/),
  rule('not_now', true, 'es-mas-tarde', new RegExp(`\\b(escribeme|escribame|contacteme|contactame|vuelve a|vuelva a)\\b.{0,40}\\b(el proximo|en|despues|${MONTHS})\\b`)),
  rule('not_now', true, 'contact-again-later', new RegExp(`\\b(neem .{0,40}contact op|nog eens contact|recontactez|recontacte-moi|ricontattatemi|ricontattarmi|on en reparle|reparlons-en|risentiamoci|ricontattami|ricontattateci|ricontattaci|hor av dig|hor gärna av dig|skriv igen|skriv til mig igen|volte a contactar|volte a falar|fale comigo|odezwij sie|odezwijcie sie|odezwac sie|wroc do mnie|noch ?mal melden|nochmals melden|wieder melden|noch einmal melden|melden sie sich|remind me|get back to me|reach out again|drop me a line|mi ricontatti|ci risentiamo)\\b.{0,60}\\b(in|im|en|a|au|na|nach|dopo|efter|depois|po|after|early|begin|inizio|debut|vers|verso|i|om|${LATER})\\b`)),
  rule('not_now', true, 'later-then-contact', new RegExp(`\\b(im|in|ab|nach|after|dopo|na|efter|apres)\\s+(dem |den |der |la |il )?${LATER}\\b.{0,30}\\b(noch ?mal|noch einmal|nochmals|wieder|erneut|again|di nuovo|opnieuw|igen|de novo|a nouveau)\\b.{0,15}\\b(melden|schreiben|kontaktieren|contact|write|sentire|contacteren|hora|kontakta|falar)`)),
  rule('not_now', true, 'ru-ja-later', /(напишите|свяжитесь|вернемся|вернёмся|обратитесь).{0,30}(осенью|летом|весной|зимой|позже|в следующем|через|после)|сейчас не актуально|не сейчас|(来年|来期|後日|改めて).{0,20}(ご連絡|連絡)|時期ではない/),
  rule('not_now', true, 'not-now-languages', /\b(op dit moment niet|nu even niet|niet nu|inte just nu|inte nu|ikke lige nu|ikke nu|w tej chwili nie|nie teraz|in questo momento non|al momento non|adesso no|ora no|per ora no|pas le bon moment|agora nao|neste momento nao|nao consigo tratar disto agora|nicht jetzt|jetzt nicht)\b/),
  rule('not_now', true, 'en-later-this-year', /\blater (this|in the) year\b|\bgive it (a few|a couple of|some|\d+) (more )?(months|weeks|quarters)\b/),
  rule('not_now', true, 'ask-me-again', /\b(ask|try|ping|contact|email|write to|approach) (me|us) again\b.{0,40}\b(after|in|once|when|next|around|later)\b/),
  rule('not_now', true, 'freeze-until', new RegExp(`\\b(reminder|remind me|freez\\w*|frozen|on hold|paused?|on ice)\\b.{0,40}\\b(after|until|till|in) (the )?${LATER}\\b`)),
  rule('not_now', true, 'not-before', new RegExp(`\\b(not (before|until)|nicht vor|pas avant|no antes de|non prima di|niet voor|inte fore|ikke for|nie przed|nao antes de) (the |dem |der |den |la |le |el |il )?${LATER}\\b`)),
  rule('not_now', true, 'then-again', new RegExp(`\\b(nach|after|apres|despues de|dopo|na|efter|po)\\s+(den |dem |der |the |les |las |el |la |il )?${LATER}\\b.{0,20}\\b(noch ?(ein)?mal|nochmals|wieder|erneut|again|de nouveau|di nuovo|opnieuw|igen|znowu)\\b|\\bbudget\\b.{0,30}\\b(verplant|ausgeschopft|aufgebraucht|erschopft)\\b`)),
  rule('not_now', true, 'maybe-later', new RegExp(`\\bsentiamoci\\b.{0,30}${LATER}|\\b(maybe|perhaps|possibly|vielleicht|peut-etre|quizas|quiza|tal vez|forse|misschien|kanske|maske|moze|talvez)\\b.{0,15}\\b(in|im|en|till|til|i|om|na|w|a|au|dans|nach|after|apres|despues|dopo|po|efter|next|nachstes|proximo|prochain|volgend)\\b.{0,15}${LATER}|\\bvolgend jaar\\b|\\bteraz nie\\b|\\bwrocmy do (tematu|rozmowy)\\b`)),

  // ------------------------------------------------------------------ not interested
  rule('not_interested', true, 'en-not-interested', /\b(not|n't|never been|no longer) (be |been |really |at all |currently )*interested\b|\bno interest\b/),
  rule('not_interested', true, 'en-no-thanks', /\bno,? thank(s| you)\b|\b(i'll|i will|we'll|we will|going to) pass\b|\bpass on this\b/),
  rule('not_interested', true, 'en-not-fit', /\bnot (a (good )?fit|for us|relevant (for|to) us|something we need)\b|\bno need\b|\b(don't|do not) need\b/),
  rule('not_interested', true, 'en-all-set', /\b(we're|we are|i'm|i am) (good|fine|ok|okay),? thank(s| you)\b|\b(we're|we are|i'm|i am) (all )?set\b|\balready (use|have|using|work with|working with|got|signed)\b|\bwent with (another|a different|a competitor|someone else)\b|\b(happy|satisfied) with (our|the) current\b/),
  rule('not_interested', true, 'de-kein-interesse', /\b(kein(e|en)? (interesse|bedarf)|nicht interessiert|brauchen wir nicht|haben (wir )?bereits|sind (bereits|schon) versorgt)\b/),
  rule('not_interested', true, 'fr-pas-interesse', /\b(pas (interesse|interessee|interesses|interessees)|ne (suis|sommes) pas (interess\w*)|aucun interet|pas besoin|non merci|ca ne nous interesse pas|cela ne nous interesse pas)\b/),
  rule('not_interested', true, 'es-no-interesa', /\b(no (me|nos) interesa|no estoy interesad[oa]|no estamos interesad[oa]s|no necesitamos|no,? gracias|sin interes)\b/),
  rule('not_interested', true, 'already-provider', /\b(ya (trabajamos|tenemos|contamos) con|estamos contentos con|nous (avons|travaillons) deja (un|une|avec)|(wir )?arbeiten (bereits|schon) mit|haben (bereits|schon) (einen|eine|ein) (anbieter|dienstleister|partner|agentur))\b/),
  rule('not_interested', true, 'en-not-something', /\b(isn't|is not|not) something (we|i)('d| would| will)? (look at|consider|need|pursue|be interested in|invest in)\b|\bnot (for|right for) (us|me)\b/),
  rule('not_interested', true, 'de-passt-nicht', /\bpasst (fur uns |bei uns |uns )?(leider )?(nicht|nichts)\b|\bnichts fur uns\b/),
  rule('not_interested', true, 'es-no-necesitamos', /\bno (es algo que |lo )?necesit(amos|o|emos|an)\b/),
  rule('not_interested', true, 'en-in-house', /\b(we do|we handle|we keep) (all |everything |it )?(our )?([a-z]+ )?in-?house\b|\b(don't|do not|no) (plan|intention|plans) to (change|switch|outsource|look)\b|\bthanks anyway\b/),
  rule('not_interested', true, 'de-kein-thema', /\bkein thema (fur uns)?\b|\bkein (bedarf|interesse|thema)\b/),
  rule('not_interested', true, 'fr-aucun-besoin', /\b(aucun|pas de|pas le) besoin\b|\bn'avons (aucun|pas de) besoin\b|\bbonne continuation\b/),
  rule('not_interested', true, 'short-no', /^(no|nope|nah|nein|non|nee|nej|nie|nao|нет|pass)[.!,]*( ?(thanks|thank you|danke|merci|gracias|grazie|tack|tak|bedankt|dank je|dank u|dziekuje|obrigad[oa]|спасибо))?[.!]*$/),
  rule('not_interested', true, 'not-interested-languages', /\b(inte intresserad[e]?|ikke interesseret|niet geinteresseerd|nie (jestem|jestesmy) zainteresowan\w*|nao (estou|estamos) interessad\w*)\b|не интересно|не интересует|結構です|興味(は|が)?ありません|必要ありません/),
  rule('not_interested', true, 'fr-ne-correspond-pas', /\bne correspond pas a (nos|mes) besoins\b|\b(doesn't|does not|don't) (match|fit|meet) (our|my) (needs|requirements)\b|\bentspricht nicht (unserem|unseren) bedarf\b|\bno (encaja|se ajusta) (con|a) (nuestras|nuestros)\b/),
  rule('not_interested', true, 'other-languages', /\b(geen interesse|niet geinteresseerd|non (mi|ci) interessa|non siamo interessati|nao (tenho|temos) interesse)\b/),
  rule('not_interested', true, 'have-provider', /\b(abbiamo gia (un|una)|non intendiamo cambiare|ja temos (contrato|um|uma)|nao estamos interessad[oa]s|nao faz sentido|har redan (en|ett)|inget for oss|nojda med|zufrieden mit|sehr zufrieden|mamy juz|nie planujemy (zmian|zmiany)|nie jestesmy zainteresowani|doen we (al jaren |al )?zelf|hebben al (een)?|we zijn tevreden|on gere tout|pas de budget|no budget for|zero budget|locked into|it'?s a no from us|so it's a no|decided to stay with|isn't relevant for us|not relevant for us|aren't relevant|isn't something we would|this isn't something we|not something we can|no thanks|ei kiitos|nej tack|nej tak|nie dziekuje|no grazie|non ci serve|non ci interessa|non fa per noi|nao precisamos|ne nous interesse pas|ce ne sera pas pour nous|nous recrutons exclusivement en interne|brauchen wir nicht|kein bedarf)\b|уже есть|не планируем|не интересно|нам это не нужно/),
  rule('not_interested', true, 'not-for-us', /\b(isn't|is not|not) (built|made|designed|meant|really) for (us|companies like ours|a company (of )?our size)\b|\b(unable|not able|won't be able|not in a position) to (take this|take it|move this|proceed)( any)? (forward|further)\b|\bnot (applicable|relevant) (to|for) us\b|\b(ce n'est|c'est) pas pour nous\b|\bno es para nosotros\b|\bno (aplica|nos aplica)( para nosotros| a nosotros)?\b|\binte aktuellt\b|\bnemame zajem\b|\bnemam zajem\b|見送/),

  // ------------------------------------------------------------------ meeting request
  rule('meeting_request', true, 'booking-link', /\b(calendly\.com|cal\.com|meetings\.hubspot\.com|savvycal\.com|zcal\.co|tidycal\.com|youcanbook\.me|calendar\.app\.google|outlook\.office\.com\/bookwithme)\//),
  rule('meeting_request', true, 'en-invite', /\b(send|sent|shoot)( me| over| us)? (a|an|the)? ?(calendar |meeting |teams |zoom )?(invite|invitation)\b|\bcalendar invite\b/),
  rule('meeting_request', true, 'en-set-up', /\b(set up|setup|schedule|book|arrange|organi[sz]e|have|hop on|jump on|grab)( a| an)? (quick |short |brief |15[- ]?min(ute)? |20[- ]?min(ute)? |30[- ]?min(ute)? )?(call|meeting|chat|demo|zoom|teams call|video call|intro)\b/),
  rule('meeting_request', true, 'en-lets-talk', /\b(let's|lets|let us|happy to|glad to|i'd like to|i would like to|we could|i could|can we|could we) (talk|chat|speak|meet|connect|do (a|an)( quick)? (call|zoom|meeting|\d+ ?min))\b/),
  rule('meeting_request', true, 'en-available', new RegExp(`\\b(are you (free|available)|i'm (free|available)|i am (free|available)|does|would|how about|what about|works? for me)\\b.{0,30}\\b(${WEEKDAYS}|tomorrow|next week|this week|\\d{1,2}(:\\d{2})? ?(am|pm))\\b`)),
  rule('meeting_request', true, 'en-what-times', /\bwhat (times?|slots?|days?) (do you have|are you|work|would work|suit)\b|\b(send|share) (me )?(a few|some) (times|slots)\b|\bwhat suits\b/),
  rule('meeting_request', true, 'weekday-time', new RegExp(`\\b${WEEKDAYS}\\b.{0,30}\\b\\d{1,2}(:\\d{2})? ?(am|pm|h|uhr)\\b|\\b${WEEKDAYS} (works|is good|suits|is fine|would work)\\b|\\bworks for me\\b`)),
  rule('meeting_request', true, 'find-time', /\b(happy to|glad to|let's|lets|can|will|i'll) (find|set|pick|book|carve out) (a )?(time|slot|\d+ ?min(ute)?s?)\b|\b(copied|cc'?d|cc'ing|looping in|looped in) my (ea|pa|assistant|executive assistant)\b|\b(in|into) my (diary|calendar)\b/),
  rule('meeting_request', true, 'call-me', /\b(call|ring|phone) me\b|\brufen sie (mich|uns)\b|\bruf (mich|uns)\b|\bappelez-(moi|nous)\b|\b(llamame|llameme|llamadme)\b/),
  rule('meeting_request', true, 'es-horario', /\b(opciones|propuestas|un par de opciones) de (horario|fecha)s?\b|\b(un )?hueco\b|\bdisponibilidad para\b/),
  rule('meeting_request', true, 'de-termine-vorschlagen', /\b(schlagen sie|schlag) (mir|uns) .{0,30}(termin|termine|zeit|zeiten|slots)\b|\b(termin|termine|terminvorschlag|terminvorschlage) .{0,30}(vor|vorschlagen|senden|schicken)\b/),
  rule('meeting_request', true, 'de-zeit-fuer', /\b(hast du|haben sie|hattest du|hatten sie) .{0,30}zeit (fur|zum) (einen|ein|ein kurzes) (call|telefonat|gesprach|meeting|austausch)\b|\b(zeit|time) (fur|for) (a|einen|ein) (call|telefonat|chat|quick call)\b/),
  rule('meeting_request', false, 'time-of-day', /\b\d{1,2}(:\d{2})? ?(am|pm|uhr)\b|\b\d{1,2}:\d{2}\b|\b\d{1,2}h\d{0,2}\b/),
  rule('meeting_request', false, 'weekday', new RegExp(`\\b${WEEKDAYS}\\b`)),
  rule('meeting_request', true, 'send-invite-languages', /\b(mandami|mandatemi|mandaci|inviami|stuur|skicka|envie-me|envia-me|envie|wyslij|wyslijcie|send)\b.{0,20}\b(invito|uitnodiging|inbjudan|convite|zaproszenie|invite|invitation|teams-uitnodiging|kalenderinbjudan)\b/),
  rule('meeting_request', true, 'weekday-time-languages', new RegExp(`\\b(${WEEKDAYS}|domani|morgen|imorgon|i morgen|amanha|jutro|volgende week|nasta vecka|next week)\\b.{0,40}\\b(alle \\d{1,2}|a las \\d{1,2}|as \\d{1,2}|om \\d{1,2}([.:]\\d{2})?( uur)?|kl\\.? ?\\d{1,2}([.:]\\d{2})?|as \\d{1,2}h|o \\d{1,2}([.:]\\d{2})?|\\d{1,2}[.:]\\d{2}( uur)?|\\d{1,2} uur)\\b|\\b(va bene|passar bra|passar mig|kan ik|schikt|past mij|fica bom|pasuje|passer fint)\\b`)),
  rule('meeting_request', true, 'meeting-languages', /\b((podemos|podriamos) hablar|hablemos|(fissiamo|organizziamo|facciamo) (una )?(call|chiamata|riunione|videochiamata|telefonata)|possiamo sentirci|vamos marcar|marcar uma (reuniao|call|chamada|conversa)|podemos falar|(een )?afspraak (maken|inplannen)|(laten|kunnen) we .{0,20}(bellen|afspreken|videobellen)|umowmy sie|(mozemy|mozesz) porozmawiac|boka (ett |in ett )?mote|kan vi (ses|ta ett samtal|prata)|tage et mode|kan vi (modes|tale sammen))\b/),
  rule('meeting_request', true, 'ja-ru-meeting', /(いかがでしょうか|ご都合|お打ち合わせ|打ち合わせ|お時間をいただけ|面談|オンラインで).{0,40}|созвонимся|давайте (созвонимся|встретимся|обсудим)|удобно (в|во)|встреч[уа]/),
  rule('meeting_request', true, 'call-me-languages', /\b(mi chiami|chiamami|mi chiamate|bel me|bel mij|ring mig|ring til mig|ligue-me|liga-me|zadzwon|zadzwoncie)\b|\b(kom|kommen sie|venez|vieni) .{0,40}\blangs\b|\bkom .{0,40}(langs|op bezoek)\b|\bstop by\b.{0,40}\b(and we can|to talk|we can talk)\b/),
  rule('meeting_request', true, 'de-termin', /\b(telefonieren|telefonat|termin|gesprach|videocall|teams-call|zoom-call|call) (vereinbaren|ausmachen|machen|passt|einrichten|buchen)\b|\b(konnen|lassen) (wir|sie uns) .{0,30}(telefonieren|sprechen|treffen|austauschen)\b|\bgerne (konnen wir )?(telefonieren|sprechen|treffen)\b|\bpasst (ihnen|dir|es ihnen|es dir)\b|\b(schicken|senden) sie (mir )?(gerne |bitte )?(eine )?(einladung|termin)/),
  rule('meeting_request', true, 'fr-rendez-vous', /\b(rendez-vous|un appel|une reunion|une visio|un echange|un creneau|une invitation)\b.{0,40}\b(lundi|mardi|mercredi|jeudi|vendredi|demain|semaine|\d{1,2}h)\b|\b(je suis|serais) disponible\b|\b(envoyez|envoie)-moi une invitation\b|\bcaler (un|une)\b|\bcreneaux?\b/),
  rule('meeting_request', true, 'es-reunion', /\b(podemos|podriamos|hagamos|agendemos|agendar|programar|organizar|tener) (hacer |tener |una |un )?(llamada|reunion|videollamada|cita|demo)\b|\b(te|le|os) (viene|va) bien\b|\b(invitacion|invite) (al|de|en el) calendario\b|\bestoy disponible\b/),
  rule('meeting_request', true, 'minutes-call', /\b(grab|get|have|find|book|steal|do) (a |the )?(\d+|ten|fifteen|twenty|thirty|few|couple of) ?(min|mins|minutes)\b|\b\d+ ?min(ute)?s? (call|chat|meeting|zoom|teams)\b(?! (is|isn't|won't|doesn't))|\b(propose|suggest|send) (two|three|a few|some|a couple of|\d) (slots|times|dates|time slots)\b|\b(get|have|bring) (our|my) [a-z ]{0,30} on a call\b/),

  // ------------------------------------------------------------------ interested
  rule('interested', true, 'en-interesting', /\b(sounds|looks|seems) (interesting|good|great|promising|relevant)\b|(?<!\byou )\b(i am|i'm|we are|we're|we'd be|i'd be|would be|could be|be) (very |definitely |potentially |quite )?(interested|keen|open to)\b|\bmight be open\b/),
  rule('interested', true, 'en-tell-more', /\b(tell|send|share|show|give|forward) (me|us)( a bit| some)? (more|details|info|information|pricing|a deck|the deck|a short deck|case stud\w*|a demo|an overview|a proposal|a quote)\b|\b(more|further) (info|information|details)\b|\blearn more\b|\bsend it over\b|\b(send|pop|shoot|share|email) (me |us )?(over |across )?(some |a few |the |more |your )?(details|info|information|costs|pricing|prices|rates|deck|brochure)\b|\b(rough|ballpark|indicative) (costs?|pricing|prices?|figures?|quote)\b/),
  rule('interested', true, 'en-pricing', /\b(how much|pricing|price list|what does it cost|what's the cost|what is the cost|per seat|per user|a quote)\b|\bcan you share (a|the|some)\b|\bcase stud(y|ies)\b/),
  rule('interested', true, 'en-take-a-look', /\b(i'd|i would|we'd|we would) (like|love) to (see|learn|know|hear|take a look|try)\b|\bhave a (look|read)\b|\btake a look\b|\bgood timing\b|\btiming is (quite |really |very )?(good|great|perfect)\b/),
  rule('interested', true, 'price-question', /\b(c'est combien|combien (ca|cela|ceci) (coute|coute-t-il)|quel(s)? (est|sont) (le|les|vos) (prix|tarifs?)|cuanto (cuesta|vale|cobran)|quanto custa|was kostet|wie viel kostet|wieviel kostet)\b/),
  rule('interested', true, 'know-more', /\b(me gustaria|quisiera|quiero) (saber|conocer) mas\b|\b(j'aimerais|je voudrais) en savoir plus\b|\b(schicken|senden) sie (mir|uns) .{0,20}(angebot|infos|informationen|unterlagen|details|preise|prasentation)\b/),
  rule('interested', true, 'en-curious', /\b(i'm|i am|we're|we are) curious\b|\bsend (something|it|that|them|some(thing)? over|me something)\b|\bwhat (kind of )?(results|roi|numbers)\b/),
  rule('interested', true, 'fr-envoyer', /\b(envoyer|envoyez|transmettre|transmettez)(-moi|-nous| moi| nous)? .{0,15}(presentation|documentation|plaquette|brochure|proposition|devis|infos|informations)\b|\bje veux bien\b/),
  rule('interested', true, 'en-pilot', /\b(could|might|may|would) be (useful|helpful|valuable|of interest|a fit|a good fit|relevant)\b|\bwhat would (a|the) (pilot|trial|proposal|engagement|rollout) look like\b|\b(how quickly|how fast|how soon) (could|can|would) (we|you)\b/),
  rule('interested', true, 'de-kosten', /\b(mit welchen kosten|welche kosten|was wurde (das|es) kosten|was kostet)\b|\bgrundsatzlich ja\b|\b(wie|was) (wurde|konnte) das (konkret )?(aussehen|bedeuten)\b/),
  rule('interested', true, 'es-propuesta', /\b(enviar|envias|enviarme|mandarme|mandar|pasarme|pasar)\b.{0,20}\b(propuesta|presupuesto|informacion|dossier|presentacion|detalles)\b/),
  rule('interested', true, 'it-interessa', /(?<!\bnon )\b(mi interessa|ci interessa|interessante|maggiori informazioni|piu informazioni|mandarmi|inviarmi)\b/),
  rule('interested', true, 'how-it-works', /\b(como funciona|comment (ca|cela) fonctionne|wie funktioniert (das|es)|how does (it|this|that) work|what's the catch|let's hear it)\b|\b(referenzen|references|referencias|case studies|fallstudien)\b.{0,30}\?/),
  rule('interested', false, 'keywords', /\b(interested|interessiert|interessant|interessante|interesante|interessant|keen|useful|relevant|aktuell|referenzen|details|demo)\b/),
  rule('interested', false, 'en-yes', /^(yes|yep|yeah|sure|definitely|absolutely|ok|okay)\b/),
  rule('interested', false, 'en-question', /\b(do you|does it|can it|how does|what does|is it possible)\b.{0,80}\?/),
  rule('interested', true, 'de-interessant', /\b(klingt|hort sich|liest sich) (sehr |durchaus )?(interessant|gut|spannend)\b|\b(weitere|mehr|nahere) (infos|informationen|details|unterlagen)\b|\b(preisubersicht|preisliste|preise|angebot) .{0,30}(zuschicken|zusenden|senden|schicken)\b|\b(habe|haben|hatte|hatten) (durchaus |grundsatzlich )?interesse\b/),
  rule('interested', true, 'fr-interesse', /(?<!\b(ne|pas|n'est pas|peu) )\b(m'interesse|nous interesse|interessant|interesse par|interessee par|interesses par)\b|\b(en savoir plus|plus d'informations|une documentation|une brochure|vos tarifs|vos prix|une plaquette)\b/),
  rule('interested', true, 'es-interesa', /(?<!\bno )\b(me interesa|nos interesa|suena (bien|interesante)|interesante|estoy interesad[oa]|estamos interesad[oa]s)\b|\b(mas informacion|mas detalles|precios|tarifas|casos de (exito|clientes))\b/),
  rule('interested', true, 'pt-interesse', /(?<!\bnao )\b(tenho interesse|temos interesse|mais informacoes|me interessa|interessante)\b/),
  rule('interested', true, 'price-languages', /\b(what would (it|that|this) cost|what's your (fee|rate|price)|what are your (fees|rates|prices)|can you quote|please quote|quote (me|us) (for|on)|vad kostar|wat kost|quel serait le (tarif|prix|cout)|quels sont vos (honoraires|tarifs|prix)|cuales son sus (honorarios|tarifas|precios)|cuanto cobrais|was wurde (das|es|ihr)\b.{0,40}\bkosten|was kostet|jakie (macie|sa) (stawki|ceny)|orientacyjny cennik|cennik|quanto costa|quanto costerebbe|quanto custa|tabela de (precos|comissoes)|indicatie van de kosten|kostenindicatie|hvad koster|was wurde das bei)\b|сколько стоит|коммерческое предложение|цен[аы]/),
  rule('interested', true, 'send-me-languages', /\b(mandateci|mandatemi|mandami|inviateci|inviatemi|envoyez-moi|envoyez-nous|envoie-moi|envieme|enviame|envienme|mandame|mandadme|envie-me|envia-me|envie-nos|stuur (de|het|me|ons|maar)|skicka (garna|mig|oss|ett|nagot|lite)|prosze (przeslac|wyslac)|przeslijcie|send (over|me|us) (some |a few |your |the )?(profiles|examples|cvs|info|details|the audit|case studies)|please send (the|me|us|over)|send a few examples|yes,? please send|tell me more|mandame info|mandame informacion)\b|пришлите|отправьте (нам|мне)/),
  rule('interested', true, 'pl-ja-interested', /\b(brzmi ciekawie|wiecej informacji|ile (to )?kosztuje|prosze o (oferte|cennik|wiecej))\b|資料を(送|お送り)|詳しく(教えて|知りたい)|お見積|興味があります/),
  rule('interested', true, 'do-you-also', /\b(avete anche|kunnen jullie (dat |dit )?ook|kunnen jullie ook|vous intervenez aussi|betreut ihr auch|teneis algun|tienen algun|hanno anche|os terminais aceitam|har ni (nagot|ocksa)|czy (macie|mozecie)|do you (also )?(cover|support|handle|work with)|can you (also )?(do|handle|cover|quote))\b|есть ли у вас/),
  rule('interested', true, 'yes-languages', /^(si|sì|oui|ja|yes|tak|sim|ja gerne|gerne|volontiers|con gusto|certo|claro)\b[,!.]/),
  rule('interested', true, 'send-me-a', /\b(can|could|would) you (please )?(send|share|forward|email) (me |us |over )?(a|an|the|your|some|more)\b|\b(one-pager|one pager)\b/),
  rule('interested', true, 'product-question', /\bdoes (it|this|that|[a-z]+) (also )?(cover|support|integrate with|work with|handle|connect to)\b|\bwhat makes (you|it|this) (different|better)\b|\bhow (are|is) (you|this|it) different\b|\binteresting timing\b/),
  rule('interested', true, 'interested-languages', /\bgibt es (eine |einen )?(testversion|demo|testphase|probeversion|trial|pilot)\b|\b(das )?konnte uns (tatsachlich |wirklich )?helfen\b|\b(m'en|nous en) dire plus\b|\bmi mand[ia] (qualche|delle|piu|un|il)\b|\blistino\b|\bmanda (mais )?(detalhes|informacoes|info)\b|\b(voces|vcs) (integram|tem|oferecem)\b|\blater (intressant|bra|spannande)\b|\bskicka (mer|lite) (info|information)\b|\b(funkar|fungerar) det (med|for)\b|\bfiyat (bilgisi|teklifi|listesi)\b|\bgonderebilir misiniz\b|興味がございます|(資料|料金表|見積).{0,10}(送|お送り)/),
];

/** The order in which a status wins when several match: the most consequential answer first. */
export const STATUS_PRECEDENCE: ReplyStatus[] = ['unsubscribe', 'bounce', 'out_of_office', 'wrong_person', 'not_now', 'not_interested', 'meeting_request', 'interested', 'auto_reply', 'other'];

/** Automatic answers other than out-of-office notes: ticket systems, unmonitored mailboxes, acknowledgements. */
export const AUTO_REPLY_WORDING: RegExp[] = [
  /\b(your|the) (request|ticket|message|e-?mail|enquiry|inquiry) (has been|was|is) (received|logged|registered)\b/,
  /\bticket (number|no\.?|id|#)|\[ticket #?\d+\]|\bcase number\b/,
  /\b(this|the) (mailbox|inbox|e-?mail address|address) is (not|no longer) (monitored|in use|active|checked)\b|\bno-?reply\b|\bdo not reply to this\b/,
  /\b(automatic|automated|auto-?generated) (reply|response|message|answer)\b/,
  /\b(eingangsbestatigung|automatische antwort|wir haben ihre (nachricht|anfrage|e-?mail) erhalten)\b/,
  /\b(accuse de reception|reponse automatique|nous avons bien recu votre)\b/,
  /\b(respuesta automatica|hemos recibido su|acuse de recibo)\b/,
  /\b(recebemos (a )?sua mensagem|mensagem automatica|protocolo \d+|abbiamo ricevuto la (sua|vostra)|messaggio automatico|wij hebben uw (bericht|e-?mail) ontvangen|automatisch (gegenereerd|verzonden)|vi har mottagit (ditt|ert)|automatiskt (genererat|svar)|otrzymalismy (twoja|pana|pani) wiadomosc|wiadomosc automatyczna)\b|автоматическое сообщение|自動送信/,
];

/** Subjects of automatic answers (Outlook, Gmail, Exchange, in several languages). */
export const AUTO_SUBJECT =
  /^(automatic reply|auto(matic)?[- ]?re(ply|sponse)|autoreply|out of (the )?office|abwesenheitsnotiz|automatische antwort|abwesend|reponse automatique|absence|respuesta automatica|fuera de la oficina|risposta automatica|resposta automatica|automatisch antwoord|afwezigheidsbericht|eingangsbestatigung|automatisk svar|automatiskt svar|autosvar|fravaer|frånvaro|franvaro|nieobecnosc|odpowiedz automatyczna|autorisposta|resposta automatica|ausencia|automatische antwort)\b|^(автоматический ответ|автоответ|自動応答|自動返信|不在)/;
export const OOO_SUBJECT = /\b(out of (the )?office|abwesenheitsnotiz|abwesend|absence|absent|fuera de la oficina|fuori ufficio|vacation|urlaub|conges|vacaciones|ferie|semester|fravaer|franvaro|nieobecnosc|urlop|ferias|afwezig|vakantie)\b|отпуск|休暇|不在/;
/** "until 2 December", "bis zum 31.03.", "jusqu'au 3 décembre", "hasta el lunes 2 de diciembre": a return date in an automatic answer. */
export const RETURN_DATE = new RegExp(
  `\\b(until|till|through|back on|returning on|bis (zum|einschließlich|einschl\\.|am)?|jusqu'(au|a)|de retour le|hasta (el|el dia)?|fino al|ate (o dia )?(?=\\d{1,2}(?:[./]\\d| de ))|tot en met|tot|till och med|til og med|t\\.o\\.m\\.?|do)\\s+(${WEEKDAYS}\\s+)?(den\\s+)?(\\d{1,2}|${MONTHS})`,
);
export const READ_RECEIPT_SUBJECT = /^(read|gelesen|lu|leido|letto|lido|gelezen)\s*:/;
export const BOUNCE_SUBJECT =
  /\b(undeliver(ed|able)|delivery status notification|mail delivery (failed|failure|system)|returned mail|delivery failure|failure notice|non-?delivery|unzustellbar|nicht zustellbar|non remis|echec de (la )?remise|no se puede entregar|no entregado|mensaje no entregado|impossibile recapitare|onbestelbaar)\b/;
export const UNSUBSCRIBE_SUBJECT = /^(unsubscribe|remove( me)?|stop|opt[- ]?out|abmelden|austragen|desinscription|desabonnement|baja|darme de baja|cease communication request|afmelden|uitschrijven|avregistrera|wypisz|cancellazione|descadastrar)\b.{0,20}$/;

/**
 * Spans the unsubscribe rules do not read: a removal the writer says is not needed ("no need to take me off your
 * list", "pas la peine de me désinscrire", "não precisa me descadastrar", "Sie müssen mich nicht austragen",
 * "du behöver inte avregistrera mig", "no hace falta que me des de baja"), and words in quotation marks (a
 * question about how "unsubscribe" replies are handled). The other rules still read the whole text.
 */
export const NOT_AN_UNSUBSCRIBE = [
  /\b(no need to|there's no need to|there is no need to|you don't (need|have) to|you do not (need|have) to|don't need to|(ce )?n'est pas la peine de|pas (la peine|besoin) de|nao precisa( de)?|nao e preciso|sie mussen (mich )?(jetzt )?(noch )?(nicht|nicht gleich)|du behover inte|du behover (mig )?inte|du behover ikke|behover ikke at|no hace falta( que)?|no es necesario( que)?|non serve( che)?|non c'e bisogno( di)?|niet nodig om|je hoeft (me|mij) niet|nie musisz|nie trzeba)\b[^.!?]{0,40}?\b(unsubscribe|take me off|remove me|desinscrire|descadastrar|avregistrera|baja|austragen|abmelden|afmelden|afmelde|uitschrijven|cancellare|cancellarmi|wypisywac|wypisac)\w*( (from|off) (your|the|this) (\w+ )?list)?( (or anything|gleich|nicht))?/g,
  // The same, in words that put the "not" before the removal or after it ("don't take me off the list", "non
  // cancellatemi", "avregistrera mig inte", "proszę mnie nie wypisywać", "mich müssen Sie nicht austragen", "je ne
  // demande pas à être désinscrit", "not asking to be removed").
  /\b((and )?(no,? )?(please )?(don't|do not) (take me off|remove me|unsubscribe me|delete me|drop me)|(i'm |i am )?not asking( you)? to (be )?(removed|unsubscribed|taken off)|je ne (demande|souhaite|veux) pas (a )?(etre )?(desinscrit|retire|supprime)e?s?|ne me (desinscrivez|retirez|supprimez) pas|(mich|uns) (mussen|brauchen|sollen) sie (ubrigens |aber |auch |gar |jetzt |noch )*(nicht|nicht zu|keinesfalls) (austragen|abmelden|entfernen|loschen|streichen)|(bitte )?nicht (austragen|abmelden|entfernen)|non (mi )?(cancellate|cancellatemi|cancellarmi|rimuovete|rimuovetemi|togliete|toglietemi)|non (chiedo|voglio) (di )?(essere )?(cancellat|rimoss)[oaie]|(avregistrera|ta bort|stryk) (mig|oss) inte|inte (avregistrera|ta bort|stryka) (mig|oss)|(mnie )?nie (wypisywac|wypisujcie|wypisuj|usuwac|usuwajcie)|no (me )?(des|den|deis|dé) de baja|no (pido|estoy pidiendo|quiero) (que me (den|des) de baja|la baja|darme de baja)|nao (me )?(descadastre|descadastrem|remova|removam)|(niet|nog niet) (afmelden|uitschrijven)|schrijf (me|mij) (niet|nog niet) uit|(afmeld|fjern) (mig|meg) ikke|ikke (afmeld|fjern) (mig|meg))\b/g,
  /"[^"]{1,40}"/g,
  // Talk about the unsubscribe link itself ("your unsubscribe link goes to a 404"), unless the writer used it.
  /(?<!\b(clicked|used|tried|pressed|hit|via|through|using) (on )?)\b(your|the|an?|this) unsubscribe (link|button|page|url|footer)\b/g,
  // Our own footer, when a reply carries our email unquoted below it (bottom-posting, a forward): its opt-out line.
  /\b(to unsubscribe|unsubscribe here|click here to unsubscribe|manage (your )?(preferences|subscription)|reply (with )?"?stop"? to (opt out|unsubscribe|stop)|if you (no longer wish|don't want|do not want|would rather not) to (receive|hear)[^.!?]*|(unsubscribe|abmelden|desinscription|se desinscrire|darse de baja|baja|cancella|descadastrar|afmelden|wypisz|avregistrera)\s*:?\s*(here:?\s*)?(<)?https?:\S+|repondez stop[^.!?]*|responda baja[^.!?]*|rispondi cancella[^.!?]*)/g,
  /\S*(unsubscribe|opt-?out|abmelden|desinscri|baja|unsub)\S*\.(com|io|net|org|de|fr|es|it|nl|pl|se|co|example)\S*|https?:\/\/\S*(unsubscribe|opt-?out|unsub|abmelden|desinscri)\S*/g,
];

/** The writer asks to remove themselves (not a departed colleague): then a "took over" note stays an unsubscribe. */
export const FIRST_PERSON_REMOVAL =
  /\b(remove|unsubscribe|take|delete|drop|afmelden|verwijder|supprimez|retirez|austragen|entfernen|elimine|borre|remova)\b.{0,12}\b(me|mij|moi|mich|mig|mnie|myself|my (address|e-?mail|details)|mijn|mon adresse|meine)\b|\b(me|mij|moi|mich)\b.{0,12}\b(afmelden|verwijderen|desinscrire|austragen|abmelden|off your list)\b/;

/**
 * Our opt-out footer's keyword ("Reply STOP to opt out", "Jeśli nie chcesz otrzymywać od nas wiadomości, odpisz
 * "NIE"", "antworten Sie einfach mit "Abmelden"", "responde BAJA"), read from the quoted text of the reply: a reply
 * that is exactly that word answers the footer (an unsubscribe, even when the word alone means only "no").
 */
const OPT_OUT_CUE =
  '(unsubscribe|opt[- ]?out|stop receiving|not to hear|rather not hear|no longer (wish|want)|nicht mehr|keine (weiteren )?(e-?mails|nachrichten|zusendungen)|non (ricevere|desideri|vuoi)|nie chcesz|no (quieres|deseas|desea)|ne (plus|souhaitez|voulez)|nao (quer|deseja)|inte (vill|lenger)|niet meer|geen (mails|e-?mails|berichten)|ikke (lenger|laengere|modtage|flere)|не хотите|отписаться|remove you|from our list)';
const OPT_OUT_VERB = '(reply|respond|responde|responda|responder|odpisz|odpowiedz|antworten sie( einfach)? mit|antworte( einfach)? mit|rispondi|rispondete|rispondere|repondez|repondre|svara|svar|antwoord|beantwoord|reageer|ответьте|напишите)';
const OPT_OUT_WORD = '["\'«]?\\s*([^\\s"\'».,:;!?]+)\\s*["\'»]?';
export const OPT_OUT_FOOTER: RegExp[] = [
  new RegExp(`${OPT_OUT_CUE}[^.!?]{0,80}?\\b${OPT_OUT_VERB}\\b\\s*(with |mit |con |avec |met |med |com )?${OPT_OUT_WORD}`, 'g'),
  new RegExp(`\\b${OPT_OUT_VERB}\\b\\s*(with |mit |con |avec |met |med |com )?${OPT_OUT_WORD}\\s*(to|and|und|per|pour|para|om|for|i|e|et|y|a|,)[^.!?]{0,40}${OPT_OUT_CUE}`, 'g'),
];
