package dev.stratus.bootstrap;

import dev.stratus.bootstrap.health.SignedPost;
import dev.stratus.wire.BootstrapReportCodec;
import dev.stratus.wire.RequestSigner;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;

/**
 * POSTs each status line, with the node's name, to the controller's bootstrap endpoint in the form
 * {@link BootstrapReportCodec} reads, signed with the node's key: the controller takes reports only
 * from the node they are about. The key arrives with the node-key step ({@link #signWith}); lines
 * before it wait, in order, and are sent then. Best effort and off the boot's path: lines go out on
 * a thread of their own, two tries each; {@link #finish} gives what is still queued a few seconds
 * at the end, and drops it when no key ever came. A controller that cannot be told is written to
 * the agent's output and the node still times out on the controller's side, as it would without
 * this. Status lines never carry a secret (the key sources' messages are redacted).
 */
final class StatusUploader {
  private static final Duration TIMEOUT = Duration.ofSeconds(5);
  private static final Duration FINISH = Duration.ofSeconds(10);
  private static final int TRIES = 2;

  private final URI url;
  private final String nodeName;
  private final HttpClient http;
  private final CompletableFuture<RequestSigner> signer = new CompletableFuture<>();
  private final ExecutorService queue =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "status-upload");
            t.setDaemon(true);
            return t;
          });

  /** {@code tls}: the controller's CA for an https {@code url}; empty: the JVM's trust. */
  StatusUploader(URI url, String nodeName, Optional<SSLContext> tls) {
    this.url = url;
    this.nodeName = nodeName;
    this.http = SignedPost.client(tls, TIMEOUT);
  }

  /** The node's key is installed: queued lines and all later ones go out signed with it. */
  void signWith(RequestSigner nodeSigner) {
    signer.complete(nodeSigner);
  }

  /** Queues the line; it is sent after the ones before it, once there is a key. */
  void send(StatusLine line) {
    queue.execute(() -> upload(line));
  }

  /** Waits up to a few seconds for what is queued, then gives up on the rest. */
  void finish() {
    signer.completeExceptionally(new IllegalStateException("no node key"));
    queue.shutdown();
    try {
      if (!queue.awaitTermination(FINISH.toMillis(), TimeUnit.MILLISECONDS)) {
        System.err.println("status reports to " + url + " still unsent after " + FINISH);
        queue.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void upload(StatusLine line) {
    RequestSigner key;
    try {
      key = signer.get();
    } catch (ExecutionException e) {
      System.err.println(
          "not reporting step " + line.step() + " to " + url + ": no node key to sign it with");
      return;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    byte[] body = body(nodeName, line).getBytes(StandardCharsets.UTF_8);
    SignedPost post = new SignedPost(http, key, TIMEOUT);
    String last = "";
    for (int i = 0; i < TRIES; i++) {
      try {
        SignedPost.Response r = post.post(url, body);
        if (r.accepted()) {
          return;
        }
        last = "HTTP " + r.status() + " " + r.body().strip();
      } catch (IOException e) {
        last = e.getClass().getSimpleName() + ": " + e.getMessage();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    System.err.println("could not report step " + line.step() + " to " + url + ": " + last);
  }

  static String body(String nodeName, StatusLine line) {
    return BootstrapReportCodec.write(nodeName, line.step(), line.ok(), line.at(), line.message());
  }
}
