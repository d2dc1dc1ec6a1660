/**
 * An MQTT broker inside the process (Aedes, MQTT 3.1.1), for the demo that `npm start` runs when no broker is
 * configured, and for tests. It listens on loopback only.
 *
 * ```ts
 * const broker = await startEmbeddedBroker({ port: 0 });
 * console.log(broker.url); // mqtt://127.0.0.1:40123
 * await broker.close();
 * ```
 * @packageDocumentation
 */
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { Aedes } from 'aedes';

export interface EmbeddedBroker {
  readonly url: string;
  readonly port: number;
  readonly aedes: Aedes;
  /** Stops listening and drops every client, as a broker that crashes would. */
  close(): Promise<void>;
}

export async function startEmbeddedBroker({ port = 0, host = '127.0.0.1' } = {}): Promise<EmbeddedBroker> {
  const aedes = await Aedes.createBroker();
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    aedes.handle(socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `mqtt://${host}:${actual}`,
    port: actual,
    aedes,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}
