package dev.stratus.provider.lambda;

import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.ProviderCheck.Result;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code stratus providers check} for Lambda: read-only calls, one line each. instance-types proves
 * the API key and says, per offering, whether Lambda sells the type and has capacity in its region
 * now (no capacity is reported, not failed: it comes and goes); ssh-keys proves {@code sshKeyName}
 * exists; instances proves listing works. Lambda's API keys carry no scopes: a key that reads can
 * also launch and terminate.
 */
final class LambdaCheck {
  private final LambdaApi api;
  private final LambdaSettings s;
  private final LambdaCapacity capacity;

  LambdaCheck(LambdaApi api, LambdaSettings settings, LambdaCapacity capacity) {
    this.api = api;
    this.s = settings;
    this.capacity = capacity;
  }

  List<Result> run() {
    List<Result> results = new ArrayList<>();
    results.add(
        one("instance types (API key)", () -> capacity.types().byName().size() + " types offered"));
    for (Offering o : s.offerings()) {
      results.add(
          one(
              "offering " + o.key(),
              () -> {
                capacity.invalidate();
                var refused = capacity.refuse(o.key());
                if (refused.isPresent() && refused.get() instanceof ProviderError.InvalidRequest) {
                  throw new IllegalStateException(
                      refused.get().message() + " (fix providers.lambda.offerings)");
                }
                return refused
                    .map(e -> "offered; no capacity in " + o.key().region() + " right now")
                    .orElse("offered, capacity in " + o.key().region() + " now");
              }));
    }
    results.add(
        one(
            "ssh key " + s.sshKeyName(),
            () -> {
              boolean known =
                  api.call("ListSshKeys", LambdaClient::sshKeys).stream()
                      .anyMatch(k -> s.sshKeyName().equals(k.name()));
              if (!known) {
                throw new IllegalStateException(
                    "no SSH key named " + s.sshKeyName() + " in this account");
              }
              return "exists";
            }));
    results.add(
        one(
            "list instances",
            () -> api.call("ListInstances", LambdaClient::instances).size() + " instance(s)"));
    return results;
  }

  private static Result one(String what, Callable<String> call) {
    try {
      return new Result(what, true, call.call());
    } catch (ProviderException e) {
      String hint =
          e.error() instanceof ProviderError.Unauthorized
              ? " -- the API key is not valid (create one in the Lambda Cloud dashboard)"
              : "";
      return new Result(what, false, e.error().describe() + hint);
    } catch (Exception e) {
      return new Result(what, false, e.getMessage());
    }
  }
}
