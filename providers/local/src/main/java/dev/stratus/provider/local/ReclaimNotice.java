package dev.stratus.provider.local;

import dev.stratus.wire.RequestSigner;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.function.BooleanSupplier;

/**
 * Posts a reclaim notice to a node's metadata endpoint ({@code POST /stratus/reclaim?notice=S}),
 * signed by {@code signer} (the operator, with the node's key), and returns the deadline it
 * announced. The endpoint starts with the node, a moment after launch returned, so a refused
 * connection is retried for up to {@link #STARTUP}.
 */
final class ReclaimNotice {
  static final Duration STARTUP = Duration.ofSeconds(20);
  private static final HttpClient HTTP =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(2))
          .build();

  private ReclaimNotice() {}

  static Instant post(URI base, Duration notice, RequestSigner signer) {
    long seconds = Math.max(1, (notice.toMillis() + 999) / 1000);
    URI uri = base.resolve("/stratus/reclaim?notice=" + seconds);
    long end = System.nanoTime() + STARTUP.toNanos();
    IOException last = null;
    while (System.nanoTime() < end) {
      // signed afresh each try: a nonce is good for one request
      HttpRequest.Builder b =
          HttpRequest.newBuilder(uri)
              .timeout(Duration.ofSeconds(5))
              .POST(HttpRequest.BodyPublishers.noBody());
      signer.headers("POST", RequestSigner.target(uri), new byte[0]).forEach(b::header);
      HttpRequest request = b.build();
      try {
        HttpResponse<String> r = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
          throw new LocalCommandException(
              "metadata endpoint " + uri + " answered " + r.statusCode() + ": " + r.body());
        }
        return Instant.parse(r.body().strip());
      } catch (IOException e) {
        last = e;
        pause();
      } catch (DateTimeParseException e) {
        throw new LocalCommandException("metadata endpoint " + uri + " gave no deadline: " + e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new LocalCommandException("interrupted while posting the notice to " + uri);
      }
    }
    throw new LocalCommandException(
        "metadata endpoint "
            + uri
            + " did not answer within "
            + STARTUP.toSeconds()
            + " s: "
            + last
            + " (see imds.log in the node's directory)");
  }

  /**
   * Waits until the notice's deadline, or until the node is gone sooner (terminated by someone else
   * meanwhile): the cloud takes the VM back at the deadline, not before.
   */
  static void awaitDeadline(Instant deadline, BooleanSupplier nodeExists, Clock clock) {
    while (nodeExists.getAsBoolean() && clock.instant().isBefore(deadline)) {
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for the notice to run out", e);
      }
    }
  }

  private static void pause() {
    try {
      Thread.sleep(250);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
