package dev.stratus.testkit.azure;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.RequestMethod;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import dev.stratus.testkit.CloudChaos;
import java.util.function.Supplier;

/**
 * ARM's faults as it reports them: 500 {@code InternalServerError}, 429 {@code TooManyRequests}
 * with {@code Retry-After}, and a VM create whose operation ends {@code Failed} with {@code
 * ZonalAllocationFailed}.
 */
final class ArmChaos implements CloudChaos.Replies {
  private final ArmModel model;

  ArmChaos(ArmModel model) {
    this.model = model;
  }

  static ResponseDefinition json(int status, String code, String message) {
    return ResponseDefinitionBuilder.responseDefinition()
        .withStatus(status)
        .withHeader("Content-Type", "application/json; charset=utf-8")
        .withBody(ArmReply.errorBody(code, message).toString())
        .build();
  }

  @Override
  public ResponseDefinition serverError() {
    return json(500, "InternalServerError", "Encountered internal server error.");
  }

  @Override
  public ResponseDefinition throttled(int seconds) {
    return ResponseDefinitionBuilder.like(
            json(
                429,
                "TooManyRequests",
                "The request is being throttled as the limit has been reached for operation type"
                    + " - Write_30Min."))
        .withHeader("Retry-After", String.valueOf(seconds))
        .build();
  }

  @Override
  public boolean isLaunch(Request r) {
    return r.getMethod().equals(RequestMethod.PUT) && r.getUrl().contains("/virtualMachines/");
  }

  @Override
  public ResponseDefinition capacity(Request r, Supplier<ResponseDefinition> answer) {
    return model.withCreateFailing(
        "ZonalAllocationFailed",
        "Allocation failed. We do not have sufficient capacity for the requested VM size in this"
            + " zone.",
        answer);
  }
}
