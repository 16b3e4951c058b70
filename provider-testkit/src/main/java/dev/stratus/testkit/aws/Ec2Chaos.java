package dev.stratus.testkit.aws;

import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.Request;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import dev.stratus.testkit.CloudChaos;
import java.util.function.Supplier;

/**
 * EC2's faults as EC2 reports them: {@code InternalError} (500), {@code RequestLimitExceeded} (503,
 * no {@code Retry-After}: EC2 sends none, the client backs off), and for a CreateFleet the model
 * answering while no pool has capacity ({@code InsufficientInstanceCapacity} in the 200's
 * errorSet).
 */
final class Ec2Chaos implements CloudChaos.Replies {
  private final Ec2Model model;

  Ec2Chaos(Ec2Model model) {
    this.model = model;
  }

  static ResponseDefinition xml(Ec2Xml.Reply r) {
    return ResponseDefinitionBuilder.responseDefinition()
        .withStatus(r.status())
        .withHeader("Content-Type", "text/xml;charset=UTF-8")
        .withBody(r.body())
        .build();
  }

  @Override
  public ResponseDefinition serverError() {
    return xml(Ec2Xml.error(500, "InternalError", "An internal error has occurred."));
  }

  @Override
  public ResponseDefinition throttled(int seconds) {
    return xml(Ec2Xml.error(503, "RequestLimitExceeded", "Request limit exceeded."));
  }

  @Override
  public boolean isLaunch(Request r) {
    return r.getBodyAsString().contains("Action=CreateFleet");
  }

  @Override
  public ResponseDefinition capacity(Request r, Supplier<ResponseDefinition> answer) {
    synchronized (model) { // the model answers under its own lock: no other call sees the outage
      model.outage = true;
      try {
        return answer.get();
      } finally {
        model.outage = false;
      }
    }
  }
}
