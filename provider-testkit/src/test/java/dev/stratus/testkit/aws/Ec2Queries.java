package dev.stratus.testkit.aws;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/** Query-protocol requests as the SDK sends them, for tests that call the model directly. */
final class Ec2Queries {
  private Ec2Queries() {}

  /** {@code Action=action&Version=2016-11-15} and {@code params} (name, value, ...), encoded. */
  static QueryParams query(String action, String... params) {
    StringBuilder body = new StringBuilder("Action=" + action + "&Version=2016-11-15");
    for (int i = 0; i < params.length; i += 2) {
      body.append('&')
          .append(params[i])
          .append('=')
          .append(URLEncoder.encode(params[i + 1], StandardCharsets.UTF_8));
    }
    return QueryParams.parse(body.toString());
  }
}
