package dev.stratus.bootstrap;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * POSTs each status line, with the node's name, to the controller's bootstrap endpoint: {@code
 * {"node":"gpu-001","step":"gpus","ok":false,"at":"...","message":"gpu: found 7 of 8 h100; ..."}}.
 * Best effort and off the boot's path: lines are sent in order on a thread of their own, two tries
 * each; {@link #finish} gives what is still queued a few seconds at the end. A controller that
 * cannot be told is written to the agent's output and the node still times out on the controller's
 * side, as it would without this. Status lines never carry a secret (the key sources' messages are
 * redacted).
 */
final class StatusUploader {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration TIMEOUT = Duration.ofSeconds(5);
  private static final int TRIES = 2;

  private final URI url;
  private final String nodeName;
  private static final Duration FINISH = Duration.ofSeconds(10);

  private final HttpClient http;
  private final java.util.concurrent.ExecutorService queue =
      java.util.concurrent.Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "status-upload");
            t.setDaemon(true);
            return t;
          });

  StatusUploader(URI url, String nodeName) {
    this.url = url;
    this.nodeName = nodeName;
    // The controller's endpoint is HTTP/1.1 (the JDK server): no h2c upgrade attempt.
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .build();
  }

  /** Queues the line; it is sent after the ones before it. */
  void send(StatusLine line) {
    queue.execute(() -> upload(line));
  }

  /** Waits up to a few seconds for what is queued, then gives up on the rest. */
  void finish() {
    queue.shutdown();
    try {
      if (!queue.awaitTermination(FINISH.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS)) {
        System.err.println("status reports to " + url + " still unsent after " + FINISH);
        queue.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void upload(StatusLine line) {
    String body = body(nodeName, line);
    String last = "";
    for (int i = 0; i < TRIES; i++) {
      try {
        HttpResponse<String> r =
            http.send(
                HttpRequest.newBuilder(url)
                    .timeout(TIMEOUT)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() / 100 == 2) {
          return;
        }
        last = "HTTP " + r.statusCode() + " " + r.body().strip();
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
    try {
      ObjectNode o = (ObjectNode) JSON.readTree(line.toJson());
      ObjectNode out = JSON.createObjectNode().put("node", nodeName);
      out.setAll(o);
      return out.toString();
    } catch (IOException e) {
      throw new IllegalStateException("a status line is always JSON", e);
    }
  }
}
