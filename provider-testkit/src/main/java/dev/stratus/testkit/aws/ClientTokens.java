package dev.stratus.testkit.aws;

import dev.stratus.testkit.aws.Ec2Xml.Ec2Error;
import dev.stratus.testkit.aws.Ec2Xml.Reply;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The answers one action gave under its {@code ClientToken}s, with the parameters that got them:
 * the same request again gets its answer again (nothing more happens), another request with that
 * token is {@code IdempotentParameterMismatch}, as EC2 has it.
 */
final class ClientTokens {
  private record Issued(Map<String, String> params, Reply reply) {}

  private final Map<String, Issued> issued = new HashMap<>();

  /** The answer to replay for this request, if its token has one. */
  Optional<Reply> replay(QueryParams q) {
    Issued i = q.get("ClientToken").map(issued::get).orElse(null);
    if (i == null) {
      return Optional.empty();
    }
    if (!i.params().equals(q.values())) {
      throw Ec2Error.invalid(
          "IdempotentParameterMismatch",
          "Arguments on this idempotent request are inconsistent with arguments used in"
              + " previous request(s).");
    }
    return Optional.of(i.reply());
  }

  /** Keeps the answer under the request's token, if it has one. */
  void keep(QueryParams q, Reply reply) {
    q.get("ClientToken").ifPresent(t -> issued.put(t, new Issued(q.values(), reply)));
  }
}
