import type { Config } from '../../config';
import { dnsResolver, type DnsResolver } from './dns';
import { imapConnector, type ImapConnector } from './imap';
import { smtpConnector, type SmtpConnector } from './smtp';

export type { DnsResolver } from './dns';
export type { ImapConnector } from './imap';
export type { SmtpConnector } from './smtp';
export type { MailEndpoint } from './endpoint';

/** The mail servers and DNS the product talks to for the user's mailboxes: one interface each. */
export type MailServices = { smtp: SmtpConnector; imap: ImapConnector; dns: DnsResolver };

export function mailServices(config: Config): MailServices {
  const options = { allowHosts: config.guardedFetch.allowHosts };
  return { smtp: smtpConnector(options), imap: imapConnector(options), dns: dnsResolver({ servers: config.dnsServers }) };
}
