package dev.stratus.daemon;

import dev.stratus.core.config.ControllerSettings;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Optional;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The controller's HTTP endpoint on Jetty ({@link NoticeRoutes} says what it serves and who may ask
 * what). Everything here keeps one client from stopping the others ({@link EndpointLimits}): a
 * bounded worker pool (Jetty parses requests without a thread, so a stalled client holds none), one
 * request per connection, an idle timeout and a per-connection deadline ({@link ConnectionGuard}),
 * a request header size limit, and TLS when {@code controller.tls} names a certificate. It listens
 * on {@code spot.listen}: loopback unless an address the nodes reach is configured.
 */
public final class NoticeServer implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(NoticeServer.class);

  private final Server server;
  private final ServerConnector connector;

  /**
   * Starts the endpoint on {@code listen} ({@code host:port}; port 0 picks a free one).
   *
   * @throws IOException when the address cannot be bound or the TLS material cannot be read
   */
  public NoticeServer(
      String listen,
      Optional<ControllerSettings.Tls> tls,
      EndpointLimits limits,
      NoticeRoutes routes)
      throws IOException {
    QueuedThreadPool pool = new QueuedThreadPool(limits.maxThreads(), 4, 60_000);
    pool.setName("notice-server");
    pool.setDaemon(true);
    this.server = new Server(pool);
    HttpConfiguration http = new HttpConfiguration();
    http.setRequestHeaderSize(limits.maxHeaderBytes());
    http.setSendServerVersion(false);
    http.setPersistentConnectionsEnabled(false);
    HttpConnectionFactory plain = new HttpConnectionFactory(http);
    if (tls.isPresent()) {
      SecureRequestCustomizer secure = new SecureRequestCustomizer();
      secure.setSniHostCheck(false); // nodes reach the controller by its address
      http.addCustomizer(secure);
      this.connector =
          new ServerConnector(
              server, 1, 1, new SslConnectionFactory(ssl(tls.get()), "http/1.1"), plain);
    } else {
      this.connector = new ServerConnector(server, 1, 1, plain);
    }
    int colon = listen.lastIndexOf(':');
    connector.setHost(listen.substring(0, colon));
    connector.setPort(Integer.parseInt(listen.substring(colon + 1)));
    connector.setIdleTimeout(limits.idleTimeout().toMillis());
    connector.setAcceptQueueSize(128);
    connector.addEventListener(
        new ConnectionGuard(
            limits.connectionsPerSource(), limits.requestDeadline(), server.getScheduler()));
    server.addConnector(connector);
    server.setHandler(routes);
    server.setStopTimeout(1000);
    try {
      server.start();
    } catch (Exception e) {
      close();
      throw new IOException("cannot start the notice endpoint on " + listen + ": " + e, e);
    }
    log.info(
        "notice endpoint listening on {} ({})",
        address(),
        tls.isPresent() ? "https" : "http, unencrypted");
  }

  private static SslContextFactory.Server ssl(ControllerSettings.Tls tls) throws IOException {
    TlsKeyStores.Loaded keys = TlsKeyStores.load(tls);
    SslContextFactory.Server ssl = new SslContextFactory.Server();
    ssl.setKeyStore(keys.store());
    ssl.setKeyStorePassword(keys.password());
    ssl.setKeyManagerPassword(keys.password());
    return ssl;
  }

  public InetSocketAddress address() {
    return new InetSocketAddress(connector.getHost(), connector.getLocalPort());
  }

  @Override
  public void close() {
    try {
      server.stop();
    } catch (Exception e) {
      log.warn("stopping the notice endpoint: {}", e.toString());
    }
  }
}
