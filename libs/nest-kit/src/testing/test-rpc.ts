import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { natsConnectOptions } from '../nats/nats-connection';
import { RpcClient } from '../nats/rpc-client';
import { testNatsUrl } from './config';

/** The kit's RpcClient on its own connection as one service's bus user, i.e. with exactly that service's permissions. */
export async function connectTestRpc(service: string, timeoutMs = 5000): Promise<{ rpc: RpcClient; close: () => Promise<void> }> {
  const proxy = ClientProxyFactory.create({
    transport: Transport.NATS,
    options: { ...natsConnectOptions(testNatsUrl(service), `test-as-${service}`), reconnect: false },
  });
  await proxy.connect();
  return { rpc: new RpcClient(proxy, { timeoutMs }), close: () => proxy.close() };
}
