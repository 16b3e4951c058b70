package dev.stratus.daemon;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.ssl.SslConnection;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Bounds what one source address can hold open: at most {@code perSource} connections (the next is
 * closed as it opens), and each must have had its request answered within {@code deadline} of
 * opening or be closed (every request here is answered in milliseconds once it has arrived). The
 * endpoint serves one request per connection, so together with Jetty's idle timeout this is the
 * header and read timeout: a client that sends its headers slowly, or nothing at all, loses its
 * connection and never held a worker thread meanwhile.
 */
final class ConnectionGuard implements Connection.Listener {
  private final int perSource;
  private final Duration deadline;
  private final Scheduler scheduler;
  private final Map<String, Integer> open = new HashMap<>();
  // a closed endpoint no longer knows its peer: the source is remembered per connection
  private final Map<Connection, String> sources = new HashMap<>();

  ConnectionGuard(int perSource, Duration deadline, Scheduler scheduler) {
    this.perSource = perSource;
    this.deadline = deadline;
    this.scheduler = scheduler;
  }

  @Override
  public void onOpened(Connection connection) {
    if (connection instanceof SslConnection) {
      return; // with TLS the HTTP connection inside it is the one counted and timed
    }
    String source = source(connection.getEndPoint().getRemoteSocketAddress());
    int count;
    synchronized (open) {
      sources.put(connection, source);
      count = open.merge(source, 1, Integer::sum);
    }
    if (count > perSource) {
      connection.close();
      return;
    }
    scheduler.schedule(
        () -> {
          if (connection.getEndPoint().isOpen() && connection.getMessagesOut() == 0) {
            connection.close();
          }
        },
        deadline.toMillis(),
        TimeUnit.MILLISECONDS);
  }

  @Override
  public void onClosed(Connection connection) {
    if (connection instanceof SslConnection) {
      return;
    }
    synchronized (open) {
      String source = sources.remove(connection);
      if (source != null) {
        open.computeIfPresent(source, (s, n) -> n <= 1 ? null : n - 1);
      }
    }
  }

  static String source(SocketAddress address) {
    return address instanceof InetSocketAddress inet && inet.getAddress() != null
        ? inet.getAddress().getHostAddress()
        : String.valueOf(address);
  }
}
