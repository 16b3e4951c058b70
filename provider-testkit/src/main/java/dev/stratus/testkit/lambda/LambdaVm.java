package dev.stratus.testkit.lambda;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.Instant;

/**
 * One instance of the Lambda model. Its status is read off the clock: booting for {@code boot},
 * then active; once terminated, terminating for {@code wind-down}, then terminated.
 */
final class LambdaVm {
  final String id;
  final String name;
  final String type;
  final String region;
  final JsonNode tags;
  final String userData;
  final Instant launched;
  final Instant listedFrom;
  final Duration boot;
  final Duration windDown;
  Instant terminatedAt;

  LambdaVm(
      String id,
      JsonNode body,
      Instant launched,
      Duration listLag,
      Duration boot,
      Duration windDown) {
    this.id = id;
    this.name = body.path("name").asText(null);
    this.type = body.path("instance_type_name").asText();
    this.region = body.path("region_name").asText();
    this.tags =
        body.path("tags").isMissingNode() ? LambdaReply.JSON.createArrayNode() : body.get("tags");
    this.userData = body.path("user_data").asText(null);
    this.launched = launched;
    this.listedFrom = launched.plus(listLag);
    this.boot = boot;
    this.windDown = windDown;
  }

  String status(Instant now) {
    if (terminatedAt != null) {
      return now.isBefore(terminatedAt.plus(windDown)) ? "terminating" : "terminated";
    }
    return now.isBefore(launched.plus(boot)) ? "booting" : "active";
  }

  boolean live() {
    return terminatedAt == null;
  }
}
