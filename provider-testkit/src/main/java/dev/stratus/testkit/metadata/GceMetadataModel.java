package dev.stratus.testkit.metadata;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.security.PublicKey;
import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Compute Engine's metadata server, after its documentation: every request needs {@code
 * Metadata-Flavor: Google} (403 without) and every answer carries it back.
 *
 * <ul>
 *   <li>{@code instance/} values {@code name}, {@code id}, {@code zone}, {@code preempted} ({@code
 *       FALSE}) and {@code maintenance-event} ({@code NONE}), as {@code application/text} with an
 *       {@code ETag} that changes with the value; {@code ?wait_for_change=true} answers at once
 *       when {@code last_etag} is stale, else holds the request until the value changes or {@code
 *       timeout_sec} (default 60) runs out, in real time: it is the server's own wait;
 *   <li>{@code instance/service-accounts/default/identity?audience=A[&format=full]} answers the
 *       instance identity token: a JWT signed for the default service account by {@link
 *       #tokenKey()}, {@code aud} = A, an hour long by the model's clock, and with {@code
 *       format=full} the {@code google.compute_engine} claims (project, zone, instance id and
 *       name). No audience is 400; a VM without a service account answers 404.
 * </ul>
 */
public final class GceMetadataModel extends MetadataModel {
  public static final String INSTANCE = "/computeMetadata/v1/instance/";
  public static final String IDENTITY = INSTANCE + "service-accounts/default/identity";
  public static final String PROJECT_ID = "stratus-prod";
  public static final long PROJECT_NUMBER = 123456789012L;
  public static final String ZONE = "us-central1-a";
  public static final String INSTANCE_ID = "7482914453891267013";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String name;
  private final Clock clock;
  private final TokenSigner google = new TokenSigner();
  private final Map<String, String> values = new HashMap<>();
  private final Map<String, Integer> versions = new HashMap<>();
  private int heldWaits;
  private boolean etags = true;
  private boolean serviceAccount = true;

  /** The VM {@code name} in {@link #ZONE}; token times follow {@code clock}. */
  public GceMetadataModel(String name, Clock clock) {
    this.name = name;
    this.clock = clock;
    values.put("name", name);
    values.put("id", INSTANCE_ID);
    values.put("zone", "projects/" + PROJECT_NUMBER + "/zones/" + ZONE);
    values.put("preempted", "FALSE");
    values.put("maintenance-event", "NONE");
    start();
  }

  /** The cloud changes an {@code instance/} value; held waits on it are answered. */
  public synchronized void set(String key, String value) {
    values.put(key, value);
    versions.merge(key, 1, Integer::sum);
    notifyAll();
  }

  /** Stop sending ETag headers, as a proxy that strips them would. */
  public synchronized void dropEtags() {
    etags = false;
  }

  /** How many wait_for_change requests were held (not answered at once). */
  public synchronized int heldWaits() {
    return heldWaits;
  }

  /** The VM has no service account: its identity tokens are 404. */
  public synchronized void noServiceAccount() {
    serviceAccount = false;
  }

  /** Google's key the identity tokens are signed with. */
  public PublicKey tokenKey() {
    return google.publicKey();
  }

  @Override
  synchronized ResponseDefinition answer(LoggedRequest r) {
    if (!"Google".equals(r.getHeader("Metadata-Flavor"))) {
      return text(403, "text/html", "Missing Metadata-Flavor:Google header.");
    }
    String path = path(r);
    if (path.equals(IDENTITY) && serviceAccount) {
      return identity(r);
    }
    String key = path.startsWith(INSTANCE) ? path.substring(INSTANCE.length()) : "";
    if (!values.containsKey(key)) {
      return text(404, "text/html", "Not Found");
    }
    if ("true".equals(query(r, "wait_for_change"))) {
      waitForChange(key, query(r, "last_etag"), query(r, "timeout_sec"));
    }
    ResponseDefinitionBuilder b =
        ResponseDefinitionBuilder.like(text(200, "application/text", values.get(key)));
    if (etags) {
      b.withHeader("ETag", etag(key));
    }
    return b.build();
  }

  private void waitForChange(String key, String lastEtag, String timeoutSec) {
    if (lastEtag == null || !lastEtag.equals(etag(key))) {
      return;
    }
    long seconds = timeoutSec == null ? 60 : Long.parseLong(timeoutSec);
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    heldWaits++;
    while (lastEtag.equals(etag(key)) && System.nanoTime() < until) {
      try {
        TimeUnit.NANOSECONDS.timedWait(this, until - System.nanoTime());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private ResponseDefinition identity(LoggedRequest r) {
    String audience = query(r, "audience");
    if (audience == null || audience.isEmpty()) {
      return text(400, "text/html", "non-empty audience parameter required");
    }
    Instant now = clock.instant();
    ObjectNode claims = JSON.createObjectNode();
    claims.put("aud", audience);
    claims.put("azp", "106519014281931112131");
    claims.put("exp", now.plusSeconds(3600).getEpochSecond());
    claims.put("iat", now.getEpochSecond());
    claims.put("iss", "https://accounts.google.com");
    claims.put("sub", "106519014281931112131");
    if ("full".equals(query(r, "format"))) {
      ObjectNode gce = claims.putObject("google").putObject("compute_engine");
      gce.put("instance_creation_timestamp", now.minusSeconds(60).getEpochSecond());
      gce.put("instance_id", INSTANCE_ID);
      gce.put("instance_name", name);
      gce.put("project_id", PROJECT_ID);
      gce.put("project_number", PROJECT_NUMBER);
      gce.put("zone", ZONE);
    }
    return text(200, "application/text", google.sign(claims));
  }

  private String etag(String key) {
    return Integer.toHexString(key.hashCode()) + "-" + versions.getOrDefault(key, 0);
  }

  private static ResponseDefinition text(int status, String contentType, String body) {
    return ResponseDefinitionBuilder.like(reply(status, contentType, body))
        .withHeader("Metadata-Flavor", "Google")
        .build();
  }
}
