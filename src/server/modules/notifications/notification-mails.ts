/**
 * Every notification mail, in one place: a subject, a plain-text body and the same as HTML, each
 * with a link to the record (PUBLIC_URL + the screen's route). The shape is the one password
 * recovery queues ({ subject, body }), plus `html`.
 */
import { transferNumberLabel } from '../../../common/contracts/stove-ids';
import type { MailMessage } from '../mail/mail.repository';

type Mail = Omit<MailMessage, 'to'>;

const APP = 'Stove Back Office';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface Layout {
  subject: string;
  /** Paragraphs before the list and the link. */
  lines: string[];
  /** Optional list (one line each). */
  list?: string[];
  link: { label: string; url: string };
  /** Why the reader got this mail. */
  footer: string;
}

/** One layout for every notification: greeting, paragraphs, optional list, the link, why it came. */
function compose(name: string | null, layout: Layout): Mail {
  const greeting = `Hello${name ? ` ${name}` : ''},`;
  const footer = `${layout.footer} You can change which mails you receive on My account, under Notifications.`;
  const body = [
    greeting,
    '',
    ...layout.lines.flatMap((l) => [l, '']),
    ...(layout.list ? [...layout.list.map((l) => `- ${l}`), ''] : []),
    `${layout.link.label}:`,
    layout.link.url,
    '',
    '--',
    `${APP}. ${footer}`,
  ].join('\n');
  const p = (text: string) => `<p style="margin:0 0 12px">${escapeHtml(text)}</p>`;
  const html = [
    '<!doctype html>',
    '<html><body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1f2937;line-height:1.5">',
    p(greeting),
    ...layout.lines.map(p),
    layout.list
      ? `<ul style="margin:0 0 12px;padding-left:20px">${layout.list.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`
      : '',
    `<p style="margin:16px 0"><a href="${escapeHtml(layout.link.url)}" style="background:#166534;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(layout.link.label)}</a></p>`,
    `<p style="margin:0 0 12px;font-size:13px;color:#4b5563">Or copy this address into your browser: ${escapeHtml(layout.link.url)}</p>`,
    `<hr style="border:none;border-top:1px solid #e5e7eb"><p style="font-size:12px;color:#6b7280">${escapeHtml(`${APP}. ${footer}`)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: layout.subject, body, html };
}

const stoves = (n: number) => `${n.toLocaleString('en-US')} stove ID${n === 1 ? '' : 's'}`;

export interface TransferFacts {
  id: string;
  number: number;
  from: { name: string; code: string };
  to: { name: string; code: string };
  idCount: number;
  note: string | null;
}

/** A stove transfer arrived at the reader's factory and waits for their confirmation. */
export function incomingTransferMail(publicUrl: string, name: string | null, t: TransferFacts, sentBy: string): Mail {
  const number = transferNumberLabel(t.number);
  return compose(name, {
    subject: `Stove transfer ${number} from ${t.from.name} is waiting for your confirmation`,
    lines: [
      `${sentBy} at ${t.from.name} sent ${stoves(t.idCount)} to ${t.to.name}.`,
      'When the stoves arrive, count them and confirm the transfer: confirm all of them, only the ones that arrived, or reject it with a reason.',
      ...(t.note ? [`Note from the sender: ${t.note}`] : []),
    ],
    link: { label: `Open transfer ${number}`, url: `${publicUrl}/stove-id/transfer-confirmations/${t.id}` },
    footer: `You get this mail because you confirm stove transfers at ${t.to.name}.`,
  });
}

export type TransferOutcome = 'confirmed' | 'partially_confirmed' | 'rejected';

/** A transfer the reader sent was confirmed, partly confirmed or rejected. */
export function transferOutcomeMail(
  publicUrl: string,
  name: string | null,
  t: TransferFacts & { receivedCount: number | null; reason: string | null },
  outcome: TransferOutcome,
  decidedBy: string,
): Mail {
  const number = transferNumberLabel(t.number);
  const subjects: Record<TransferOutcome, string> = {
    confirmed: `Stove transfer ${number} to ${t.to.name} was confirmed`,
    partially_confirmed: `Stove transfer ${number} to ${t.to.name} was partly confirmed`,
    rejected: `Stove transfer ${number} to ${t.to.name} was rejected`,
  };
  const received = t.receivedCount ?? 0;
  const lines: Record<TransferOutcome, string[]> = {
    confirmed: [`${decidedBy} at ${t.to.name} confirmed that all ${stoves(t.idCount)} arrived.`],
    partially_confirmed: [
      `${decidedBy} at ${t.to.name} confirmed that ${stoves(received)} of ${t.idCount.toLocaleString('en-US')} arrived.`,
      `The other ${stoves(t.idCount - received)} ${t.idCount - received === 1 ? 'is' : 'are'} back in stock at ${t.from.name}, as before you sent them.`,
    ],
    rejected: [
      `${decidedBy} at ${t.to.name} rejected the transfer of ${stoves(t.idCount)}.`,
      `Reason: ${t.reason ?? 'none given'}`,
      `All the stove IDs are back in stock at ${t.from.name}, as before you sent them.`,
    ],
  };
  return compose(name, {
    subject: subjects[outcome],
    lines: lines[outcome],
    link: { label: `Open transfer ${number}`, url: `${publicUrl}/stove-id/transfer-history/${t.id}` },
    footer: 'You get this mail because you sent this transfer.',
  });
}

export interface LowStockLine {
  factory: string;
  item: string;
  quantity: number;
  reorderLevel: number;
  unit: string;
}

const amount = (n: number, unit: string) => `${n.toLocaleString('en-US', { maximumFractionDigits: 3 })} ${unit}`;
const lowLine = (l: LowStockLine) =>
  `${l.factory}: ${l.item}: ${amount(l.quantity, l.unit)} left (reorder at ${amount(l.reorderLevel, l.unit)})`;

/** The daily list of steel and inventory below reorder level in the reader's factories. */
export function lowStockDigestMail(
  publicUrl: string,
  name: string | null,
  day: string,
  steel: LowStockLine[],
  inventory: LowStockLine[],
): Mail {
  const count = steel.length + inventory.length;
  const list = [...steel.map((l) => `Steel, ${lowLine(l)}`), ...inventory.map((l) => `Inventory, ${lowLine(l)}`)];
  // The link opens the screen with the most of the list.
  const link =
    steel.length >= inventory.length
      ? { label: 'Open the steel overview', url: `${publicUrl}/steel` }
      : { label: 'Open the inventory overview', url: `${publicUrl}/inventory/management` };
  return compose(name, {
    subject: `Low stock on ${day}: ${count.toLocaleString('en-US')} item${count === 1 ? '' : 's'} below reorder level`,
    lines: [
      `These items are below their reorder level this morning. Order more or move stock between factories before they run out.`,
      ...(steel.length > 0 && inventory.length > 0
        ? [`Steel: ${publicUrl}/steel · Inventory: ${publicUrl}/inventory/management`]
        : []),
    ],
    list,
    link,
    footer: 'You get this mail because you asked for the daily list of low stock.',
  });
}

/** An announcement addressed to the reader was published. */
export function announcementMail(
  publicUrl: string,
  name: string | null,
  a: { title: string; body: string; author: string },
): Mail {
  return compose(name, {
    subject: `Announcement: ${a.title}`,
    lines: [`${a.author} published an announcement for you:`, a.title, ...a.body.split(/\n{2,}/)],
    link: { label: 'Open the Stove Back Office', url: `${publicUrl}/` },
    footer:
      'You get this mail because you asked for announcements by mail. The bell at the top of every page lists them.',
  });
}
