import { ClientNats, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { ErrorCode, type Msg, type NatsConnection, type NatsError } from 'nats';

/**
 * How long nats.js keeps a request's slot in its shared inbox: longer than any caller's deadline, which RpcClient
 * enforces itself (an earlier timeout here would reach the caller as a bare error, not a 503).
 */
const REQUEST_SLOT_MS = 10 * 60_000;

/**
 * Nest's NATS client asking through nats.js's own request/reply, whose replies all come to one inbox subscription
 * made once per connection. Nest's `publish` subscribes a fresh inbox for every request and unsubscribes it after the
 * reply (the checkout bench's profile: a SUB and an UNSUB per request, the UNSUB a socket write of its own and each a change to the
 * server's interest graph; socket writes to NATS were a third of the gateway's CPU per checkout). Packets, headers,
 * replies and errors are Nest's as before: only the inbox changes.
 */
export class MuxedClientNats extends ClientNats {
  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => unknown): () => void {
    try {
      const packet = this.assignPacketId(partialPacket);
      const channel = this.normalizePattern(partialPacket.pattern);
      const serialized = this.serializer.serialize(packet);
      const headers = this.mergeHeaders(serialized.headers);
      const handle = this.createSubscriptionHandler(packet, callback);
      let open = true;
      (this.natsClient as NatsConnection).request(channel, serialized.data, { timeout: REQUEST_SLOT_MS, headers }).then(
        (message: Msg) => open && void handle(undefined, message),
        // A timeout here means the slot ran out or the connection closed with the request pending: as when Nest's
        // inbox closed, no answer, and the caller's own deadline decides (a 503, not a bare error).
        (error: NatsError) => open && error.code !== ErrorCode.Timeout && void handle(error, undefined as never),
      );
      return () => {
        open = false;
      };
    } catch (err) {
      callback({ err });
      return () => undefined;
    }
  }
}
