import net from 'node:net';

/**
 * A TCP proxy of our own, for the fault suite: `tsx tcp-proxy.ts <listen port> <target port>` forwards loopback connections to
 * the target. `kill -USR1` cuts every open connection mid-stream (a reset on both sides, as a network dropping them);
 * new connections pass again at once. The fault stack puts one between the orders service and Postgres.
 */
const [listenPort, targetPort] = process.argv.slice(2).map(Number);
if (!listenPort || !targetPort) throw new Error('usage: tcp-proxy.ts <listen port> <target port>');

const pairs = new Set<[net.Socket, net.Socket]>();
const server = net.createServer((client) => {
  const upstream = net.connect(targetPort, '127.0.0.1');
  const pair: [net.Socket, net.Socket] = [client, upstream];
  pairs.add(pair);
  for (const [socket, other] of [pair, [upstream, client]]) {
    // An error on one side ends the other too; the proxy itself never dies of it.
    socket.on('error', () => other.destroy());
    socket.on('close', () => {
      other.destroy();
      pairs.delete(pair);
    });
  }
  client.pipe(upstream).pipe(client);
});

process.on('SIGUSR1', () => {
  const cut = pairs.size;
  for (const [client, upstream] of pairs) {
    client.resetAndDestroy();
    upstream.resetAndDestroy();
  }
  pairs.clear();
  console.log(`cut ${cut} connections`);
});

server.listen(listenPort, '127.0.0.1', () => console.log(`proxying 127.0.0.1:${listenPort} → 127.0.0.1:${targetPort}`));
