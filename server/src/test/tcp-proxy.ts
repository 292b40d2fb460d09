import net from 'node:net'

/**
 * A TCP proxy in front of a server, which a test cuts as a network or a database going away would: every
 * connection through it is dropped and new ones are refused until it is restored, on the same port.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined
  let port = 0
  const track = (socket: net.Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    // A cut connection errors on both sides: expected here.
    socket.on('error', () => {})
  }
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const listening = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host)
        track(client)
        track(upstream)
        client.pipe(upstream).pipe(client)
      })
      listening.once('error', reject)
      listening.listen(port, '127.0.0.1', () => {
        port = (listening.address() as net.AddressInfo).port
        server = listening
        resolve()
      })
    })
  await listen()
  return {
    get port() {
      return port
    },
    /** Drops every connection and refuses new ones. */
    async cut() {
      const closing = server
      server = undefined
      for (const socket of sockets) socket.destroy()
      if (closing) await new Promise((resolve) => closing.close(resolve))
    },
    /** Accepts connections again. */
    restore: listen,
    close() {
      return this.cut()
    },
  }
}
