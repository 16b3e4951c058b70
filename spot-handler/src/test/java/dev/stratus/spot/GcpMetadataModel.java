package dev.stratus.spot;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.QueryParameter;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Compute Engine's metadata server for a few {@code instance/} values: 403 without {@code
 * Metadata-Flavor: Google}; every value has an ETag that changes with it; {@code
 * wait_for_change=true} answers at once when {@code last_etag} is stale, else holds the request
 * until the value changes or {@code timeout_sec} runs out (real time: the server's own wait).
 */
final class GcpMetadataModel extends MetadataModel {
  static final String PREFIX = "/computeMetadata/v1/instance/";
  private final Map<String, String> values = new HashMap<>();
  private final Map<String, Integer> versions = new HashMap<>();
  private int waits;
  private boolean etags = true;

  GcpMetadataModel(String name) {
    values.put("name", name);
    values.put("preempted", "FALSE");
    values.put("maintenance-event", "NONE");
  }

  synchronized void set(String key, String value) {
    values.put(key, value);
    versions.merge(key, 1, Integer::sum);
    notifyAll();
  }

  /** Stop sending ETag headers, as a proxy that strips them would. */
  synchronized void dropEtags() {
    etags = false;
  }

  /** How many wait_for_change requests were held (not answered at once). */
  synchronized int heldWaits() {
    return waits;
  }

  @Override
  synchronized ResponseDefinition answer(LoggedRequest r) {
    if (!"Google".equals(r.getHeader("Metadata-Flavor"))) {
      return status(403, "Missing Metadata-Flavor:Google header.");
    }
    String path = path(r);
    if (!path.startsWith(PREFIX) || !values.containsKey(path.substring(PREFIX.length()))) {
      return status(404, "Not Found");
    }
    String key = path.substring(PREFIX.length());
    if ("true".equals(param(r, "wait_for_change"))) {
      String lastEtag = param(r, "last_etag");
      long timeoutSec =
          param(r, "timeout_sec") == null ? 60 : Long.parseLong(param(r, "timeout_sec"));
      long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(timeoutSec);
      if (lastEtag != null && lastEtag.equals(etag(key))) {
        waits++;
        while (lastEtag.equals(etag(key)) && System.nanoTime() < until) {
          try {
            TimeUnit.NANOSECONDS.timedWait(this, until - System.nanoTime());
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            break;
          }
        }
      }
    }
    ResponseDefinitionBuilder b =
        ResponseDefinitionBuilder.responseDefinition()
            .withStatus(200)
            .withHeader("Content-Type", "application/text")
            .withBody(values.get(key));
    if (etags) {
      b.withHeader("ETag", etag(key));
    }
    return b.build();
  }

  private String etag(String key) {
    return key.hashCode() + "-" + versions.getOrDefault(key, 0);
  }

  private static String param(LoggedRequest r, String name) {
    QueryParameter p = r.queryParameter(name);
    return p.isPresent() ? p.firstValue() : null;
  }
}
