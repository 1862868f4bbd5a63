import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/schema';
import type { MailAttachment } from '../db/tables/platform.tables';

export type { MailAttachment };

export interface Mail {
  companyId: number | null;
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/**
 * Outgoing mail. Every mail is first written to the outbox table (the operator's copy when no SMTP
 * server is configured); with SMTP_URL it is then delivered in the background and marked sent.
 * The log says only that a mail was queued: mails carry reset links and codes.
 */
export class Mailer {
  private readonly transport: Transporter | null;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
    smtpUrl: string | null,
    private readonly from: string,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  async queue(mail: Mail, db: Kysely<Database> = this.db): Promise<void> {
    const { id } = await db
      .insertInto('outbox')
      .values({
        company_id: mail.companyId,
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        attachments: JSON.stringify(mail.attachments ?? []),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.log.info({ outboxId: id, smtp: this.transport !== null }, 'mail queued');
    if (!this.transport) return;
    const delivery = this.deliver(id, mail).finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  /** Waits for deliveries in flight (shutdown). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private async deliver(id: string, mail: Mail): Promise<void> {
    try {
      await this.transport!.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: (mail.attachments ?? []).map((file) => ({
          filename: file.filename,
          contentType: file.content_type,
          content: Buffer.from(file.base64, 'base64'),
        })),
      });
      await this.db
        .updateTable('outbox')
        .set({ sent_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    } catch (error) {
      this.log.warn({ outboxId: id, reason: (error as Error).message }, 'mail delivery failed');
      await this.db
        .updateTable('outbox')
        .set({ error: (error as Error).message.slice(0, 500) })
        .where('id', '=', id)
        .execute()
        .catch(() => undefined);
    }
  }
}
