import { DynamicModule, Module } from '@nestjs/common';
import { MuxedClientNats } from './muxed-client-nats';
import { natsConnectOptions } from './nats-connection';
import { RPC_CLIENT_PROXY, RPC_OPTIONS, RpcClient } from './rpc-client';

export interface RpcModuleOptions {
  natsUrl: string;
  timeoutMs: number;
  name: string;
}

@Module({})
export class RpcModule {
  static forRoot(options: RpcModuleOptions): DynamicModule {
    return {
      module: RpcModule,
      global: true,
      providers: [
        { provide: RPC_OPTIONS, useValue: { timeoutMs: options.timeoutMs } },
        {
          provide: RPC_CLIENT_PROXY,
          useFactory: async () => {
            const proxy = new MuxedClientNats({ ...natsConnectOptions(options.natsUrl, `${options.name}-rpc`), maxReconnectAttempts: -1 });
            await proxy.connect();
            return proxy;
          },
        },
        RpcClient,
      ],
      exports: [RpcClient],
    };
  }
}
