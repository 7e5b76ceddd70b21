import { Logger } from '@nestjs/common';
import { ServerNats } from '@nestjs/microservices';
import type { Msg, MsgHdrs, NatsConnection } from 'nats';
import { AppError } from '../errors/app-error';

/** The few fields of a Nest reply packet this server reads or writes. */
interface ReplyPacket {
  id?: string;
  err?: unknown;
  response?: unknown;
  isDisposed?: boolean;
}

type Publisher = (packet: ReplyPacket) => unknown;

/**
 * Nest's NATS server, made so that nothing a handler does can end the process.
 *
 * Nest publishes replies from a `process.nextTick` callback, so an error thrown there (the NATS client's
 * `MAX_PAYLOAD_EXCEEDED` for a reply over the server's `max_payload`, or a reply JSON cannot encode) becomes an
 * unhandled rejection and Node exits. Here such a reply is replaced by a coded `internal` error naming the
 * subject, so the caller learns at once instead of timing out, and the failure is logged.
 */
export class SafeServerNats extends ServerNats {
  private readonly safetyLogger = new Logger('SafeServerNats');

  override getMessageHandler(channel: string) {
    return async (error: unknown, message: Msg) => {
      if (error) return this.safetyLogger.error(`NATS subscription to ${channel} failed: ${describe(error)}`);
      try {
        await this.handleMessage(channel, message);
      } catch (failure) {
        // Before a reply was built (e.g. a message that is not JSON): answer with an empty id, which the caller accepts.
        this.safetyLogger.error(`${message.subject}: handling the message failed: ${describe(failure)}`);
        this.answerWithError(message, new AppError('internal', `The ${message.subject} handler failed before it could answer.`), undefined);
      }
    };
  }

  override getPublisher(natsMsg: Msg, id: string, ctx: Parameters<ServerNats['getPublisher']>[2]): Publisher {
    if (!natsMsg.reply) return () => undefined;
    return (packet: ReplyPacket) => {
      let size = 0;
      try {
        const outgoing = this.serializer.serialize({ ...packet, id }) as { data: Uint8Array; headers?: MsgHdrs };
        // Replies carry no headers here; were one to push a reply over the limit, the catch below still answers.
        size = outgoing.data.length;
        this.onProcessingEndHook?.(this.transportId, ctx);
        const limit = this.maxPayload();
        if (limit !== undefined && size > limit) {
          const subject = natsMsg.subject;
          const tooLarge = new AppError(
            'internal',
            `The ${subject} reply would be ${size} bytes, over the bus limit of ${limit} bytes; it was not sent. Ask for a smaller page.`,
            { subject, bytes: size, maxPayload: limit },
          );
          this.safetyLogger.error(tooLarge.message);
          return this.answerWithError(natsMsg, tooLarge, id);
        }
        natsMsg.respond(outgoing.data, { headers: outgoing.headers });
      } catch (failure) {
        this.safetyLogger.error(`${natsMsg.subject}: sending the reply (${size} bytes) failed: ${describe(failure)}`);
        this.answerWithError(natsMsg, new AppError('internal', `The ${natsMsg.subject} handler could not send its answer.`), id);
      }
    };
  }

  /** The server's limit for one message, headers included; unknown before the first connect. */
  private maxPayload(): number | undefined {
    try {
      return this.unwrap<NatsConnection>().info?.max_payload;
    } catch {
      return undefined;
    }
  }

  private answerWithError(natsMsg: Msg, error: AppError, id: string | undefined) {
    if (!natsMsg.reply) return;
    try {
      const outgoing = this.serializer.serialize({ id: id ?? '', err: error.toPayload(), isDisposed: true }) as { data: Uint8Array };
      natsMsg.respond(outgoing.data);
    } catch (failure) {
      // Nothing more can be done for this caller; it will time out, and the process lives on.
      this.safetyLogger.error(`${natsMsg.subject}: even the error answer could not be sent: ${describe(failure)}`);
    }
  }
}

const describe = (error: unknown) => (error instanceof Error ? `${(error as { code?: string }).code ?? error.name}: ${error.message}` : String(error));
