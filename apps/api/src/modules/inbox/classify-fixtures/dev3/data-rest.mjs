// Nordic, Finnish, Czech, Turkish, Russian and Japanese replies, and a few more English ones.
export const REST = [
  // ---------------- sv
  { l: 'unsubscribe', g: 'sv', h: 'avregistrera-mig', b: 'Avregistrera mig, tack.', o: 'cl=iphone sig=mobile' },
  { l: 'unsubscribe', g: 'sv', h: 'sluta-skicka-gdpr', b: 'Hej,\n\nJag vill inte ha fler mejl från er. Ta bort mina uppgifter enligt GDPR och bekräfta att det är gjort.', o: 'cl=outlook cs=iso-8859-1' },
  { l: 'out_of_office', g: 'sv', h: 'semester-till-vecka-32', b: 'Jag har semester till och med vecka 32 och läser inte min e-post. Vid brådskande ärenden, kontakta ekonomi@{dom}.\n\nI am on holiday until week 32.', o: 'auto=exch sig=none' },
  { l: 'not_now', g: 'sv', h: 'hor-av-dig-i-host', b: 'Inte just nu, men hör av dig i höst så kan vi ta en titt.', o: 'cl=gmail' },
  { l: 'not_interested', g: 'sv', h: 'nej-tack-har-redan', b: 'Nej tack, vi har redan ett verktyg för det. Du behöver inte avregistrera mig.', o: 'cl=outlook', hn: true },
  { l: 'meeting_request', g: 'sv', h: 'tisdag-kl-13', b: 'Tisdag kl. 13 passar bra. Skicka en Teams-inbjudan.', o: 'cl=outlook fmt=html' },
  { l: 'interested', g: 'sv', h: 'vad-kostar-det', b: 'Låter intressant. Vad kostar det för ett bolag med fem bolag i koncernen?', o: 'cl=gmail cs=windows-1252' },
  // ---------------- da
  { l: 'unsubscribe', g: 'da', h: 'afmeld-venligst', b: 'Afmeld mig venligst jeres liste. Tak.', o: 'cl=outlook' },
  { l: 'out_of_office', g: 'da', h: 'ferie-autosvar', b: 'Tak for din mail. Jeg holder ferie frem til 28. juli og læser ikke mails. Ved hastesager kontakt kontoret på 70 20 30 40.', o: 'auto=gvac sig=none' },
  { l: 'not_interested', g: 'da', h: 'nej-tak-har-nyt-lys', b: 'Nej tak, vi fik skiftet til LED sidste år.', o: 'cl=iphone' },
  { l: 'interested', g: 'da', h: 'send-et-overslag', b: 'Ja, send gerne et overslag. Lageret er ca. 4.000 m².', o: 'cl=gmail cs=iso-8859-1' },
  // ---------------- no (answers English outreach)
  { l: 'unsubscribe', g: 'no', h: 'ikke-kontakt-meg-igjen', b: 'Vennligst ikke kontakt meg igjen. Slett e-postadressen min fra listene deres.', o: 'cl=outlook' },
  { l: 'out_of_office', g: 'no', h: 'ferie-fravaer', b: 'Jeg er på ferie frem til 11. august. E-post blir ikke lest i denne perioden.\n\nI am on vacation until 11 August.', o: 'auto=exch sig=none' },
  { l: 'wrong_person', g: 'no', h: 'ikke-riktig-person', b: 'Hi, I am not the right person. Please contact our CFO, Knut Eide, at knut.eide@{dom}.', o: 'cl=outlook', n: 'Norwegian writer answering in English, Norwegian Outlook headers' },
  // ---------------- fi (answers English outreach)
  { l: 'unsubscribe', g: 'fi', h: 'poistakaa-listalta', b: 'Poistakaa minut postituslistaltanne, kiitos.', o: 'cl=outlook cs=iso-8859-15' },
  { l: 'not_interested', g: 'fi', h: 'ei-kiitos', b: 'Ei kiitos, meillä on jo ratkaisu tähän.', o: 'cl=gmail' },
  { l: 'interested', g: 'fi', h: 'english-send-info', b: 'Hi {S}, sounds relevant for us. Could you send more information about the NetSuite integration?', o: 'c=ledgerly cl=outlook', n: 'Finnish writer in English' },
  // ---------------- cs (answers English outreach)
  { l: 'unsubscribe', g: 'cs', h: 'odhlaste-me', b: 'Odhlaste mě prosím z Vašeho seznamu a dál mi nepište.', o: 'cl=outlook cs=windows-1250' },
  { l: 'not_now', g: 'cs', h: 'ozvete-se-na-podzim', b: 'Teď ne, ozvěte se prosím na podzim.', o: 'cl=gmail cs=iso-8859-2' },
  { l: 'meeting_request', g: 'cs', h: 'english-call-friday', b: 'Hello {S}, we can have a call on Friday at 10:00 CET. Please send an invitation.', o: 'c=shieldops cl=outlook', n: 'Czech writer in English' },
  // ---------------- tr (answers English outreach)
  { l: 'unsubscribe', g: 'tr', h: 'listeden-cikarin', b: 'Lütfen beni e-posta listenizden çıkarın.', o: 'cl=outlook cs=iso-8859-9' },
  { l: 'interested', g: 'tr', h: 'fiyat-bilgisi', b: 'Merhaba, fiyat bilgisi ve referanslarınızı gönderebilir misiniz?', o: 'cl=gmail cs=windows-1254' },
  { l: 'out_of_office', g: 'tr', h: 'izin-otomatik', b: 'Merhaba, 14 Temmuz tarihine kadar yıllık izindeyim. Acil konular için satinalma@{dom} adresine yazabilirsiniz.', o: 'auto=exch sig=none' },
  // ---------------- ru
  { l: 'unsubscribe', g: 'ru', h: 'otpishite-menya-koi8', b: 'Отпишите меня от рассылки, пожалуйста.', o: 'cl=outlook cs=koi8-r' },
  { l: 'unsubscribe', g: 'ru', h: 'udalite-dannye-ne-pishite', b: 'Добрый день. Прошу удалить мои персональные данные из вашей базы и больше мне не писать. Согласия на рассылку я не давала.', o: 'cl=webmail cs=windows-1251' },
  { l: 'out_of_office', g: 'ru', h: 'otpusk-do', b: 'Здравствуйте! Я в отпуске до 21 июля. По срочным вопросам обращайтесь к Сергею Иванову: s.ivanov@{dom}.', o: 'auto=exch sig=none cs=koi8-r' },
  { l: 'not_interested', g: 'ru', h: 'uzhe-est-sistema', b: 'Спасибо, не интересно. У нас уже внедрена WMS.', o: 'cl=gmail' },
  { l: 'interested', g: 'ru', h: 'prishlite-kp', b: 'Пришлите, пожалуйста, коммерческое предложение на 3 склада.', o: 'cl=outlook cs=windows-1251' },
  { l: 'wrong_person', g: 'ru', h: 'ne-ko-mne', b: 'Это не ко мне. Складом занимается Андрей Соколов, a.sokolov@{dom}.', o: 'cl=gmail cs=koi8-r' },
  // ---------------- ja
  { l: 'unsubscribe', g: 'ja', h: 'haishin-teishi', b: '配信停止をお願いします。今後このアドレスへのご連絡は不要です。', o: 'cl=outlook cs=shift_jis' },
  { l: 'out_of_office', g: 'ja', h: 'kyuka-fuzai', b: '誠に恐れ入りますが、6月20日まで休暇のため不在にしております。急ぎのご用件は総務部（soumu@{dom}）までご連絡ください。', o: 'auto=exch sig=none cs=shift_jis' },
  { l: 'not_interested', g: 'ja', h: 'kentou-shimasen', b: 'ご連絡ありがとうございます。現在のところ導入の予定はございません。', o: 'cl=outlook cs=euc-jp' },
  { l: 'meeting_request', g: 'ja', h: 'raishuu-kayoubi', b: '来週火曜日の14時からでしたら、オンラインで30分ほどお時間をお取りできます。招待をお送りください。', o: 'cl=outlook cs=shift_jis te=base64' },
  { l: 'auto_reply', g: 'ja', h: 'uketsuke-jidou', b: 'お問い合わせありがとうございます。本メールは自動送信です。担当者より2営業日以内にご連絡いたします。', o: 'auto=gen sig=none cs=iso-2022-jp' },
  // ---------------- more English
  { l: 'unsubscribe', g: 'en', h: 'not-a-fit-dont-follow-up', b: "We're not a fit. Please don't follow up again.", o: 'cl=outlook' },
  { l: 'unsubscribe', g: 'en', h: 'on-holiday-but-remove-me', b: "I'm on holiday this week, but while I think of it: please take me off your mailing list.", o: 'human cl=iphone sig=mobile', n: 'a person on holiday asking to stop; unsubscribe wins' },
  { l: 'unsubscribe', g: 'en', h: 'remove-me-and-team', b: 'Please remove me and everyone else at {co} from your outreach. We have a no-vendor-cold-email policy.', o: 'cl=outlook disc' },
  { l: 'unsubscribe', g: 'en', h: 'lowercase-dont-email-me', b: "don't email me", o: 'cl=android sig=none' },
  { l: 'other', g: 'en', h: 'unsubscribe-link-broken-fyi', b: "FYI - the unsubscribe link in your footer returns a 404. Not that I'm using it, just thought you'd want to know.", o: 'c=ledgerly cl=gmail', hn: true },
  { l: 'not_now', g: 'en', h: 'ending-current-contract-september', b: "We're ending our current contract in September. Reach out again in August and we can talk then.", o: 'cl=outlook', hn: true },
  { l: 'interested', g: 'en', h: 'remove-sam-i-am-contact', b: "Sam has left - you can drop him from the thread. I've taken over finance ops and this looks relevant. What does pricing look like for two entities?", o: 'c=ledgerly cl=outlook', hn: true, n: 'the writer is the new contact and interested' },
  { l: 'meeting_request', g: 'en', h: 'stop-by-office-tuesday', b: 'If you are in Manchester on Tuesday, stop by our office at 10 and show us a demo in person.', o: 'cl=webmail', hn: true },
  { l: 'other', g: 'en', h: 'delete-my-previous-email', b: 'Sorry, please ignore and delete my previous email - it was meant for someone else.', o: 'cl=gmail', hn: true },
  { l: 'not_interested', g: 'en', h: 'stop-is-not-needed-just-no', b: "No thanks - and you don't need to take me off anything, a no is just a no.", o: 'cl=iphone', hn: true },
];
