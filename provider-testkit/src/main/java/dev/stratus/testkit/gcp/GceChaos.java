package dev.stratus.testkit.gcp;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.RequestMethod;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import dev.stratus.testkit.CloudChaos;
import java.util.function.Supplier;

/**
 * Compute Engine's faults as it reports them: 503 {@code backendError}, 429 {@code
 * rateLimitExceeded} with {@code Retry-After}, and an insert whose operation ends with {@code
 * ZONE_RESOURCE_POOL_EXHAUSTED_WITH_DETAILS} and creates nothing.
 */
public final class GceChaos implements CloudChaos.Replies {
  private final GceModel model;

  public GceChaos(GceModel model) {
    this.model = model;
  }

  @Override
  public ResponseDefinition serverError() {
    return GceJson.error(503, "backendError", "Backend Error");
  }

  @Override
  public ResponseDefinition throttled(int seconds) {
    return ResponseDefinitionBuilder.like(
            GceJson.error(
                429,
                "rateLimitExceeded",
                "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of"
                    + " service 'compute.googleapis.com'."))
        .withHeader("Retry-After", String.valueOf(seconds))
        .build();
  }

  @Override
  public boolean isLaunch(Request r) {
    String url = r.getUrl();
    return r.getMethod().equals(RequestMethod.POST)
        && (url.contains("/instances?")
            || url.endsWith("/instances")
            || url.contains("bulkInsert"));
  }

  @Override
  public ResponseDefinition capacity(Request r, Supplier<ResponseDefinition> answer) {
    return model.withInsertFailing(
        "ZONE_RESOURCE_POOL_EXHAUSTED_WITH_DETAILS",
        "A VM instance is currently unavailable in the zone. Capacity changes frequently, so try"
            + " your request in a different zone, with a different VM hardware configuration, or"
            + " at a later time.",
        503,
        answer);
  }
}
